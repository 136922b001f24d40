/**
 * Dark mode beyond the main pages (issue 21 point 17): the Tags pages (the list and a tag's page,
 * with TAGGING_SYSTEM on), the tag, CSS template, annotation layer and annotation modals, and
 * two charts whose colours are their own — a heatmap's values on its cells and the world map's
 * countries and borders, drawn with ECharts' dark palette. Every visible text is checked for
 * contrast as in dark-mode.test.ts; the charts, drawn on a canvas, are checked by their pixels.
 * Screenshots under e2e/artifacts/dark-settings-*.png, to be looked at.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertDark, canvasTones, DARK_VIEWPORT, type CanvasTones } from './dark-look.js';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

const SPA = { timeout: 15_000 };

describe(
  'dark mode on the settings pages, their modals and two charts',
  { timeout: 900_000 },
  () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    let token: string;

    /** Posts to the API as the logged-in admin (with the CSRF token); the answer's body. */
    async function post(path: string, data: unknown): Promise<{ id: number }> {
      const res = await page.request.post(`${server.baseUrl}${path}`, {
        headers: { 'X-CSRFToken': token },
        data,
      });
      assert.equal(res.status(), 201, `${path}: ${await res.text()}`);
      return (await res.json()) as { id: number };
    }

    /** Opens a list page and waits for its rows (or its empty text). */
    async function openList(path: string): Promise<void> {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('.ant-layout-content').first().waitFor();
      await page.locator('.ant-table').first().waitFor(SPA);
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    }

    /** Clicks a list page's add button (its label, after antd's "plus" icon). */
    const clickAdd = (label: string) => () =>
      page
        .getByRole('button', { name: new RegExp(`^(plus )?${label}$`) })
        .first()
        .click();

    /** Opens the modal `open` shows, checks the page with it is dark, and closes it. */
    async function assertModalDark(open: () => Promise<void>, title: string, name: string) {
      await open();
      const modal = page.getByRole('dialog', { name: title });
      await modal.waitFor();
      // The modal's entry animation ends before it is measured.
      await page.locator('.ant-modal .ant-zoom-enter, .ant-modal .ant-zoom-appear').waitFor({
        state: 'detached',
      });
      await assertDark(page, `settings-${name}`);
      await modal.getByRole('button', { name: 'Cancel' }).click();
      await modal.waitFor({ state: 'hidden' });
    }

    before(async () => {
      server = await startServer(
        { STRATA_FEATURE_FLAGS: JSON.stringify({ TAGGING_SYSTEM: true }) },
        { healthyWithinMs: Number(process.env.E2E_SERVER_START_MS) || 300_000 },
      );
      browser = await launchBrowser();
      const context = await browser.newContext({ viewport: DARK_VIEWPORT, colorScheme: 'light' });
      page = await context.newPage();
      errors = collectPageErrors(page);
      await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
      token = await csrfTokenOf(page, server.baseUrl);
      // The theme as the user menu keeps it (dark-mode.test.ts chooses it through the menu).
      const dark = await page.request.put(`${server.baseUrl}/api/v1/me/preferences/`, {
        headers: { 'X-CSRFToken': token },
        data: { theme: 'dark' },
      });
      assert.equal(dark.status(), 200, await dark.text());
      // A tagged dashboard, a CSS template and an annotation layer for the lists to show.
      const dashboard = await post('/api/v1/dashboard/', {
        dashboard_title: 'Quarterly numbers',
        published: true,
      });
      const tag = await post('/api/v1/tag/', {
        name: 'finance',
        description: 'Numbers the finance team reads',
        objects_to_tag: [['dashboard', dashboard.id]],
      });
      assert.ok(tag.id || tag.id === 0);
      await post('/api/v1/css_template/', {
        template_name: 'Solarized',
        css: 'body { color: red }',
      });
      await post('/api/v1/annotation_layer/', { name: 'Releases', descr: 'Product releases' });
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('draws the Tags list, the tag modal and a tag page dark', async () => {
      await openList('/superset/tags/');
      await page.getByRole('row', { name: /finance/ }).waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dataset.theme), 'dark');
      await assertDark(page, 'settings-01-tags');
      await assertModalDark(clickAdd('Tag'), 'Create Tag', '02-tag-modal');
      await page
        .getByRole('row', { name: /finance/ })
        .getByRole('button', { name: 'Edit' })
        .click();
      const edit = page.getByRole('dialog', { name: 'Edit Tag' });
      await edit.getByLabel('Description').waitFor();
      await assertDark(page, 'settings-03-tag-edit');
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await edit.waitFor({ state: 'hidden' });
      await page.getByRole('link', { name: 'finance' }).click();
      await page.waitForURL(/\/superset\/all_entities\/\?id=\d+$/, SPA);
      await page
        .locator('[data-test="tag-section-dashboards"]')
        .getByRole('link', { name: 'Quarterly numbers' })
        .waitFor();
      // A link pointed at keeps readable (antd derives a darker colour for it).
      await page
        .locator('[data-test="tag-section-dashboards"]')
        .getByRole('link', { name: 'Quarterly numbers' })
        .hover();
      await assertDark(page, 'settings-04-tag-page');
    });

    it('draws the CSS template and annotation layer modals dark', async () => {
      await openList('/csstemplatemodelview/list/');
      await page.getByRole('row', { name: /Solarized/ }).waitFor();
      await assertModalDark(
        async () => {
          await page
            .getByRole('row', { name: /Solarized/ })
            .getByRole('button', { name: 'Edit' })
            .click();
          await page.locator('.ant-modal .cm-content').first().waitFor();
        },
        'Edit CSS template properties',
        '05-css-template-modal',
      );
      await openList('/annotationlayer/list/');
      await page.getByRole('row', { name: /Releases/ }).waitFor();
      await assertModalDark(
        clickAdd('Annotation layer'),
        'Add annotation layer',
        '06-annotation-layer-modal',
      );
      await page.getByRole('link', { name: 'Releases' }).click();
      await page.waitForURL(/\/annotationlayer\/\d+\/annotation\/$/, SPA);
      await page.getByText('No annotation yet').waitFor();
      await assertModalDark(clickAdd('Annotation'), 'Add annotation', '07-annotation-modal');
    });

    /**
     * Saves a chart of `params` on the examples' `table`, checks its Explore page is dark, then
     * measures the chart drawn alone (the standalone page, once it says the chart is drawn)
     * until `holds` or 10 s pass, and asserts `holds` of what it saw (`what`, in the message).
     */
    async function assertChartTones(
      table: string,
      params: { viz_type: string } & Record<string, unknown>,
      name: string,
      what: string,
      holds: (t: CanvasTones) => boolean,
    ): Promise<void> {
      const dataset = await datasetIdOf(page, server.baseUrl, table);
      const id = await saveChart(page, server.baseUrl, token, dataset, `Dark ${name}`, params);
      await page.goto(`${server.baseUrl}/explore/?slice_id=${id}`);
      await page.locator('[data-test="echarts-chart"] canvas').first().waitFor({ timeout: 60_000 });
      await assertDark(page, `settings-${name}`);
      await page.goto(`${server.baseUrl}/explore/?slice_id=${id}&standalone=1`);
      await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
      const canvas = page.locator('[data-test="standalone-chart"] canvas').first();
      const until = Date.now() + 10_000;
      let tones = await canvasTones(page, canvas);
      while (!holds(tones) && Date.now() < until) {
        await page.waitForTimeout(250);
        tones = await canvasTones(page, canvas);
      }
      await snap(page, `dark-settings-${name}-alone`);
      assert.ok(holds(tones), `${what}: ${JSON.stringify(tones)}`);
    }

    it("draws a heatmap's values readable on its cells", async () => {
      const params = {
        viz_type: 'heatmap_v2',
        x_axis: 'gender',
        groupby: 'state',
        metric: 'sum__num',
        show_values: true,
        normalize_across: 'heatmap',
      };
      await assertChartTones(
        'birth_names',
        params,
        '08-heatmap',
        'values on cells',
        (t) => Number.isFinite(t.labelContrast) && t.labelContrast >= 3,
      );
    });

    it("draws the world map's countries dark, with borders that show", async () => {
      const params = {
        viz_type: 'world_map',
        entity: 'country_name',
        country_fieldtype: 'name',
        metric: 'count',
        show_bubbles: false,
      };
      await assertChartTones(
        'covid_vaccines',
        params,
        '09-world-map',
        'land and borders',
        (t) => t.areaLuminance < 0.05 && t.edgeContrast >= 1.5,
      );
    });

    it('logged no page errors', () => {
      assert.deepEqual(errors, []);
    });
  },
);

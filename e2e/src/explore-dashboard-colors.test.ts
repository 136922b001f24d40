/**
 * "Edit chart" from a dashboard opens Explore in the dashboard's colours, and the colour scheme
 * control says why its value is not the chart's own (spec 001 §8's colour scheme notes); saving
 * keeps the chart's own scheme.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  createDashboardOfCharts,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

const FROM_DASHBOARD =
  'The color scheme is determined by the related dashboard. Edit the color scheme in the dashboard properties.';
const FROM_LABELS =
  'This color scheme is being overridden by custom label colors. Check the JSON metadata in the Advanced settings';

describe("Explore opened from a dashboard: the dashboard's colours and the scheme notes", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let dashboardUrl: string;
  let dashboardId: number;
  let token: string;

  const setMetadata = async (meta: Record<string, unknown>) => {
    const res = await page.request.put(`${server.baseUrl}/api/v1/dashboard/${dashboardId}`, {
      headers: { 'X-CSRFToken': token },
      data: { json_metadata: JSON.stringify(meta) },
    });
    assert.equal(res.status(), 200, await res.text());
  };

  /** The control panel's Customize tab, where the pie's colour scheme is. */
  const openCustomize = async (explore: Page) => {
    await explore.getByRole('tab', { name: 'Customize' }).click();
    await explore.locator('[data-test="control-color_scheme"]').waitFor();
  };

  /**
   * "Edit chart" from the chart's menu: the Explore tab it opens, its scheme control loaded. On
   * a busy machine a click can reach the menu while it is still moving in and open nothing: the
   * menu is opened again, up to three times.
   */
  const editChart = async (): Promise<Page> => {
    await page.goto(dashboardUrl);
    const chart = page.locator('[data-test="dashboard-chart"]', { hasText: 'Births by gender' });
    await chart.locator('canvas').first().waitFor();
    let explore: Page | null = null;
    for (let attempt = 1; explore === null; attempt += 1) {
      await page.getByRole('button', { name: 'More options for Births by gender' }).click();
      const item = page.getByRole('menuitem', { name: 'Edit chart', exact: true });
      await item.waitFor();
      const opened = context.waitForEvent('page', { timeout: 10_000 }).catch(() => null);
      await item.click();
      explore = await opened;
      if (explore === null) {
        if (attempt === 3) throw new Error('"Edit chart" opened no tab');
        await page.keyboard.press('Escape');
      }
    }
    collectPageErrors(explore);
    await openCustomize(explore);
    return explore;
  };

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    token = await csrfTokenOf(page, server.baseUrl);
    dashboardUrl = await createDashboardOfCharts(
      page,
      server.baseUrl,
      token,
      datasetId,
      'E2E colours',
      [
        {
          name: 'Births by gender',
          params: {
            viz_type: 'pie',
            groupby: ['gender'],
            metric: 'sum__num',
            color_scheme: 'bnbColors',
          },
        },
      ],
    );
    dashboardId = Number(/dashboard\/(\d+)\//.exec(dashboardUrl)![1]);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("takes the dashboard's scheme, read-only, with the note", async () => {
    await setMetadata({ color_scheme: 'googleCategory10c' });
    const explore = await editChart();
    const control = explore.locator('[data-test="control-color_scheme"]');
    await control.getByText('Google Category 10c').waitFor();
    assert.equal(await control.locator('.ant-select-disabled').count(), 1);
    await control.locator('[data-test="color-scheme-note"]').hover();
    await explore.getByRole('tooltip').getByText(FROM_DASHBOARD).waitFor();
    await snap(explore, 'explore-colors-01-dashboard-scheme');
    await explore.close();
  });

  it('says when custom label colours override the scheme', async () => {
    await setMetadata({ label_colors: { boy: '#0000FF' } });
    const explore = await editChart();
    const control = explore.locator('[data-test="control-color_scheme"]');
    assert.equal(await control.locator('.ant-select-disabled').count(), 0);
    await control.locator('[data-test="color-scheme-note"]').hover();
    await explore.getByRole('tooltip').getByText(FROM_LABELS).waitFor();
    await snap(explore, 'explore-colors-02-label-colors');
    await explore.close();
  });

  it('shows no note on a chart opened on its own', async () => {
    const explore = await context.newPage();
    await explore.goto(`${server.baseUrl}/explore/?slice_id=${await chartId()}`);
    await openCustomize(explore);
    await explore
      .locator('[data-test="control-color_scheme"]')
      .getByText('Airbnb Colors')
      .waitFor();
    assert.equal(await explore.locator('[data-test="color-scheme-note"]').count(), 0);
    await explore.close();
    assert.deepEqual(errors, []);
  });

  async function chartId(): Promise<number> {
    const res = await page.request.get(`${server.baseUrl}/api/v1/dashboard/${dashboardId}/charts`);
    const body = (await res.json()) as { result: Array<{ id: number }> };
    return body.result[0]!.id;
  }
});

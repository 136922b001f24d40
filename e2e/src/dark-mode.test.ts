/**
 * Dark mode (issue 21): the theme chosen in the user menu (Light, Dark, Follow the system) turns
 * every page dark — home, the lists, SQL Lab with a result, Explore with a bar chart and a
 * table, an example dashboard with markdown — with light, readable text (every visible text's
 * contrast against the surface under it is checked, and no large light box is left); it is
 * drawn dark from the first frame after a reload (the page as the server writes it, before any
 * script, is dark), kept for the user on the server (another browser logs in and gets it), and
 * "Follow the system" follows the browser's colour scheme live. Screenshots under
 * e2e/artifacts/dark-*.png, to be looked at.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  assertDark,
  chooseTheme,
  DARK_VIEWPORT as VIEWPORT,
  look,
  lookWhen,
  type Look,
} from './dark-look.js';
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

describe('dark mode, in Chromium', { timeout: 1_200_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    // An example dashboard with markdown: the examples' dashboards are loaded.
    server = await startServer(
      { STRATA_LOAD_EXAMPLE_DASHBOARDS: 'true' },
      { healthyWithinMs: Number(process.env.E2E_SERVER_START_MS) || 300_000 },
    );
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
    page = await context.newPage();
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('starts light, and Dark in the user menu turns the page dark at once', async () => {
    assert.ok((await look(page)).background > 0.8, 'light before any choice');
    await chooseTheme(page, 'Dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await assertDark(page, '01-home');
  });

  it('draws each list page dark', async () => {
    const lists: Array<[string, string]> = [
      ['02-dashboards', '/dashboard/list/'],
      ['03-charts', '/chart/list/'],
      ['04-datasets', '/tablemodelview/list/'],
      ['05-databases', '/databaseview/list/'],
      ['06-saved-queries', '/savedqueryview/list/'],
      ['07-query-history', '/sqllab/history/'],
      ['07b-users', '/users/list/'],
      ['07c-roles', '/roles/list/'],
      ['07d-alerts', '/alert/list/'],
      ['07e-css-templates', '/csstemplatemodelview/list/'],
      ['07f-annotation-layers', '/annotationlayer/list/'],
      ['07g-action-log', '/actionlog/list/'],
    ];
    for (const [name, path] of lists) {
      await page.goto(`${server.baseUrl}${path}`);
      await page.locator('.ant-layout-content').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
      await assertDark(page, name);
    }
  });

  it('draws SQL Lab dark, its editor and a query result', async () => {
    await page.goto(`${server.baseUrl}/sqllab/`);
    await page.locator('.cm-content').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText('SELECT "CITY", "STATE" FROM airports ORDER BY 1 LIMIT 20');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^(caret-right )?Run$/ }).click();
    await page.getByText('Aberdeen').first().waitFor({ timeout: 60_000 });
    const editorBg = await page
      .locator('.strata-sql-editor .cm-editor')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    assert.notEqual(editorBg, 'rgb(255, 255, 255)', 'the SQL editor is dark');
    await assertDark(page, '08-sqllab');
  });

  it('draws Explore dark with a bar chart and with a table', async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const bar = await saveChart(page, server.baseUrl, token, datasetId, 'Dark bars', {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'gender',
      metrics: ['sum__num'],
      groupby: [],
    });
    const table = await saveChart(page, server.baseUrl, token, datasetId, 'Dark table', {
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['name'],
      metrics: ['sum__num'],
      row_limit: 20,
    });
    await page.goto(`${server.baseUrl}/explore/?slice_id=${bar}`);
    await page.locator('[data-test="echarts-chart"] canvas').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    await assertDark(page, '09-explore-bar');
    await page.goto(`${server.baseUrl}/explore/?slice_id=${table}`);
    await page.locator('[data-test="table-chart"]').first().waitFor({ timeout: 60_000 });
    await assertDark(page, '10-explore-table');
  });

  it('draws an example dashboard with markdown dark', async () => {
    const list = await page.request.get(`${server.baseUrl}/api/v1/dashboard/?q=(page_size:100)`);
    const ids = ((await list.json()) as { result: Array<{ id: number }> }).result.map((d) => d.id);
    let withMarkdown: number | null = null;
    for (const id of ids) {
      const one = await page.request.get(`${server.baseUrl}/api/v1/dashboard/${id}`);
      const d = ((await one.json()) as { result: { position_json: string | null } }).result;
      if (d.position_json?.includes('"MARKDOWN"')) {
        withMarkdown = id;
        break;
      }
    }
    assert.ok(withMarkdown, 'an example dashboard with markdown');
    await page.goto(`${server.baseUrl}/superset/dashboard/${withMarkdown}/`);
    await page.locator('[data-test="dashboard-chart"]').first().waitFor({ timeout: 60_000 });
    await page
      .locator('[data-test="dashboard-chart"] .ant-spin')
      .first()
      .waitFor({ state: 'detached', timeout: 90_000 })
      .catch(() => undefined);
    await page.waitForTimeout(2500);
    await assertDark(page, '11-dashboard');
  });

  it('is dark from the first frame after a reload', async () => {
    // The page as the server writes it, drawn without any script: already dark.
    const noScript = await browser.newContext({ viewport: VIEWPORT, javaScriptEnabled: false });
    await noScript.addCookies(await context.cookies());
    const bare = await noScript.newPage();
    await bare.goto(`${server.baseUrl}/chart/list/`);
    assert.equal(await bare.evaluate(() => document.documentElement.dataset.theme), 'dark');
    const firstFrame = await bare.evaluate(() => getComputedStyle(document.body).backgroundColor);
    assert.equal(firstFrame, 'rgb(14, 17, 19)');
    await noScript.close();
    await page.reload();
    await page.locator('.ant-layout-header').waitFor();
    assert.ok((await look(page)).background < 0.05);
  });

  it('keeps the theme for the user: another browser logging in gets it', async () => {
    const other = await browser.newContext({ viewport: VIEWPORT, colorScheme: 'light' });
    const otherPage = await other.newPage();
    await loginAs(otherPage, server.baseUrl, 'admin', ADMIN_PASSWORD);
    await otherPage.locator('.ant-layout-header').waitFor();
    assert.ok((await look(otherPage)).background < 0.05, 'dark in the other browser');
    await snap(otherPage, 'dark-12-other-browser');
    await other.close();
  });

  it('follows the system when asked to, live', async () => {
    await page.goto(`${server.baseUrl}/`);
    await chooseTheme(page, 'Follow the system');
    // The context's colour scheme is light: the page turns light at once.
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'system');
    const isLight = (l: Look) => l.background > 0.8;
    assert.ok(isLight(await lookWhen(page, isLight)), 'light with a light system');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertDark(page, '13-system-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    assert.ok(isLight(await lookWhen(page, isLight)), 'light again with a light system');
    await snap(page, 'dark-14-system-light');
  });

  it('logged no page errors', () => {
    assert.deepEqual(errors, []);
  });
});

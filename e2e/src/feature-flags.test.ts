/**
 * Feature flags honoured by the web (spec 001 §6, issue 20 point 13), in Chromium, on a server
 * started with drag and drop, generic chart axes, native filters and cross filters turned off.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseFilterColumn,
  collectPageErrors,
  createDashboardOfCharts,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  offeredOperators,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

const FLAGS = {
  ENABLE_EXPLORE_DRAG_AND_DROP: false,
  GENERIC_CHART_AXES: false,
  DASHBOARD_NATIVE_FILTERS: false,
  DASHBOARD_CROSS_FILTERS: false,
};

describe('Feature flags turned off by the operator, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;

  before(async () => {
    server = await startServer({ STRATA_FEATURE_FLAGS: JSON.stringify(FLAGS) });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('gives the page the flags as set, the others at their defaults', async () => {
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${datasetId}&datasource_type=table`);
    const flags = await page.evaluate(() => {
      const raw = document.getElementById('app')?.dataset.bootstrap ?? '{}';
      return (JSON.parse(raw) as { common: { feature_flags: Record<string, boolean> } }).common
        .feature_flags;
    });
    for (const [flag, value] of Object.entries(FLAGS)) assert.equal(flags[flag], value, flag);
    assert.equal(flags.USE_ANALAGOUS_COLORS, false);
    assert.equal(flags.ESCAPE_MARKDOWN_HTML, false);
  });

  it("does not drag the dataset's columns and metrics onto the controls", async () => {
    const panel = page.locator('[data-test="datasource-panel"]');
    await panel.getByText('birth_names').waitFor();
    const row = panel.locator('[data-draggable]').filter({ hasText: /^gender$/ });
    assert.equal(await row.getAttribute('data-draggable'), 'false');
    // Dragged anyway, nothing is dropped: the dimensions stay empty.
    const target = page.locator('[data-test="control-groupby"]');
    const from = (await row.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + 40, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();
    assert.equal(await target.getByText('gender').count(), 0);
  });

  it('offers no TEMPORAL_RANGE filter on a time column', async () => {
    await page.getByRole('button', { name: 'Add filter', exact: true }).first().click();
    const editor = page.locator('[data-test="filter-editor"]');
    await editor.waitFor();
    await chooseFilterColumn(page, editor, 'ds');
    const offered = await offeredOperators(page, editor, /^IS NULL$/);
    assert.ok(!offered.includes('TEMPORAL_RANGE'), offered.join());
    await snap(page, 'feature-flags-01-no-temporal-range');
    await editor.getByRole('button', { name: 'Close', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
  });

  it('shows no native filter bar and sends no cross filters on a dashboard', async () => {
    const token = await csrfTokenOf(page, server.baseUrl);
    const url = await createDashboardOfCharts(
      page,
      server.baseUrl,
      token,
      datasetId,
      'E2E flags off',
      [
        {
          name: 'Births by state',
          params: { viz_type: 'table', groupby: ['state'], metrics: ['sum__num'], row_limit: 10 },
        },
        { name: 'All births', params: { viz_type: 'big_number_total', metric: 'sum__num' } },
      ],
    );
    await page.goto(url);
    await page.locator('[data-test="dashboard-chart"] [data-test="table-chart"]').waitFor();
    assert.equal(await page.locator('[data-test="filter-bar__expand-button"]').count(), 0);
    assert.equal(await page.locator('[data-test^="filter-bar"]').count(), 0);
    await snap(page, 'feature-flags-02-dashboard-without-filter-bar');
    // A click on a state would cross-filter the other chart (a new query); with the flag off
    // nothing follows.
    let queried = false;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/chart/data')) queried = true;
    });
    await page.locator('[data-test="table-chart"] td').first().click();
    await page.waitForTimeout(1000);
    assert.equal(queried, false);
  });

  it('logged no errors', () => {
    assert.deepEqual(errors, []);
  });
});

/**
 * Thumbnails (issue 21 point 7, THUMBNAILS) in Chromium: the Dashboards and Charts lists' card
 * views show a skeleton while the server makes each picture, then the picture; a chart whose
 * picture cannot be made keeps its drawn cover.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  createDashboardOfCharts,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

/** Waits until the card's picture is drawn (its image decoded, with pixels). */
async function pictureShown(card: Locator): Promise<{ width: number; height: number }> {
  const img = card.locator('[data-test="card-thumbnail"][data-state="ready"] img');
  await img.waitFor({ timeout: 120_000 });
  await img.evaluate((el: HTMLImageElement) => el.decode());
  return img.evaluate((el: HTMLImageElement) => ({
    width: el.naturalWidth,
    height: el.naturalHeight,
  }));
}

describe('Thumbnails in the card views, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  before(async () => {
    server = await startServer({ STRATA_FEATURE_FLAGS: JSON.stringify({ THUMBNAILS: true }) });
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const token = await csrfTokenOf(page, server.baseUrl);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const metric = {
      expressionType: 'SIMPLE',
      column: { column_name: 'num' },
      aggregate: 'SUM',
      label: 'Births',
    };
    await createDashboardOfCharts(page, server.baseUrl, token, datasetId, 'Births overview', [
      { name: 'Births by gender', params: { viz_type: 'pie', groupby: ['gender'], metric } },
      { name: 'All births', params: { viz_type: 'big_number_total', metric } },
    ]);
    await saveChart(page, server.baseUrl, token, datasetId, 'Unfinished chart', {
      viz_type: 'big_number_total',
      metric,
      adhoc_filters: [
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'no_such_column = 1' },
      ],
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows each dashboard's picture on its card", async () => {
    await page.goto(`${server.baseUrl}/dashboard/list/`);
    const card = page
      .locator('[data-test="dashboard-card"]')
      .filter({ hasText: 'Births overview' });
    await card.waitFor();
    // First a skeleton: the server answers 202 while the worker draws the dashboard.
    await card.locator('[data-test="card-thumbnail"][data-state="loading"]').waitFor();
    await snap(page, 'thumbnails-dashboard-skeleton');
    const size = await pictureShown(card);
    assert.deepEqual(size, { width: 800, height: 600 });
    await snap(page, 'thumbnails-dashboard-cards');
  });

  it("shows each chart's picture on its card, and a drawn cover when there is none", async () => {
    await page.goto(`${server.baseUrl}/chart/list/?viewMode=card`);
    const cards = page.locator('[data-test="chart-card"]');
    for (const name of ['Births by gender', 'All births']) {
      const size = await pictureShown(cards.filter({ hasText: name }));
      assert.deepEqual(size, { width: 800, height: 600 }, name);
    }
    const unfinished = cards.filter({ hasText: 'Unfinished chart' });
    await unfinished.locator('[data-test="card-drawn-cover"]').waitFor({ timeout: 120_000 });
    assert.equal(await unfinished.locator('img').count(), 0);
    await snap(page, 'thumbnails-chart-cards');
    // The unfinished chart's address answers 404 (the browser logs the load failure).
    const unexpected = errors.filter((e) => !/Failed to load resource.*404/.test(e));
    assert.deepEqual(unexpected, []);
  });
});

/**
 * Issue 21 point 4: the cross-filter scope. An editor opens "Cross-filtering scoping" from a
 * chart's menu, takes a chart out of that chart's scope and saves: the chart's cross filter then
 * filters only the charts left in scope (the tag names them). From the filter bar's settings the
 * custom scope is removed again: the global scope (every chart) applies.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseMenuItem,
  collectPageErrors,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  saveChart,
  saveDashboardOfChartIds,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

interface DashboardAnswer {
  result: { json_metadata: string };
}

describe('Cross-filter scoping, in Chromium', { timeout: 600_000 }, () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let dashboardId: number;
  let url: string;
  const ids = { table: 0, pie: 0, total: 0 };
  /** The chart data query bodies sent, by chart id. */
  const queried = new Map<number, string[]>();

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const token = await csrfTokenOf(page, server.baseUrl);
    ids.table = await saveChart(page, server.baseUrl, token, datasetId, 'Scope: births by state', {
      viz_type: 'table',
      groupby: ['state'],
      metrics: ['sum__num'],
      row_limit: 10,
    });
    ids.pie = await saveChart(page, server.baseUrl, token, datasetId, 'Scope: gender split', {
      viz_type: 'pie',
      groupby: ['gender'],
      metric: 'sum__num',
    });
    ids.total = await saveChart(page, server.baseUrl, token, datasetId, 'Scope: all births', {
      viz_type: 'big_number_total',
      metric: 'sum__num',
    });
    const charts = [ids.table, ids.pie, ids.total];
    ({ id: dashboardId, url } = await saveDashboardOfChartIds(
      page,
      server.baseUrl,
      token,
      'E2E cross-filter scoping',
      charts,
      4,
    ));
    page.on('request', (r) => {
      if (!r.url().includes('/api/v1/chart/data')) return;
      const body = r.postData() ?? '';
      const contexts = r.url().includes('/batch')
        ? ((JSON.parse(body) as { contexts?: unknown[] }).contexts ?? []).map((c) =>
            JSON.stringify(c),
          )
        : [body];
      for (const c of contexts) {
        const m = /"slice_id":(\d+)/.exec(c);
        if (!m) continue;
        const id = Number(m[1]);
        queried.set(id, [...(queried.get(id) ?? []), c]);
      }
    });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  const metadata = async (): Promise<Record<string, unknown>> => {
    const res = await page.request.get(`${server.baseUrl}/api/v1/dashboard/${dashboardId}`);
    return JSON.parse(((await res.json()) as DashboardAnswer).result.json_metadata) as Record<
      string,
      unknown
    >;
  };
  const tableCell = () =>
    page.locator('[data-test="table-chart"] tbody tr.strata-table-row td').first();
  /** Waits until `chartId` was queried with (or, `withValue` false, without) the value. */
  const waitForQuery = async (chartId: number, value: string, withValue: boolean) => {
    for (let i = 0; i < 300; i += 1) {
      const bodies = queried.get(chartId) ?? [];
      if (bodies.some((b) => b.includes(`"val":["${value}"]`) === withValue)) return;
      await page.waitForTimeout(50);
    }
    assert.fail(`chart ${chartId} was not queried ${withValue ? 'with' : 'without'} ${value}`);
  };

  it("takes a chart out of the table's cross-filter scope from the table's menu", async () => {
    await page.goto(url);
    await tableCell().waitFor({ timeout: 30_000 });
    const table = page.locator(`[data-test="dashboard-chart"][data-chart-id="${ids.table}"]`);
    await table.getByRole('button', { name: 'More options for Scope: births by state' }).click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Cross-filtering scoping' }));
    const modal = page.locator('.ant-modal', { hasText: 'Cross-filtering scoping' });
    const tree = modal.locator('[data-test="scoping-tree"]');
    await tree.getByText('All charts', { exact: true }).waitFor();
    // The table is being scoped: listed as a custom scoping, chosen in the chart select, and
    // its own box cannot be checked.
    await modal
      .locator('[data-test="scoping-list-entry"][data-active="true"]', {
        hasText: 'Scope: births by state',
      })
      .waitFor();
    await modal
      .locator('[data-test="scoping-chart-select"]', { hasText: 'Scope: births by state' })
      .waitFor();
    const node = (name: string) =>
      tree.locator('.ant-tree-treenode', { has: page.getByText(name, { exact: true }) });
    assert.equal(
      await node('Scope: births by state').locator('.ant-tree-checkbox-disabled').count(),
      1,
    );
    assert.equal(await node('Scope: all births').locator('.ant-tree-checkbox-checked').count(), 1);
    await node('Scope: all births').locator('.ant-tree-checkbox').click();
    assert.equal(await node('Scope: all births').locator('.ant-tree-checkbox-checked').count(), 0);
    await page.waitForTimeout(300);
    await snap(page, 'cross-filter-scoping-1-chart');
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });

    const saved = await metadata();
    const config = (saved.chart_configuration as Record<string, unknown>)[String(ids.table)] as {
      crossFilters: { scope: { rootPath: string[]; excluded: number[] }; chartsInScope: number[] };
    };
    assert.deepEqual(config.crossFilters.chartsInScope, [ids.pie]);
    assert.ok(config.crossFilters.scope.excluded.includes(ids.total));
    assert.ok(config.crossFilters.scope.excluded.includes(ids.table));
  });

  it('filters only the charts in scope, and says which on the tag', async () => {
    const state = (await tableCell().innerText()).trim();
    queried.clear();
    await tableCell().click();
    await waitForQuery(ids.pie, state, true);
    const tag = page.locator('[data-test="applied-filter"]', { hasText: `state: ${state}` });
    await tag.waitFor();
    assert.equal(await tag.getAttribute('title'), 'Cross filter, applied to: Scope: gender split');
    await page.waitForTimeout(1000);
    // The big number was not asked again with the filter (it is out of the table's scope).
    assert.ok(
      !(queried.get(ids.total) ?? []).some((b) => b.includes(`"val":["${state}"]`)),
      'the big number is out of scope',
    );
    await snap(page, 'cross-filter-scoping-2-filtered');
  });

  it("removes the custom scope from the filter bar's settings: every chart is filtered", async () => {
    const state = (await tableCell().innerText()).trim();
    await page.locator('[data-test="filter-bar__expand-button"]').click();
    await page.locator('[data-test="filterbar-orientation-icon"]').first().click();
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Cross-filtering scoping' }));
    const modal = page.locator('.ant-modal', { hasText: 'Cross-filtering scoping' });
    await modal
      .locator('[data-test="scoping-list-entry"][data-active="true"]', {
        hasText: 'All charts/global scoping',
      })
      .waitFor();
    // The global scope has no chart select; the table is listed with its custom scope.
    assert.equal(await modal.locator('[data-test="scoping-chart-select"]').count(), 0);
    await page.waitForTimeout(300);
    await snap(page, 'cross-filter-scoping-3-global');
    queried.clear();
    await modal.getByRole('button', { name: 'Remove Scope: births by state' }).click();
    await modal
      .locator('[data-test="scoping-list-entry"]', { hasText: 'Scope: births by state' })
      .waitFor({ state: 'detached' });
    await modal.getByRole('button', { name: 'Save' }).click();
    await modal.waitFor({ state: 'detached' });
    await waitForQuery(ids.total, state, true);
    const tag = page.locator('[data-test="applied-filter"]', { hasText: `state: ${state}` });
    assert.equal(
      await tag.getAttribute('title'),
      'Cross filter, applied to: Scope: gender split, Scope: all births',
    );
    const saved = await metadata();
    const config = (saved.chart_configuration as Record<string, unknown>)[String(ids.table)] as {
      crossFilters: { scope: unknown; chartsInScope: number[] };
    };
    assert.equal(config.crossFilters.scope, 'global');
    assert.deepEqual(config.crossFilters.chartsInScope, [ids.pie, ids.total]);
  });

  it('offers the entry only on charts that emit cross filters', async () => {
    const total = page.locator(`[data-test="dashboard-chart"][data-chart-id="${ids.total}"]`);
    await total.getByRole('button', { name: 'More options for Scope: all births' }).click();
    await page.getByRole('menuitem', { name: 'View query' }).waitFor();
    assert.equal(await page.getByRole('menuitem', { name: 'Cross-filtering scoping' }).count(), 0);
    await page.keyboard.press('Escape');
    assert.deepEqual(errors, []);
  });
});

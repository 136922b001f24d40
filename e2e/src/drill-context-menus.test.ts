import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  chooseMenuItem,
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
import { drillByColumn, drillByModal, nextChartQuery, type SentQuery } from './drill.js';

/**
 * The right-click menu of the chart types beyond pie, time series and table: a treemap
 * rectangle, a sunburst arc, a pivot table's cell and header, a heatmap cell each list their
 * own values under "Drill to detail by", and "Drill by" regroups the chart from them.
 */
describe('Drill menus of treemap, sunburst, pivot table and heatmap, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const ids: Record<string, number> = {};

  const byEntries = async (): Promise<string[]> => {
    await page.getByRole('menuitem', { name: 'Drill to detail', exact: true }).waitFor();
    return (await page.getByRole('menuitem', { name: /^Drill to detail by / }).allInnerTexts())
      .map((t) => t.trim().replace('Drill to detail by ', ''))
      .filter((t) => t !== 'all');
  };
  /** The menu's entry animation is over (for screenshots). */
  const menuSettled = () => page.waitForTimeout(500);
  /** The next chart data request's first query (what the drilled chart asks). */
  const nextQuery = () => nextChartQuery(page);
  const drillModal = (): Locator => drillByModal(page);
  const drillBy = (column: string) => drillByColumn(page, column);
  async function closeDrillModal(shot?: string): Promise<void> {
    await drillModal().locator('[data-test="drill-by-chart"][data-drawn="true"]').waitFor();
    await page.waitForTimeout(1200);
    if (shot) await snap(page, shot);
    await page.locator('[data-test="close-drill-by-modal"]').click();
    await drillModal().waitFor({ state: 'hidden' });
  }
  async function openChart(name: string): Promise<Locator> {
    await page.goto(`${server.baseUrl}/explore/?slice_id=${ids[name]}`);
    const chart = page.locator('[data-test="chart-container"]');
    await chart.waitFor();
    return chart;
  }
  /** Right-clicks a canvas at a share of its width and height. */
  async function rightClickAt(canvas: Locator, fx: number, fy: number): Promise<void> {
    await canvas.waitFor();
    // ECharts draws its entry animation first: the elements are where they end after it.
    await page.waitForTimeout(1200);
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy, { button: 'right' });
  }
  const isGender = (v: string | undefined) => v === 'boy' || v === 'girl';
  // birth_names' states: two-letter codes, and 'other'.
  const isState = (v: string | undefined) => /^([A-Z]{2}|other)$/.test(v ?? '');
  const filterOf = (q: SentQuery, col: string) =>
    (q.filters ?? []).find((f) => f.col === col && f.op === '==');

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    const token = await csrfTokenOf(page, server.baseUrl);
    const charts: Record<string, { viz_type: string } & Record<string, unknown>> = {
      treemap: { viz_type: 'treemap_v2', groupby: ['gender', 'state'], metric: 'sum__num' },
      sunburst: { viz_type: 'sunburst_v2', columns: ['gender', 'state'], metric: 'sum__num' },
      pivot: {
        viz_type: 'pivot_table_v2',
        groupbyRows: ['gender'],
        groupbyColumns: ['state'],
        metrics: ['sum__num'],
        metricsLayout: 'COLUMNS',
      },
      heatmap: {
        viz_type: 'heatmap_v2',
        x_axis: 'state',
        groupby: ['gender'],
        metric: 'sum__num',
      },
    };
    for (const [name, params] of Object.entries(charts))
      ids[name] = await saveChart(page, server.baseUrl, token, datasetId, `Menus ${name}`, params);
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('right-clicks a treemap rectangle: its gender and state; drills by name from them', async () => {
    const chart = await openChart('treemap');
    await rightClickAt(chart.locator('[data-test="echarts-chart"]'), 0.3, 0.5);
    const values = await byEntries();
    assert.equal(values.length, 2, values.join(','));
    assert.ok(isGender(values[0]) && isState(values[1]), values.join(','));
    await page.getByRole('menuitem', { name: 'Drill to detail by all' }).waitFor();
    await menuSettled();
    await snap(page, 'drill-menus-01-treemap');
    const sent = nextQuery();
    await drillBy('name');
    const query = await sent;
    assert.deepEqual(query.columns, ['name']);
    assert.equal(filterOf(query, 'gender')?.val, values[0]);
    assert.equal(filterOf(query, 'state')?.val, values[1]);
    await closeDrillModal();
  });

  it('right-clicks a sunburst arc of the outer ring: the path to it', async () => {
    const chart = await openChart('sunburst');
    const canvas = chart.locator('[data-test="echarts-chart"]');
    await canvas.waitFor();
    const box = (await canvas.boundingBox())!;
    // The outer ring (from 65 % to 100 % of the radius), right of the centre.
    const radius = Math.min(box.width - 10, box.height - 20) / 2;
    await rightClickAt(canvas, 0.5 + (radius * 0.82) / box.width, 0.5);
    const values = await byEntries();
    assert.equal(values.length, 2, values.join(','));
    assert.ok(isGender(values[0]) && isState(values[1]), values.join(','));
    await menuSettled();
    await snap(page, 'drill-menus-02-sunburst');
    const sent = nextQuery();
    await drillBy('name');
    const query = await sent;
    assert.deepEqual(query.columns, ['name']);
    assert.equal(filterOf(query, 'state')?.val, values[1]);
    await closeDrillModal('drill-menus-02b-sunburst-drilled');
  });

  it("right-clicks a pivot table's cell and column header; drills by the header's axis", async () => {
    const chart = await openChart('pivot');
    const cell = chart.locator('[data-test="pivot-table"] tbody tr').first().locator('td').first();
    await cell.click({ button: 'right' });
    const values = await byEntries();
    assert.equal(values.length, 2, values.join(','));
    assert.ok(isState(values[0]) && isGender(values[1]), values.join(','));
    await menuSettled();
    await snap(page, 'drill-menus-03-pivot-cell');
    await page.keyboard.press('Escape');

    // A state's column header: that state only; "Drill by" regroups the columns.
    const header = chart.locator('[data-test="pivot-table"] thead tr').nth(1).locator('th').nth(1);
    const state = (await header.innerText()).trim();
    await header.click({ button: 'right' });
    assert.deepEqual(await byEntries(), [state]);
    const sent = nextQuery();
    await drillBy('name');
    const query = await sent;
    assert.deepEqual(query.columns, ['name', 'gender']);
    assert.equal(filterOf(query, 'state')?.val, state);
    await closeDrillModal('drill-menus-03b-pivot-drilled');
  });

  it('right-clicks a heatmap cell: its state and gender; drill to detail by both', async () => {
    const chart = await openChart('heatmap');
    await rightClickAt(chart.locator('[data-test="echarts-chart"]'), 0.5, 0.3);
    const values = await byEntries();
    assert.equal(values.length, 2, values.join(','));
    assert.ok(isState(values[0]) && isGender(values[1]), values.join(','));
    await menuSettled();
    await snap(page, 'drill-menus-04-heatmap');
    await chooseMenuItem(page.getByRole('menuitem', { name: 'Drill to detail by all' }));
    const modal = page.locator('.ant-modal', { hasText: 'Drill to detail:' });
    await modal.waitFor();
    for (const v of values) await modal.getByText(v, { exact: false }).first().waitFor();
    await page.waitForTimeout(800);
    await snap(page, 'drill-menus-05-heatmap-detail');
    assert.deepEqual(errors, []);
  });
});

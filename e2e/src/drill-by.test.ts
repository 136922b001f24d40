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
  openSubmenu,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';
import { drillByColumn, drillByModal, nextChartQuery } from './drill.js';

describe('Drill by: the submenu, the drill modal and its breadcrumbs, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasetId: number;
  let token: string;
  let pieId: number;
  let dashboardUrl: string;

  const modal = (): Locator => drillByModal(page);
  const crumbs = async (): Promise<string[]> =>
    (await modal().locator('[data-test="drill-by-breadcrumb-item"]').allInnerTexts()).map((t) =>
      t.trim(),
    );
  /** The next chart data request's first query (what the drilled chart asks). */
  const nextQuery = () => nextChartQuery(page);
  /** Right-clicks the middle of an ECharts canvas, a little below its centre (a pie slice). */
  async function rightClickPie(canvas: Locator): Promise<void> {
    const box = (await canvas.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2 + 10, { button: 'right' });
  }
  /** The modal has finished opening and its chart is drawn (its entry animation over). */
  async function modalSettled(): Promise<void> {
    await modal().locator('[data-test="drill-by-chart"][data-drawn="true"]').waitFor();
    await page.waitForFunction(() => {
      const m = document.querySelector('.ant-modal');
      return !!m && getComputedStyle(m).opacity === '1' && !m.className.includes('-zoom-');
    });
    await page.waitForTimeout(1000);
  }
  const drillBy = (column: string) => drillByColumn(page, column);

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
    token = await csrfTokenOf(page, server.baseUrl);
    pieId = await saveChart(page, server.baseUrl, token, datasetId, 'Drill by genders', {
      viz_type: 'pie',
      groupby: ['gender'],
      metric: 'sum__num',
    });
    dashboardUrl = await createDashboardOfCharts(
      page,
      server.baseUrl,
      token,
      datasetId,
      'E2E drill by',
      [
        {
          name: 'Drill by states table',
          params: { viz_type: 'table', groupby: ['state'], metrics: ['sum__num'], row_limit: 10 },
        },
      ],
    );
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('right-clicks a pie slice in Explore, drills by state, again by name, goes back, shows the table', async () => {
    await page.goto(`${server.baseUrl}/explore/?slice_id=${pieId}`);
    const canvas = page.locator('[data-test="chart-container"] [data-test="echarts-chart"]');
    await canvas.waitFor();
    await rightClickPie(canvas);
    const byItem = page.getByRole('menuitem', { name: /^Drill to detail by / });
    await byItem.waitFor();
    const value = (await byItem.innerText()).trim().replace('Drill to detail by ', '');
    assert.ok(['boy', 'girl'].includes(value), value);
    // The submenu lists the groupable columns but the chart's own (gender).
    const stateEntry = page.getByRole('menuitem', { name: 'state', exact: true });
    await openSubmenu(
      page,
      page.locator('.ant-dropdown-menu-submenu-title', { hasText: 'Drill by' }),
      stateEntry,
    );
    const offered = (
      await page.locator('.ant-dropdown-menu-submenu-popup .ant-dropdown-menu-item').allInnerTexts()
    ).map((t) => t.trim());
    assert.ok(offered.includes('name') && !offered.includes('gender'), offered.join(','));
    await snap(page, 'drill-by-01-submenu');

    // Drill by state: the pie regrouped by state, filtered to the slice's gender.
    let sent = nextQuery();
    await drillBy('state');
    await modal().getByText('Drill by: Drill by genders').waitFor();
    let query = await sent;
    assert.deepEqual(query.columns, ['state']);
    assert.ok(
      query.filters?.some((f) => f.col === 'gender' && f.op === '==' && f.val === value),
      JSON.stringify(query.filters),
    );
    const modalCanvas = modal().locator('[data-test="echarts-chart"]');
    await modalCanvas.waitFor();
    assert.deepEqual(await crumbs(), [`gender (${value})`, 'state']);
    await modalSettled();
    await snap(page, 'drill-by-02-modal');

    // Right-click in the modal's chart: drill again, by name, from one state.
    await rightClickPie(modalCanvas);
    sent = nextQuery();
    await drillBy('name');
    query = await sent;
    assert.deepEqual(query.columns, ['name']);
    const filterCols = (query.filters ?? []).map((f) => f.col);
    assert.ok(filterCols.includes('gender') && filterCols.includes('state'), filterCols.join(','));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-test="drill-by-breadcrumb-item"]').length === 3,
    );
    const three = await crumbs();
    assert.equal(three[0], `gender (${value})`);
    assert.match(three[1] ?? '', /^state \((?:[A-Z]{2}|other)\)$/);
    assert.equal(three[2], 'name');
    await modalSettled();
    await snap(page, 'drill-by-03-drilled-again');

    // Back to the state level by its breadcrumb.
    sent = nextQuery();
    await modal().locator('[data-test="drill-by-breadcrumb-item"]').nth(1).click();
    query = await sent;
    assert.deepEqual(query.columns, ['state']);
    assert.ok(!(query.filters ?? []).some((f) => f.col === 'state'), JSON.stringify(query.filters));
    assert.deepEqual(await crumbs(), [`gender (${value})`, 'state']);
    await modalSettled();

    // The results as a table.
    await modal().getByText('Table', { exact: true }).click();
    const table = modal().locator('[data-test="drill-by-table"]');
    await table.locator('.ant-table-row').first().waitFor();
    const headers = (await table.locator('.ant-table-thead th').allInnerTexts()).map((t) =>
      t.trim(),
    );
    assert.ok(headers.includes('state'), headers.join(','));
    assert.ok((await table.locator('.ant-table-row').count()) > 1);
    await snap(page, 'drill-by-04-table');

    // "Edit chart": Explore opens in a new tab on the drilled form data, stored under a key.
    const opened = page.context().waitForEvent('page');
    await modal().getByRole('button', { name: 'Edit chart' }).click();
    const explore = await opened;
    await explore.waitForURL(/\/explore\/\?form_data_key=/);
    const key = new URL(explore.url()).searchParams.get('form_data_key')!;
    const stored = (await (
      await page.request.get(`${server.baseUrl}/api/v1/explore/form_data/${key}`)
    ).json()) as { form_data: string };
    const drilled = JSON.parse(stored.form_data) as {
      groupby: string[];
      slice_id?: number;
      adhoc_filters: Array<{ subject?: string; comparator?: unknown }>;
    };
    assert.deepEqual(drilled.groupby, ['state']);
    assert.equal(drilled.slice_id, undefined);
    assert.ok(
      drilled.adhoc_filters.some((f) => f.subject === 'gender' && f.comparator === value),
      stored.form_data,
    );
    await explore.locator('[data-test="echarts-chart"]').waitFor();
    await explore.close();
    await modal().locator('[data-test="close-drill-by-modal"]').click();
    await modal().waitFor({ state: 'detached' });
  });

  it("drills a time-series bar chart from Explore's menu, choosing the column by searching", async () => {
    const salesId = await datasetIdOf(page, server.baseUrl, 'cleaned_sales_data');
    const barsId = await saveChart(page, server.baseUrl, token, salesId, 'Drill by deal sizes', {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'order_date',
      time_grain_sqla: 'P1M',
      groupby: ['deal_size'],
      metrics: ['count'],
    });
    await page.goto(`${server.baseUrl}/explore/?slice_id=${barsId}`);
    await page.locator('[data-test="chart-container"] [data-test="echarts-chart"]').waitFor();
    await page.locator('[data-test="chart-actions"]').click();
    // Many columns: a search box above them.
    const search = page.getByPlaceholder('Search columns');
    await openSubmenu(
      page,
      page.locator('.ant-dropdown-menu-submenu-title', { hasText: 'Drill by' }),
      search,
    );
    await search.fill('prod');
    const entries = page.locator('.ant-dropdown-menu-submenu-popup .ant-dropdown-menu-item');
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.ant-dropdown-menu-submenu-popup .ant-dropdown-menu-item')
          .length === 2,
    );
    assert.deepEqual((await entries.allInnerTexts()).map((t) => t.trim()).sort(), [
      'product_code',
      'product_line',
    ]);
    await snap(page, 'drill-by-05-search');
    await search.fill('nothing like it');
    await page.getByText('No columns found').waitFor();
    await search.fill('product_l');
    const sent = nextQuery();
    await drillBy('product_line');
    const query = await sent;
    // The x-axis stays; the dimension is the column.
    assert.ok(
      JSON.stringify(query.columns).includes('order_date') &&
        (query.columns ?? []).includes('product_line') &&
        !(query.columns ?? []).includes('deal_size'),
      JSON.stringify(query.columns),
    );
    await modal().getByText('Drill by: Drill by deal sizes').waitFor();
    assert.deepEqual(await crumbs(), ['deal_size', 'product_line']);
    await modalSettled();
    await snap(page, 'drill-by-06-time-series');
    await modal().locator('[data-test="close-drill-by-modal"]').click();
    await modal().waitFor({ state: 'detached' });
  });

  it('drills a dashboard chart by a column from its menu', async () => {
    await page.goto(dashboardUrl);
    const chart = page.locator('[data-test="dashboard-chart"]', {
      hasText: 'Drill by states table',
    });
    await chart.locator('[data-test="table-chart"]').waitFor();
    await page.getByRole('button', { name: 'More options for Drill by states table' }).click();
    const genderEntry = page.getByRole('menuitem', { name: 'gender', exact: true });
    await openSubmenu(
      page,
      page.locator('.ant-dropdown-menu-submenu-title', { hasText: 'Drill by' }),
      genderEntry,
    );
    await snap(page, 'drill-by-07-dashboard-menu');
    const sent = nextQuery();
    await drillBy('gender');
    const query = await sent;
    assert.deepEqual(query.columns, ['gender']);
    await modal().getByText('Drill by: Drill by states table').waitFor();
    assert.deepEqual(await crumbs(), ['state', 'gender']);
    const cells = modal().locator(
      '[data-test="drill-by-chart"] [data-test="table-chart"] tbody tr',
    );
    await cells.first().waitFor();
    const rows = (await cells.allInnerTexts()).map((t) => t.split('\t')[0]!.trim()).sort();
    assert.deepEqual(rows, ['boy', 'girl']);
    await modalSettled();
    await snap(page, 'drill-by-08-dashboard-modal');
    await modal().locator('[data-test="close-drill-by-modal"]').click();
    assert.deepEqual(errors, []);
  });
});

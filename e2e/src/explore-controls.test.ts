/**
 * Explore's controls that could not be reached (issue 20, point 11), in Chromium: the bar
 * chart's "X-Axis Sort By" / "X-Axis Sort Ascending" on a string x axis reorder the bars (the
 * query's sort step); the table's "Customize columns" shows 10 of 13 columns with "Show all
 * columns" / "Show less columns" and a fraction digits slider; the metric editor's resize handle
 * makes its popover bigger, never below 320 × 240.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import {
  datasetIdOf,
  openExploreWith,
  type RunningServer,
  type SignedIn,
  snap,
  startSignedIn,
  stopSignedIn,
  updateChartRows,
} from './harness.js';

const sorted = (xs: number[], ascending: boolean) =>
  [...xs].sort((a, b) => (ascending ? a - b : b - a));

describe("Explore's x-axis sort, column config and resizable editors, in Chromium", () => {
  let signedIn: SignedIn | undefined;
  let server: RunningServer;
  let page: Page;
  let errors: string[];
  let birthNames: number;
  let sales: number;

  before(async () => {
    signedIn = await startSignedIn();
    ({ server, page, errors } = signedIn);
    birthNames = await datasetIdOf(page, server.baseUrl, 'birth_names');
    sales = await datasetIdOf(page, server.baseUrl, 'cleaned_sales_data');
  });

  after(() => stopSignedIn(signedIn));

  it('sorts the bars of a string x axis by the metric, ascending then descending', async () => {
    await openExploreWith(page, server.baseUrl, birthNames, {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: ['sum__num'],
      groupby: [],
      time_range: 'No filter',
      row_limit: 100,
    });
    const sortBy = page.locator('[data-test="control-x_axis_sort"]');
    await sortBy.getByText('X-Axis Sort By').waitFor();
    // Nothing chosen yet: no ascending flag, and the bars come in the x axis' order.
    assert.equal(await page.locator('[data-test="control-x_axis_sort_asc"]').count(), 0);
    await sortBy.locator('.ant-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: /^sum__num$/ })
      .click();
    const ascending = page.locator('[data-test="control-x_axis_sort_asc"]');
    await ascending.getByText('X-Axis Sort Ascending').waitFor();
    assert.equal(await ascending.getByRole('checkbox').isChecked(), true);

    const up = await updateChartRows(page);
    const upValues = up.map((r) => Number(r.sum__num));
    assert.ok(upValues.length > 5, JSON.stringify(up));
    assert.deepEqual(upValues, sorted(upValues, true));
    await page.waitForTimeout(1300);
    await snap(page, 'explore-controls-01-bars-ascending');

    await ascending.getByRole('checkbox').uncheck();
    const down = await updateChartRows(page);
    const downValues = down.map((r) => Number(r.sum__num));
    assert.deepEqual(downValues, sorted(upValues, false));
    assert.equal(down[0]!.state, up[up.length - 1]!.state);
    await page.waitForTimeout(1300);
    await snap(page, 'explore-controls-02-bars-descending');
  });

  it('shows 10 of 13 table columns to customize, then all, then 10 again', async () => {
    const columns = [
      'order_number',
      'quantity_ordered',
      'price_each',
      'order_line_number',
      'sales',
      'status',
      'quarter',
      'month',
      'year',
      'product_line',
      'msrp',
      'product_code',
      'customer_name',
    ];
    await openExploreWith(page, server.baseUrl, sales, {
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: columns,
      time_range: 'No filter',
      row_limit: 100,
    });
    await page.getByRole('tab', { name: 'Customize' }).click();
    const config = page.locator('[data-test="column-config"]');
    await config.waitFor();
    const items = config.locator(':scope > button:not([data-test="column-config-toggle"])');
    assert.equal(await items.count(), 10);
    const toggle = config.locator('[data-test="column-config-toggle"]');
    assert.equal((await toggle.textContent())?.trim(), 'Show all columns');
    await toggle.click();
    await config.getByText('customer_name', { exact: true }).waitFor();
    assert.equal(await items.count(), 13);
    assert.equal((await toggle.textContent())?.trim(), 'Show less columns');
    await snap(page, 'explore-controls-03-column-config-all');

    // A numeric column's settings have the fraction digits slider (0 to 100).
    await config.getByText('price_each', { exact: true }).click();
    const editor = page.locator('[data-test="column-config-editor"]');
    await editor.waitFor();
    const slider = editor.getByRole('slider');
    assert.equal(await slider.getAttribute('aria-valuemin'), '0');
    assert.equal(await slider.getAttribute('aria-valuemax'), '100');
    await snap(page, 'explore-controls-04-column-settings');
    await editor.getByRole('button', { name: 'Close' }).click();
    await editor.waitFor({ state: 'hidden' });

    await toggle.click();
    await config.getByText('customer_name', { exact: true }).waitFor({ state: 'detached' });
    assert.equal(await items.count(), 10);
  });

  it("resizes the metric editor's popover by its handle, never below 320 × 240", async () => {
    await openExploreWith(page, server.baseUrl, birthNames, {
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'state',
      metrics: ['sum__num'],
      groupby: [],
      time_range: 'No filter',
    });
    await page.locator('[data-test="control-metrics"]').getByText('sum__num').click();
    const box = page.locator('[data-test="resizable-popover"]');
    await box.locator('[data-test="metric-editor"]').waitFor();
    // The popover zooms in as it opens: measure it once it has its size.
    await page.waitForTimeout(600);
    const before = (await box.boundingBox())!;
    const handle = (await box.locator('[data-test="popover-resize-handle"]').boundingBox())!;
    const x = handle.x + handle.width / 2;
    const y = handle.y + handle.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 60, y + 40, { steps: 5 });
    await page.mouse.move(x + 150, y + 100, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    const bigger = (await box.boundingBox())!;
    assert.ok(
      Math.abs(bigger.width - (before.width + 150)) <= 2,
      `${before.width} → ${bigger.width}`,
    );
    assert.ok(
      Math.abs(bigger.height - (before.height + 100)) <= 2,
      `${before.height} → ${bigger.height}`,
    );
    await snap(page, 'explore-controls-05-metric-editor-resized');

    const handle2 = (await box.locator('[data-test="popover-resize-handle"]').boundingBox())!;
    await page.mouse.move(handle2.x + 5, handle2.y + 5);
    await page.mouse.down();
    await page.mouse.move(handle2.x - 600, handle2.y - 600, { steps: 5 });
    await page.mouse.up();
    await page.waitForTimeout(200);
    const smallest = (await box.boundingBox())!;
    assert.equal(Math.round(smallest.width), 320);
    assert.equal(Math.round(smallest.height), 240);
    assert.deepEqual(errors, []);
  });
});

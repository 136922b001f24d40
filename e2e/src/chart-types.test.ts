import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
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

/**
 * The deck.gl charts' datasets (long_lat, flights), found before the drawing, and a saved
 * scatterplot that deck.gl Multiple Layers layers.
 */
const geo = { longLat: '', flights: '', savedScatter: 0 };
const lonLat = { type: 'latlong', lonCol: 'LON', latCol: 'LAT' };

/**
 * Form data per chart type, on the examples' birth_names (covid_vaccines for the world map,
 * long_lat and flights for the deck.gl charts).
 */
function formDataFor(vizType: string, datasource: string, covid: string): Record<string, unknown> {
  const common = { datasource, viz_type: vizType, time_range: 'No filter', row_limit: 10000 };
  switch (vizType) {
    case 'pivot_table_v2':
      return {
        ...common,
        groupbyRows: ['state'],
        groupbyColumns: ['gender'],
        metrics: ['sum__num', 'count'],
        rowTotals: true,
        colTotals: true,
        combineMetric: true,
      };
    case 'treemap_v2':
      return { ...common, groupby: ['gender', 'state'], metric: 'sum__num' };
    case 'tree_chart':
      // States under their gender (the genders are not ids: the tops, under one root).
      return { ...common, id: 'state', parent: 'gender', name: 'state', metric: 'sum__num' };
    case 'horizon':
      return {
        ...common,
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['sum__num'],
        groupby: ['gender'],
      };
    case 'sunburst_v2':
      return { ...common, columns: ['gender', 'state'], metric: 'sum__num', show_total: true };
    case 'sankey_v2':
    case 'graph_chart':
      return { ...common, source: 'gender', target: 'state', metric: 'sum__num', row_limit: 30 };
    case 'mixed_timeseries':
      return {
        ...common,
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['sum__num'],
        groupby: ['gender'],
        metrics_b: ['count'],
        groupby_b: [],
        seriesTypeB: 'bar',
        yAxisIndexB: 1,
      };
    case 'histogram_v2':
      return { ...common, column: 'num', groupby: ['gender'], bins: 10 };
    case 'box_plot':
      return {
        ...common,
        columns: ['state'],
        groupby: ['gender'],
        metrics: ['sum__num'],
        whiskerOptions: 'Tukey',
      };
    case 'bubble_v2':
      return {
        ...common,
        entity: 'state',
        series: 'gender',
        x: 'count',
        y: 'sum__num',
        size: 'sum__num',
        max_bubble_size: '25',
      };
    case 'waterfall':
      return { ...common, x_axis: 'ds', time_grain_sqla: 'P1Y', metric: 'sum__num', row_limit: 20 };
    case 'word_cloud':
      return { ...common, series: 'name', metric: 'sum__num', row_limit: 100 };
    case 'deck_scatter':
      return { ...common, datasource: geo.longLat, spatial: lonLat, row_limit: 2000 };
    case 'deck_screengrid':
    case 'deck_grid':
    case 'deck_hex':
      return { ...common, datasource: geo.longLat, spatial: lonLat, size: 'count' };
    case 'deck_multi':
      return { ...common, datasource: geo.longLat, deck_slices: [geo.savedScatter] };
    case 'deck_arc':
      return {
        ...common,
        datasource: geo.flights,
        row_limit: 1000,
        start_spatial: { type: 'latlong', lonCol: 'LONGITUDE', latCol: 'LATITUDE' },
        end_spatial: { type: 'latlong', lonCol: 'LONGITUDE_DEST', latCol: 'LATITUDE_DEST' },
      };
    case 'world_map':
      return {
        ...common,
        datasource: covid,
        entity: 'country_name',
        country_fieldtype: 'name',
        metric: 'count',
        show_bubbles: true,
      };
    case 'time_table':
      return {
        ...common,
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['sum__num'],
        groupby: ['gender'],
        column_collection: [
          { key: 'a', label: 'Trend', colType: 'spark', width: 200, height: 40 },
          {
            key: 'b',
            label: 'Year on year',
            colType: 'time',
            timeLag: 1,
            comparisonType: 'perc_change',
          },
          { key: 'c', label: 'Share', colType: 'contrib' },
          {
            key: 'd',
            label: 'Average (5 years)',
            colType: 'avg',
            timeRatio: 5,
            bounds: [0, 500000],
          },
        ],
      };
    case 'filter_box':
      return {
        ...common,
        filter_configs: [
          {
            key: 'a',
            column: 'state',
            label: 'State',
            metric: 'sum__num',
            asc: false,
            multiple: true,
            defaultValue: 'CA;NY',
          },
          { key: 'b', column: 'gender', label: 'Gender', multiple: false, searchAllOptions: true },
        ],
        show_sqla_time_granularity: true,
      };
    case 'handlebars':
      return {
        ...common,
        groupby: ['state'],
        metrics: ['sum__num'],
        row_limit: 5,
        handlebarsTemplate:
          '<h3>Top states</h3><ul class="data-list">{{#each data}}<li><b>{{state}}</b>: {{formatNumber sum__num}}</li>{{/each}}</ul>',
        styleTemplate: '.data-list { color: #454E7C; }',
      };
    case 'table':
      return {
        ...common,
        groupby: ['state'],
        metrics: ['sum__num'],
        percent_metrics: ['sum__num'],
        show_totals: true,
        row_limit: 10,
      };
    case 'pie':
      return {
        ...common,
        groupby: ['state'],
        metric: 'sum__num',
        row_limit: 10,
        donut: true,
        show_total: true,
      };
    case 'funnel':
      return { ...common, groupby: ['state'], metric: 'sum__num', row_limit: 6 };
    case 'gauge_chart':
      return { ...common, groupby: [], metric: 'sum__num', max_val: 100000000 };
    case 'radar':
      return { ...common, groupby: ['gender'], metrics: ['sum__num', 'count'] };
    case 'heatmap_v2':
      return {
        ...common,
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        groupby: 'gender',
        metric: 'sum__num',
        normalize_across: 'y',
      };
    case 'big_number':
      return {
        ...common,
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metric: 'sum__num',
        compare_lag: 1,
        compare_suffix: 'YoY',
      };
    case 'big_number_total':
      return { ...common, metric: 'sum__num', subheader: 'births' };
    default:
      return {
        ...common,
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['sum__num'],
        groupby: ['gender'],
      };
  }
}

describe('every chart type draws on the examples, in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let datasource: string;
  let covid: string;
  let vizTypes: string[];

  before(async () => {
    server = await startServer();
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    errors = collectPageErrors(page);
    await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
    const birthNames = await datasetIdOf(page, server.baseUrl, 'birth_names');
    datasource = `${birthNames}__table`;
    covid = `${await datasetIdOf(page, server.baseUrl, 'covid_vaccines')}__table`;
    geo.longLat = `${await datasetIdOf(page, server.baseUrl, 'long_lat')}__table`;
    geo.flights = `${await datasetIdOf(page, server.baseUrl, 'flights')}__table`;
    geo.savedScatter = await saveChart(
      page,
      server.baseUrl,
      await csrfTokenOf(page, server.baseUrl),
      Number(geo.longLat.split('__')[0]),
      'SF addresses (a layer)',
      { viz_type: 'deck_scatter', row_limit: 2000, spatial: lonLat },
    );
    // The chart types the gallery offers.
    await page.goto(`${server.baseUrl}/explore/?datasource_id=${birthNames}&datasource_type=table`);
    await page.getByRole('button', { name: 'View all charts' }).click();
    const gallery = page.getByRole('dialog', { name: 'Select a visualization type' });
    await gallery.locator('[data-test^="viztype-"]').first().waitFor();
    vizTypes = await gallery
      .locator('[data-test^="viztype-"]')
      .evaluateAll((els) =>
        els.map((e) => (e.getAttribute('data-test') ?? '').replace('viztype-', '')),
      );
    await snap(page, 'chart-types-gallery');
    await page.keyboard.press('Escape');
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('offers the chart types in the gallery', () => {
    for (const v of [
      'table',
      'big_number_total',
      'echarts_timeseries_line',
      'echarts_timeseries_bar',
      'echarts_area',
    ])
      assert.ok(vizTypes.includes(v), `${v} in the gallery`);
  });

  it('draws each chart type and keeps a screenshot of it', async () => {
    for (const vizType of vizTypes) {
      const res = await page.request.post(`${server.baseUrl}/api/v1/explore/form_data`, {
        headers: { 'X-CSRFToken': await csrfTokenOf(page, server.baseUrl) },
        data: {
          datasource_id: Number(
            String(formDataFor(vizType, datasource, covid).datasource).split('__')[0],
          ),
          datasource_type: 'table',
          form_data: JSON.stringify(formDataFor(vizType, datasource, covid)),
        },
      });
      assert.equal(res.status(), 201, `${vizType}: ${await res.text()}`);
      const { key } = (await res.json()) as { key: string };
      try {
        await page.goto(`${server.baseUrl}/explore/?form_data_key=${key}`);
        const chart = page.locator('[data-test="chart-container"]');
        await chart.waitFor();
        // Something drawn: a canvas (ECharts), a table or a big number; never the error panel.
        await chart
          .locator(
            [
              'canvas',
              '[data-test="deck-chart"] canvas',
              '[data-test="table-chart"]',
              '[data-test="big-number"]',
              '[data-test="pivot-table"]',
              '[data-test="time-table"]',
              '[data-test="word-cloud"] text',
              '[data-test="filter-box"]',
              '[data-test="handlebars"]',
            ].join(', '),
          )
          .first()
          .waitFor({ timeout: 20_000 });
        assert.equal(
          await page.locator('[data-test="chart-error"]').count(),
          0,
          `${vizType} failed`,
        );
        // ECharts animates the first draw for about a second: let it finish before the picture.
        await page.waitForTimeout(1300);
        await snap(page, `chart-type-${vizType}`);
      } catch (e) {
        await snap(page, `chart-type-${vizType}-failed`);
        throw new Error(`${vizType}: ${(e as Error).message}`, { cause: e });
      }
    }
    assert.deepEqual(errors, []);
  });

  it('draws a Filter Box without filter items: its date filter, no error', async () => {
    const formData = {
      datasource,
      viz_type: 'filter_box',
      time_range: 'No filter',
      filter_configs: [],
      date_filter: true,
    };
    const answered = page.waitForResponse((r) => r.url().includes('/api/v1/chart/data'));
    const res = await page.request.post(`${server.baseUrl}/api/v1/explore/form_data`, {
      headers: { 'X-CSRFToken': await csrfTokenOf(page, server.baseUrl) },
      data: {
        datasource_id: Number(datasource.split('__')[0]),
        datasource_type: 'table',
        form_data: JSON.stringify(formData),
      },
    });
    assert.equal(res.status(), 201, await res.text());
    const { key } = (await res.json()) as { key: string };
    await page.goto(`${server.baseUrl}/explore/?form_data_key=${key}`);
    assert.equal((await answered).status(), 200);
    const box = page.locator('[data-test="chart-container"] [data-test="filter-box"]');
    await box.getByLabel('Time range').waitFor();
    assert.equal(await page.locator('[data-test="chart-error"]').count(), 0);
    await snap(page, 'chart-type-filter_box-without-filters');
    assert.deepEqual(errors, []);
  });
});

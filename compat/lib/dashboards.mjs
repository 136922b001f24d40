/**
 * Every chart of the example dashboards, through both of Superset's paths:
 * - Explore: `GET /api/v1/explore/?slice_id=` (form data and dataset);
 * - dashboard: `GET /api/v1/dashboard/{id}/charts` + `/datasets` (matched by the dataset's uid);
 * each with defaults filled, then: as saved; with a dashboard time range (`extra_form_data.time_range`);
 * with a native filter value (`extra_form_data.filters`). Under the time range a chart whose
 * query has a time scope must answer other data; under the filter a chart whose dataset has the
 * filter column must answer fewer rows, or other data from no more rows.
 */
import assert from 'node:assert/strict';
import rison from 'rison';
import { check } from './known.mjs';
import { PLUGINS } from './plugins.mjs';
import { runChart, checkProps } from './run.mjs';
import { LEGACY_PLUGINS, runLegacyChart } from './legacy.mjs';
import { assertFilterApplied, assertTimeRangeApplied, nativeFilterFor } from './variants.mjs';

/** A range inside each example's data, so a chart that honours it answers less. */
const TIME_RANGES = {
  'Sales Dashboard': '2004-01-01T00:00:00 : 2004-07-01T00:00:00',
  'USA Births Names': '1990-01-01T00:00:00 : 2000-01-01T00:00:00',
  'Video Game Sales': '2005-01-01T00:00:00 : 2010-01-01T00:00:00',
  'COVID Vaccine Dashboard': '2020-06-01T00:00:00 : 2021-01-01T00:00:00',
  'Featured Charts': '2003-01-01T00:00:00 : 2004-01-01T00:00:00',
};

export async function dashboardSuite(t, client) {
  const q = rison.encode({ page_size: 100, order_column: 'id', order_direction: 'asc' });
  const { result: dashboards } = await client.get(`/api/v1/dashboard/?q=${q}`);
  assert.equal(dashboards.length, 5, 'the five example dashboards are loaded');
  const filters = new Map();
  for (const dash of dashboards) {
    const { result: detail } = await client.get(`/api/v1/dashboard/${dash.id}`);
    const meta = JSON.parse(detail.json_metadata || '{}');
    const { result: charts } = await client.get(`/api/v1/dashboard/${dash.id}/charts`);
    const { result: datasets } = await client.get(`/api/v1/dashboard/${dash.id}/datasets`);
    assert.ok(charts.length > 0, `${dash.dashboard_title} has charts`);
    const timeRange =
      TIME_RANGES[dash.dashboard_title] ?? '2000-01-01T00:00:00 : 2005-01-01T00:00:00';
    for (const chart of charts) {
      const prefix = `dashboard ${dash.dashboard_title} › ${chart.slice_name} (${chart.viz_type})`;
      if (chart.viz_type in LEGACY_PLUGINS) {
        await legacyChart(t, client, prefix, chart, datasets);
        continue;
      }
      if (!(chart.viz_type in PLUGINS)) {
        await t.test(
          `${prefix}: no published plugin installed here`,
          { skip: `viz_type ${chart.viz_type} is not in the installed plugins` },
          () => {},
        );
        continue;
      }
      const explore = async () => {
        const { result } = await client.get(`/api/v1/explore/?slice_id=${chart.id}`);
        return { formData: result.form_data, datasource: result.dataset };
      };
      const dashboard = async () => {
        const formData = chart.form_data;
        const datasource = datasets.find((d) => d.uid === formData.datasource);
        assert.ok(datasource, `the dashboard's datasets include ${formData.datasource}`);
        return { formData, datasource };
      };
      for (const [pathName, load] of [
        ['explore', explore],
        ['dashboard', dashboard],
      ]) {
        let base = null;
        await t.test(`${prefix} › ${pathName}`, async (pt) => {
          await check(pt, `${prefix} › ${pathName} › as saved`, async () => {
            const input = await load();
            assert.equal(input.formData.viz_type, chart.viz_type);
            base = { ...input, run: await runChart(client, input) };
            checkProps(chart.viz_type, base.run);
          });
          await check(pt, `${prefix} › ${pathName} › dashboard time range`, async () => {
            const input = base ?? (await load());
            const run = await runChart(client, {
              ...input,
              extraFormData: { time_range: timeRange },
            });
            checkProps(chart.viz_type, run);
            assertTimeRangeApplied(base?.run, run, timeRange);
          });
          await check(pt, `${prefix} › ${pathName} › native filter`, async () => {
            const input = base ?? (await load());
            const filter = await nativeFilterFor(client, meta, input.datasource, filters);
            if (!filter) return;
            const run = await runChart(client, { ...input, extraFormData: { filters: [filter] } });
            checkProps(chart.viz_type, run);
            assertFilterApplied(base?.run, run, filter, input.formData);
          });
        });
      }
    }
  }
}

/**
 * A legacy chart (world_map, horizon) through `POST /superset/explore_json/`, from Explore's
 * and the dashboard's form data, as saved. The time range and filter variants are not run for
 * them.
 */
async function legacyChart(t, client, prefix, chart, datasets) {
  await check(t, `${prefix} › explore › as saved`, async () => {
    const { result } = await client.get(`/api/v1/explore/?slice_id=${chart.id}`);
    await runLegacyChart(client, { formData: result.form_data, datasource: result.dataset });
  });
  await check(t, `${prefix} › dashboard › as saved`, async () => {
    const formData = chart.form_data;
    const datasource = datasets.find((d) => d.uid === formData.datasource);
    assert.ok(datasource, `the dashboard's datasets include ${formData.datasource}`);
    await runLegacyChart(client, { formData, datasource });
  });
}

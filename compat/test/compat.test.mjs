/**
 * Superset's published chart plugins against the built server: every chart type with hand-built
 * form data, and every chart of the example dashboards through Explore and the dashboard, with
 * and without a dashboard time range and a native filter value. One server for the whole run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { check, staleEntries } from '../lib/known.mjs';
import { startServer } from '../lib/server.mjs';
import { PLUGINS, ECHARTS_PLUGIN_CLASSES } from '../lib/plugins.mjs';
import { runChart, checkProps, checkTimeseriesLengths } from '../lib/run.mjs';
import { HAND_BUILT } from '../lib/hand-built.mjs';
import { dashboardSuite } from '../lib/dashboards.mjs';
import {
  assertFilterApplied,
  assertTimeRangeApplied,
  hasTimeScope,
  nativeFilterFor,
} from '../lib/variants.mjs';

/** Inside birth_names' years (1965–2008), so a chart that honours it answers other data. */
const TIME_RANGE = '1990-01-01T00:00:00 : 2000-01-01T00:00:00';

let server;
before(async () => {
  server = await startServer();
});
after(async () => {
  await server?.close();
  // The DOM and the module hooks' thread keep handles open: leave once the results are out.
  setTimeout(() => process.exit(), 500).unref();
});

test('every chart plugin the echarts package ships is covered', () => {
  const covered = new Set(Object.values(PLUGINS));
  const missing = ECHARTS_PLUGIN_CLASSES.filter((p) => !covered.has(p.value)).map((p) => p.name);
  assert.deepEqual(missing, []);
  const built = new Set(Object.entries(HAND_BUILT).map(([k, v]) => v.viz_type ?? k));
  assert.deepEqual(
    Object.keys(PLUGINS).filter((k) => !built.has(k)),
    [],
  );
});

describe('chart types, hand-built form data on birth_names', () => {
  test('each type', async (t) => {
    const { dataset } = (
      await server.client.get('/api/v1/explore/?datasource_id=1&datasource_type=table')
    ).result;
    assert.equal(dataset.table_name, 'birth_names');
    // The dashboard's native filter on birth_names: its first string column, a value it holds.
    const filter = await nativeFilterFor(server.client, {}, dataset, new Map());
    assert.ok(filter, 'birth_names has a string column to filter on');
    for (const [name, spec] of Object.entries(HAND_BUILT)) {
      const { expect, ...rest } = spec;
      const vizType = rest.viz_type ?? name;
      const formData = { datasource: '1__table', viz_type: vizType, ...rest };
      let base = null;
      await check(t, `chart type ${name}`, async () => {
        const run = await runChart(server.client, { formData, datasource: dataset });
        base = run;
        const rows = run.result[0].rowcount;
        assert.ok(rows > 0, 'the chart has rows');
        const drawn = checkProps(vizType, run);
        if (expect === 'timeseries') checkTimeseriesLengths(run);
        if (expect?.startsWith('points:')) {
          assert.equal(drawn[0].data.length, Number(expect.slice(7)), 'one point per group');
        }
        if (expect?.startsWith('rows:')) assert.equal(rows, Number(expect.slice(5)));
        if (expect === 'big_number') assert.equal(typeof run.props.bigNumber, 'number');
        if (expect === 'pop_kpi') {
          const shifted = 'SUM(num)__1 year ago';
          assert.ok(run.result[0].colnames.includes(shifted), `the answer has ${shifted}`);
          assert.equal(
            typeof run.result[0].data[0][shifted],
            'number',
            'the previous period is a number',
          );
          assert.ok(run.props.bigNumber && run.props.prevNumber, 'both numbers are drawn');
        }
        if (expect === 'series') assert.ok(drawn.length > 0);
        if (expect?.startsWith('words:')) {
          assert.equal(drawn.length, Number(expect.slice(6)), 'the row limit of words');
          const size = run.props.encoding.fontSize.field;
          const sizes = drawn.map((row) => row[size]);
          assert.ok(
            sizes.every((v, i) => i === 0 || sizes[i - 1] >= v),
            'sort_by_metric: the largest words first',
          );
        }
      });
      await check(t, `chart type ${name} › dashboard time range`, async () => {
        const extraFormData = { time_range: TIME_RANGE };
        const run = await runChart(server.client, { formData, datasource: dataset, extraFormData });
        checkProps(vizType, run);
        assert.ok(hasTimeScope(run.queryContext), 'the query has a time scope on ds');
        assert.ok(base, 'the chart as saved ran');
        assert.ok(assertTimeRangeApplied(base, run, TIME_RANGE), 'the time range was checked');
      });
      await check(t, `chart type ${name} › native filter`, async () => {
        const extraFormData = { filters: [filter] };
        const run = await runChart(server.client, { formData, datasource: dataset, extraFormData });
        checkProps(vizType, run);
        assert.ok(base, 'the chart as saved ran');
        assert.ok(
          assertFilterApplied(base, run, filter, formData),
          `the filter on ${filter.col} was checked`,
        );
      });
    }
  });
});

describe('example dashboards', () => {
  test('every chart, Explore and dashboard paths', async (t) => {
    await dashboardSuite(t, server.client);
  });
});

test('known-failures.json names only tests of this suite', () => {
  assert.deepEqual(staleEntries(), []);
});

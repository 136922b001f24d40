/**
 * One chart through Superset's own code and the server: form data filled with defaults →
 * the plugin's `buildQuery` → `POST /api/v1/chart/data` → the plugin's `transformProps`, with
 * checks on the answer (not only its status).
 */
import assert from 'node:assert/strict';
import { applyDefaultFormData } from './defaults.mjs';
import { core, pluginOf } from './plugins.mjs';

const NUMERIC = 0; // GenericDataType.Numeric

const noop = () => {};
const hooks = {
  setDataMask: noop,
  onContextMenu: noop,
  setControlValue: noop,
  onLegendStateChanged: noop,
};

/**
 * Runs `formData` (a saved chart's params or a hand-built one) on `datasource` (the dataset as
 * Explore or the dashboard's datasets call answers it). `extraFormData` is what a dashboard adds
 * (time range, native filter values).
 */
export async function runChart(client, { formData, datasource, extraFormData }) {
  const plugin = await pluginOf(formData.viz_type);
  if (!plugin) throw new Error(`no plugin for viz_type ${formData.viz_type}`);
  const filled = applyDefaultFormData(plugin.controlPanel, formData, datasource);
  if (extraFormData) filled.extra_form_data = extraFormData;
  const queryContext = plugin.buildQuery(filled, { ownState: {}, hooks });
  const answer = await client.post('/api/v1/chart/data', queryContext);
  assert.ok(Array.isArray(answer?.result), 'chart data answer has a result list');
  assert.equal(answer.result.length, queryContext.queries.length, 'one result per query');
  for (const [i, q] of answer.result.entries()) {
    assert.ok(!q.error, `query ${i} answered an error: ${q.error}`);
    assert.ok(Array.isArray(q.data), `query ${i} has a data list`);
    assert.equal(q.rowcount, q.data.length, `query ${i}: rowcount is the number of rows`);
    checkColumnTypes(q, i);
  }
  const chartProps = new core.ChartProps({
    formData: filled,
    datasource,
    queriesData: answer.result,
    width: 800,
    height: 600,
    hooks,
    ownState: {},
    filterState: {},
    theme: core.supersetTheme,
    behaviors: [],
    annotationData: {},
    initialValues: {},
  });
  const props = plugin.transformProps(chartProps);
  assert.ok(props && typeof props === 'object', 'transformProps gives props');
  return { filled, queryContext, result: answer.result, props };
}

function isNumberLike(v) {
  return (
    v === null ||
    typeof v === 'number' ||
    (typeof v === 'object' && v?.constructor?.name === 'BigNumber')
  );
}

/** Numeric columns hold numbers; box plot outliers are lists. */
function checkColumnTypes(q, i) {
  const names = q.colnames ?? [];
  const types = q.coltypes ?? [];
  for (const [c, name] of names.entries()) {
    if (String(name).endsWith('__outliers')) {
      const bad = q.data.find((row) => !Array.isArray(row[name]));
      assert.equal(
        bad,
        undefined,
        `query ${i}: ${name} is a list in every row (got ${JSON.stringify(bad?.[name])})`,
      );
      continue;
    }
    if (types[c] !== NUMERIC) continue;
    const bad = q.data.find((row) => !isNumberLike(row[name]));
    assert.equal(
      bad,
      undefined,
      `query ${i}: numeric column ${name} holds numbers (got ${JSON.stringify(bad?.[name])})`,
    );
  }
}

/** The metric labels of a query (what the chart draws as numbers). */
export function metricLabels(query) {
  return (query.metrics ?? []).map((m) => core.getMetricLabel(m));
}

/** Checks what a chart needs from transformProps, by kind of chart. */
export function checkProps(vizType, run) {
  const { props, result } = run;
  const rows = result[0]?.rowcount ?? 0;
  if (props.echartOptions) {
    const series = [].concat(props.echartOptions.series ?? []);
    if (rows > 0) assert.ok(series.length > 0, 'echartOptions has series');
    for (const s of series) {
      const data = s.data ?? s.nodes ?? [];
      if (rows > 0 && !['gauge'].includes(s.type))
        assert.ok(
          Array.isArray(data) || typeof data === 'object',
          `series ${s.name ?? s.id} has data`,
        );
    }
    return series;
  }
  if (vizType === 'table' || vizType === 'pivot_table_v2') {
    assert.ok(Array.isArray(props.data), `${vizType} props carry the rows`);
    assert.equal(props.data.length, rows, `${vizType} draws every row`);
    return props.data;
  }
  if (vizType === 'word_cloud') return checkWords(props, rows);
  if (vizType.startsWith('big_number') || vizType === 'pop_kpi') {
    const value = props.bigNumber ?? props.bigNumberFallback?.[1];
    if (rows > 0 && vizType !== 'pop_kpi')
      assert.ok(
        value === null || typeof value === 'number',
        `big number is a number (got ${JSON.stringify(value)})`,
      );
    return value;
  }
  return null;
}

/** Time series drawn on the x axis: every series has one point per row of the pivoted answer. */
export function checkTimeseriesLengths(run) {
  const series = []
    .concat(run.props.echartOptions?.series ?? [])
    .filter((s) => Array.isArray(s.data) && s.type !== 'custom');
  const rows = run.result[0].rowcount;
  assert.ok(series.length > 0, 'time series has series');
  for (const s of series) {
    if (s.id && String(s.id).startsWith('__')) continue;
    assert.equal(s.data.length, rows, `series ${s.name ?? s.id} has a point per x value`);
    assert.ok(
      s.data.some((p) => Array.isArray(p) && typeof p[1] === 'number'),
      `series ${s.name ?? s.id} has numeric values`,
    );
  }
}

/**
 * Word cloud: the plugin draws `props.data` with `encoding.text.field` as the word and
 * `encoding.fontSize.field` (the metric) as its size: one row per word, each word once, every
 * size a number.
 */
function checkWords(props, rows) {
  assert.ok(Array.isArray(props.data), 'word_cloud props carry the rows');
  assert.equal(props.data.length, rows, 'word_cloud draws every row');
  const textField = props.encoding?.text?.field;
  const sizeField = props.encoding?.fontSize?.field;
  assert.ok(textField, 'the word is a column of the answer');
  assert.ok(sizeField, 'the size is a metric of the answer');
  const words = props.data.map((row) => row[textField]);
  const missing = words.findIndex((w) => w === undefined);
  assert.equal(missing, -1, `every row has its word in ${textField}`);
  assert.equal(new Set(words.map(String)).size, rows, 'one word per row');
  const bad = props.data.find((row) => typeof row[sizeField] !== 'number');
  assert.equal(
    bad,
    undefined,
    `every size (${sizeField}) is a number (got ${JSON.stringify(bad?.[sizeField])})`,
  );
  return props.data;
}

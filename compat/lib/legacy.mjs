/**
 * Superset's legacy chart plugins (`useLegacyApi`: no `buildQuery`), run as core's ChartClient
 * runs them: form data filled with the control panel's defaults → `POST /superset/explore_json/`
 * with `form_data` as a form field → the plugin's `transformProps` on the answer. Superset's
 * explore_json answers each legacy viz type's own `data` (viz.py `get_data`), which is what these
 * plugins draw; the checks below are on that shape.
 */
import assert from 'node:assert/strict';
import { applyDefaultFormData } from './defaults.mjs';
import { core } from './plugins.mjs';

const worldMap = await import('@superset-ui/legacy-plugin-chart-world-map');
const horizon = await import('@superset-ui/legacy-plugin-chart-horizon');

/** viz_type → legacy plugin class, as Superset's MainPreset keys them. */
export const LEGACY_PLUGINS = {
  world_map: worldMap.default,
  horizon: horizon.default,
};

for (const [key, Plugin] of Object.entries(LEGACY_PLUGINS)) {
  new Plugin().configure({ key }).register();
}

const noop = () => {};
const hooks = { setDataMask: noop, onContextMenu: noop, setControlValue: noop };

export async function runLegacyChart(client, { formData, datasource, extraFormData }) {
  const vizType = formData.viz_type;
  assert.ok(vizType in LEGACY_PLUGINS, `no legacy plugin for viz_type ${vizType}`);
  assert.ok(core.getChartMetadataRegistry().get(vizType).useLegacyApi, 'the plugin is legacy');
  const controlPanel = await core.getChartControlPanelRegistry().getAsPromise(vizType);
  const transformProps = await core.getChartTransformPropsRegistry().getAsPromise(vizType);
  const filled = applyDefaultFormData(controlPanel, formData, datasource);
  if (extraFormData) filled.extra_form_data = extraFormData;
  const answer = await client.postForm('/superset/explore_json/', { form_data: filled });
  assert.ok(answer && typeof answer === 'object' && !Array.isArray(answer), 'one payload');
  assert.ok(!answer.error, `explore_json answered an error: ${answer.error}`);
  const chartProps = new core.ChartProps({
    formData: filled,
    datasource,
    queriesData: [answer],
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
  const props = transformProps(chartProps);
  assert.ok(props && typeof props === 'object', 'transformProps gives props');
  checkLegacyProps(vizType, filled, props);
  return { filled, answer, props };
}

const isNumber = (v) =>
  typeof v === 'number' || (typeof v === 'object' && v?.constructor?.name === 'BigNumber');

/** What the legacy plugins' components read of `props.data`. */
export function checkLegacyProps(vizType, formData, props) {
  assert.ok(Array.isArray(props.data), `${vizType} props carry a data list`);
  assert.ok(props.data.length > 0, `${vizType} has data`);
  if (vizType === 'world_map') {
    // WorldMap.js: rows keyed by `country` (ISO alpha-3, "XXX" when unknown), colour from `m1`,
    // bubble size from `m2`, label `name`.
    const bubbles = Boolean(formData.secondary_metric);
    for (const row of props.data) {
      assert.ok(
        typeof row.country === 'string' && /^[A-Z]{3}$/.test(row.country),
        `a world map row has an alpha-3 country (got ${JSON.stringify(row).slice(0, 200)})`,
      );
      assert.ok(isNumber(row.m1), `m1 is a number (got ${JSON.stringify(row.m1)})`);
      if (bubbles) assert.ok(isNumber(row.m2), `m2 is a number (got ${JSON.stringify(row.m2)})`);
      if (row.country !== 'XXX')
        assert.equal(typeof row.name, 'string', 'a known country has a name');
    }
    assert.ok(
      props.data.some((row) => row.country !== 'XXX'),
      'some rows are countries the map knows',
    );
  }
  if (vizType === 'horizon') {
    // HorizonChart.js: one row per series, `key` its title, `values` the points {x, y}.
    for (const series of props.data) {
      assert.ok(
        'key' in series,
        `a horizon series has a key (got ${JSON.stringify(series).slice(0, 200)})`,
      );
      assert.ok(Array.isArray(series.values) && series.values.length > 0, 'a series has values');
      // NVD3TimeSeriesViz pivots without a fill value: a time at which a series has no row is
      // NaN there, which Superset's JSON (ignore_nan) answers as null; the row draws it as 0.
      const bad = series.values.find(
        (p) => typeof p.x !== 'number' || !(isNumber(p.y) || p.y === null),
      );
      assert.equal(
        bad,
        undefined,
        `every point has a numeric x and a numeric or null y (got ${JSON.stringify(bad)})`,
      );
      assert.ok(
        series.values.some((p) => isNumber(p.y)),
        'a series has a value (series without any are left out)',
      );
    }
  }
}

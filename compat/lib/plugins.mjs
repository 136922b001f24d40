/**
 * Superset's published chart plugins registered the way Superset's MainPreset does
 * (`new XChartPlugin().configure({ key }).register()`), and what the suite needs of each key:
 * its control panel, `buildQuery` and `transformProps`.
 * Import this module only after `loader/setup.mjs` ran (the runner preloads it).
 */

// The packages translate labels at import time without a configured translator, and antd warns
// about its whole-package import: thousands of lines that say nothing about the server.
const quiet = (orig) =>
  function filtered(...args) {
    const first = String(args[0] ?? '');
    if (
      first.includes('call configure(...)') ||
      first.includes('babel-plugin-import') ||
      first.startsWith('Failed to query feature flag')
    )
      return;
    orig.apply(this, args);
  };
console.warn = quiet(console.warn);
// eslint-disable-next-line no-console -- the packages log at import time; the filter only drops that noise
console.log = quiet(console.log);
console.error = quiet(console.error);

const core = await import('@superset-ui/core');
const controls = await import('@superset-ui/chart-controls');
const echarts = await import('@superset-ui/plugin-chart-echarts');
const table = await import('@superset-ui/plugin-chart-table');
const pivot = await import('@superset-ui/plugin-chart-pivot-table');
const wordCloud = await import('@superset-ui/plugin-chart-word-cloud');

export { core, controls };

/** viz_type → plugin class, as Superset's MainPreset keys them. */
export const PLUGINS = {
  echarts_timeseries: echarts.EchartsTimeseriesChartPlugin,
  echarts_area: echarts.EchartsAreaChartPlugin,
  echarts_timeseries_bar: echarts.EchartsTimeseriesBarChartPlugin,
  echarts_timeseries_line: echarts.EchartsTimeseriesLineChartPlugin,
  echarts_timeseries_scatter: echarts.EchartsTimeseriesScatterChartPlugin,
  echarts_timeseries_smooth: echarts.EchartsTimeseriesSmoothLineChartPlugin,
  echarts_timeseries_step: echarts.EchartsTimeseriesStepChartPlugin,
  mixed_timeseries: echarts.EchartsMixedTimeseriesChartPlugin,
  pie: echarts.EchartsPieChartPlugin,
  graph_chart: echarts.EchartsGraphChartPlugin,
  gauge_chart: echarts.EchartsGaugeChartPlugin,
  histogram_v2: echarts.EchartsHistogramChartPlugin,
  radar: echarts.EchartsRadarChartPlugin,
  funnel: echarts.EchartsFunnelChartPlugin,
  tree_chart: echarts.EchartsTreeChartPlugin,
  heatmap_v2: echarts.EchartsHeatmapChartPlugin,
  treemap_v2: echarts.EchartsTreemapChartPlugin,
  big_number: echarts.BigNumberChartPlugin,
  big_number_total: echarts.BigNumberTotalChartPlugin,
  pop_kpi: echarts.BigNumberPeriodOverPeriodChartPlugin,
  sunburst_v2: echarts.EchartsSunburstChartPlugin,
  bubble_v2: echarts.EchartsBubbleChartPlugin,
  sankey_v2: echarts.EchartsSankeyChartPlugin,
  waterfall: echarts.EchartsWaterfallChartPlugin,
  box_plot: echarts.EchartsBoxPlotChartPlugin,
  table: table.default,
  pivot_table_v2: pivot.PivotTableChartPlugin,
  word_cloud: wordCloud.WordCloudChartPlugin,
};

/** Every chart plugin class the echarts package exports (to check PLUGINS misses none). */
export const ECHARTS_PLUGIN_CLASSES = Object.entries(echarts)
  .filter(([name, value]) => /ChartPlugin$/.test(name) && typeof value === 'function')
  // EchartsChartPlugin is the base class the others extend, not a chart type.
  .filter(([name]) => name !== 'EchartsChartPlugin')
  .map(([name, value]) => ({ name, value }));

for (const [key, Plugin] of Object.entries(PLUGINS)) {
  new Plugin().configure({ key }).register();
}

/** The control panel, buildQuery and transformProps of `vizType`, or null without a plugin. */
export async function pluginOf(vizType) {
  if (!(vizType in PLUGINS)) return null;
  const controlPanel = await core.getChartControlPanelRegistry().getAsPromise(vizType);
  const buildQuery = await core.getChartBuildQueryRegistry().getAsPromise(vizType);
  const transformProps = await core.getChartTransformPropsRegistry().getAsPromise(vizType);
  return { controlPanel, buildQuery, transformProps };
}

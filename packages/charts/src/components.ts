/**
 * The React component of each chart type, loaded on demand (the web app's chart renderer uses
 * this; the server never imports it). Each component takes its plugin's transformProps output.
 * `preloadChart` starts loading a type's code early (Explore calls it while the query runs, a
 * dashboard as soon as it knows its charts), so the chart draws as soon as its data arrives.
 */
import type { ComponentType } from 'react';

// Each chart's props differ; the renderer passes transformProps' output through unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyChart = ComponentType<any>;
type Loader = () => Promise<{ default: AnyChart }>;

const timeseries: Loader = () => import('./plugins/timeseries-shared/TimeseriesChart.js');
const deck: Loader = () => import('./plugins/deck-shared/DeckChart.js');

const loaders: Record<string, Loader> = {
  big_number_total: () => import('./plugins/big_number_total/BigNumberTotal.js'),
  table: () => import('./plugins/table/TableChart.js'),
  pie: () => import('./plugins/pie/PieChart.js'),
  big_number: () => import('./plugins/big_number/BigNumberTrend.js'),
  funnel: () => import('./plugins/funnel/FunnelChart.js'),
  gauge_chart: () => import('./plugins/gauge_chart/GaugeChart.js'),
  radar: () => import('./plugins/radar/RadarChart.js'),
  heatmap_v2: () => import('./plugins/heatmap_v2/HeatmapChart.js'),
  pivot_table_v2: () => import('./plugins/pivot_table_v2/PivotTableChart.js'),
  treemap_v2: () => import('./plugins/treemap_v2/TreemapChart.js'),
  sunburst_v2: () => import('./plugins/sunburst_v2/SunburstChart.js'),
  sankey_v2: () => import('./plugins/sankey_v2/SankeyChart.js'),
  graph_chart: () => import('./plugins/graph_chart/GraphChart.js'),
  histogram_v2: () => import('./plugins/histogram_v2/HistogramChart.js'),
  box_plot: () => import('./plugins/box_plot/BoxPlotChart.js'),
  bubble_v2: () => import('./plugins/bubble_v2/BubbleChart.js'),
  word_cloud: () => import('./plugins/word_cloud/WordCloudChart.js'),
  time_table: () => import('./plugins/time_table/TimeTableChart.js'),
  filter_box: () => import('./plugins/filter_box/FilterBoxChart.js'),
  handlebars: () => import('./plugins/handlebars/HandlebarsChart.js'),
  waterfall: () => import('./plugins/waterfall/WaterfallChart.js'),
  world_map: () => import('./plugins/world_map/WorldMapChart.js'),
  tree_chart: () => import('./plugins/tree_chart/TreeChart.js'),
  horizon: () => import('./plugins/horizon/HorizonChart.js'),
  echarts_timeseries_line: timeseries,
  echarts_timeseries_bar: timeseries,
  echarts_area: timeseries,
  echarts_timeseries_scatter: timeseries,
  echarts_timeseries_smooth: timeseries,
  echarts_timeseries_step: timeseries,
  mixed_timeseries: timeseries,
  deck_scatter: deck,
  deck_arc: deck,
  deck_screengrid: deck,
  deck_grid: deck,
  deck_hex: deck,
  deck_multi: () => import('./plugins/deck_multi/DeckMultiChart.js'),
};

/** Components whose code has arrived, by loader (types sharing a module share the entry). */
const loadedByLoader = new Map<Loader, AnyChart>();
const pendingByLoader = new Map<Loader, Promise<AnyChart>>();

/** Whether the type has a component at all. */
export function hasChartComponent(vizType: string): boolean {
  return vizType in loaders;
}

/**
 * The type's component when its code has already arrived, else undefined: a renderer draws at
 * once with it, without suspending (React.lazy would suspend once per boundary even for code
 * that was preloaded, and 30 charts on a dashboard would each show a spinner for a frame).
 */
export function loadedChartComponent(vizType: string): AnyChart | undefined {
  const load = loaders[vizType];
  return load ? loadedByLoader.get(load) : undefined;
}

/** Loads the type's component (once; later calls share the answer). */
export function loadChartComponent(vizType: string): Promise<AnyChart | undefined> {
  const load = loaders[vizType];
  if (!load) return Promise.resolve(undefined);
  const done = loadedByLoader.get(load);
  if (done) return Promise.resolve(done);
  let pending = pendingByLoader.get(load);
  if (!pending) {
    pending = load().then((m) => {
      loadedByLoader.set(load, m.default);
      return m.default;
    });
    // A failed load may be retried (a network blip); the error reaches this caller.
    pending.catch(() => pendingByLoader.delete(load));
    pendingByLoader.set(load, pending);
  }
  return pending;
}

/**
 * Registers a component whose code has already arrived: a dynamic plugin's (issue 19). Its
 * plugin is registered in `chartRegistry` under the same viz_type; a built-in type cannot be
 * replaced.
 */
export function registerChartComponent(vizType: string, component: AnyChart): void {
  if (vizType in loaders) throw new Error(`Chart type ${vizType} already has a component`);
  const load: Loader = () => Promise.resolve({ default: component });
  loaders[vizType] = load;
  loadedByLoader.set(load, component);
}

/** Starts loading a chart type's code (later renders find it ready). */
export function preloadChart(vizType: string): void {
  void loadChartComponent(vizType).catch(() => undefined);
}

export {
  ChartColorSchemeContext,
  ChartDrawingContext,
  ChartRenderContext,
  useChartDrawing,
  type ChartColorScheme,
  type ChartDrawing,
  type ChartRenderOptions,
} from './render-context.js';

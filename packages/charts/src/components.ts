/**
 * The React component of each chart type, loaded on demand (the web app's chart renderer uses
 * this; the server never imports it). Each component takes its plugin's transformProps output.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Each chart's props differ; the renderer passes transformProps' output through unchanged.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyChart = ComponentType<any>;

const timeseries = lazy(() => import('./plugins/timeseries-shared/TimeseriesChart.js'));

export const chartComponents: Record<string, LazyExoticComponent<AnyChart>> = {
  big_number_total: lazy(() => import('./plugins/big_number_total/BigNumberTotal.js')),
  table: lazy(() => import('./plugins/table/TableChart.js')),
  pie: lazy(() => import('./plugins/pie/PieChart.js')),
  echarts_timeseries_line: timeseries,
  echarts_timeseries_bar: timeseries,
  echarts_area: timeseries,
  echarts_timeseries_scatter: timeseries,
  echarts_timeseries_smooth: timeseries,
  echarts_timeseries_step: timeseries,
};

/**
 * Every chart type, registered once: adding a chart type is its folder and one line here (and
 * one in `../components.ts`).
 */
import { ChartRegistry } from '../plugin.js';
import { bigNumberTotalPlugin } from './big_number_total/index.js';
import { tablePlugin } from './table/index.js';
import { piePlugin } from './pie/index.js';
import { bigNumberPlugin } from './big_number/index.js';
import { funnelPlugin } from './funnel/index.js';
import { gaugePlugin } from './gauge_chart/index.js';
import { radarPlugin } from './radar/index.js';
import { heatmapPlugin } from './heatmap_v2/index.js';
import { plugin as ts_line } from './echarts_timeseries_line/index.js';
import { plugin as ts_bar } from './echarts_timeseries_bar/index.js';
import { plugin as area } from './echarts_area/index.js';
import { plugin as ts_scatter } from './echarts_timeseries_scatter/index.js';
import { plugin as ts_smooth } from './echarts_timeseries_smooth/index.js';
import { plugin as ts_step } from './echarts_timeseries_step/index.js';

export const chartRegistry = new ChartRegistry();
chartRegistry.register(bigNumberTotalPlugin);
chartRegistry.register(tablePlugin);
chartRegistry.register(ts_line);
chartRegistry.register(ts_bar);
chartRegistry.register(area);
chartRegistry.register(ts_scatter);
chartRegistry.register(ts_smooth);
chartRegistry.register(ts_step);
chartRegistry.register(piePlugin);
chartRegistry.register(bigNumberPlugin);
chartRegistry.register(funnelPlugin);
chartRegistry.register(gaugePlugin);
chartRegistry.register(radarPlugin);
chartRegistry.register(heatmapPlugin);

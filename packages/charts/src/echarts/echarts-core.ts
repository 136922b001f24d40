/**
 * ECharts with only what the chart types use (tree-shaken: `echarts/core` plus what is registered
 * here), on the canvas renderer. Registered here: the series and components of the common chart
 * types (time series, bars, pies, scatter, big number trend). A chart type with a series or
 * component of its own (sankey, treemap, map…) registers it in its component's module with
 * `echarts.use`, so its code loads only with that chart type (a dashboard of lines, bars and
 * pies loads and starts about a third less of ECharts).
 */
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  DataZoomComponent,
  GraphicComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TitleComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export { echarts };
export type { EChartsCoreOption, EChartsType } from 'echarts/core';

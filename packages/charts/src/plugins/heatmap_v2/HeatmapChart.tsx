import { HeatmapChart as HeatmapSeries } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { HeatmapProps } from './index.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([HeatmapSeries, VisualMapComponent]);

export default function HeatmapChart({ width, height, echartOptions, empty }: HeatmapProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

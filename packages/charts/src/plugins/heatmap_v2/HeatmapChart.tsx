import { HeatmapChart as HeatmapSeries } from 'echarts/charts';
import { VisualMapComponent } from 'echarts/components';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { HeatmapProps } from './index.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([HeatmapSeries, VisualMapComponent]);

export default function HeatmapChart({
  width,
  height,
  echartOptions,
  empty,
  onCellContextMenu,
}: HeatmapProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemContextMenu={
        onCellContextMenu
          ? (p, x, y) =>
              p.seriesType === 'heatmap' && p.dataIndex !== undefined
                ? onCellContextMenu(p.dataIndex, x, y)
                : undefined
          : undefined
      }
    />
  );
}

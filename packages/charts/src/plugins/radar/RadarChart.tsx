import { RadarChart as RadarSeries } from 'echarts/charts';
import { RadarComponent } from 'echarts/components';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { RadarProps } from './index.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([RadarSeries, RadarComponent]);

export default function RadarChart({
  width,
  height,
  echartOptions,
  empty,
  onItemContextMenu,
}: RadarProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemContextMenu={
        onItemContextMenu ? (p, x, y) => onItemContextMenu(p.name ?? '', x, y) : undefined
      }
    />
  );
}

import { FunnelChart as FunnelSeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { FunnelProps } from './index.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([FunnelSeries]);

export default function FunnelChart({
  width,
  height,
  echartOptions,
  empty,
  onItemContextMenu,
}: FunnelProps) {
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

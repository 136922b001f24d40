import { GraphChart as GraphSeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { GraphProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([GraphSeries]);

export default function GraphChart({
  width,
  height,
  echartOptions,
  empty,
  onItemContextMenu,
}: GraphProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemContextMenu={
        onItemContextMenu
          ? (p, x, y) =>
              (p.dataType === 'node' || p.dataType === 'edge') && p.dataIndex !== undefined
                ? onItemContextMenu(p.dataType, p.dataIndex, x, y)
                : undefined
          : undefined
      }
    />
  );
}

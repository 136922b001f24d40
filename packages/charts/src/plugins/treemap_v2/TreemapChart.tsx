import { TreemapChart as TreemapSeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { TreemapProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([TreemapSeries]);

export default function TreemapChart({
  width,
  height,
  echartOptions,
  empty,
  onNodeContextMenu,
}: TreemapProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemContextMenu={
        onNodeContextMenu ? (p, x, y) => onNodeContextMenu(p.treePathInfo ?? [], x, y) : undefined
      }
    />
  );
}

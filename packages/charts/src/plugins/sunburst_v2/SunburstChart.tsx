import { SunburstChart as SunburstSeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { SunburstProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([SunburstSeries]);

export default function SunburstChart({
  width,
  height,
  echartOptions,
  empty,
  onNodeContextMenu,
}: SunburstProps) {
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

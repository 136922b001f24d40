import { BoxplotChart as BoxplotSeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { BoxPlotProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([BoxplotSeries]);

/** The box an item belongs to: a box's name, or an outlier's (its `[box, value]` data). */
function boxName(p: { seriesType?: string; name?: string; data?: unknown }): string {
  if (p.seriesType === 'scatter' && Array.isArray(p.data)) return String(p.data[0] ?? '');
  return p.name ?? '';
}

export default function BoxPlotChart({
  width,
  height,
  echartOptions,
  empty,
  onItemContextMenu,
}: BoxPlotProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemContextMenu={
        onItemContextMenu ? (p, x, y) => onItemContextMenu(boxName(p), x, y) : undefined
      }
    />
  );
}

import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { TimeseriesProps } from './transformProps.js';

/** An ECharts time series; a click on a series emits its cross filter when allowed. */
export default function TimeseriesChart({
  width,
  height,
  echartOptions,
  onSeriesClick,
  onPointContextMenu,
  empty,
}: TimeseriesProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemClick={onSeriesClick ? (p) => onSeriesClick(p.seriesName ?? '') : undefined}
      onItemContextMenu={
        onPointContextMenu
          ? (p, x, y) => onPointContextMenu(p.seriesName ?? '', p.data, x, y)
          : undefined
      }
    />
  );
}

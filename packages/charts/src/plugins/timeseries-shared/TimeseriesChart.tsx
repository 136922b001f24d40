import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { TimeseriesProps } from './transformProps.js';

/** An ECharts time series; a click on a series emits its cross filter when allowed. */
export default function TimeseriesChart({
  width,
  height,
  echartOptions,
  onSeriesClick,
  empty,
}: TimeseriesProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemClick={onSeriesClick ? (p) => onSeriesClick(p.seriesName ?? '') : undefined}
    />
  );
}

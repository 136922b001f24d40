import { useMemo } from 'react';
import { EchartsChart } from '../../echarts/EchartsChart.js';
import type { TimeseriesProps } from './transformProps.js';

/** An ECharts time series; a click on a series emits its cross filter when allowed. */
export default function TimeseriesChart({
  width,
  height,
  echartOptions,
  onSeriesClick,
  empty,
}: TimeseriesProps) {
  const onEvents = useMemo(
    () =>
      onSeriesClick
        ? { click: (p: unknown) => onSeriesClick((p as { seriesName: string }).seriesName) }
        : undefined,
    [onSeriesClick],
  );
  if (empty)
    return (
      <div
        style={{
          width,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          color: '#888',
        }}
      >
        No results were returned for this query
      </div>
    );
  return (
    <EchartsChart
      width={width}
      height={height}
      option={echartOptions}
      {...(onEvents ? { onEvents } : {})}
    />
  );
}

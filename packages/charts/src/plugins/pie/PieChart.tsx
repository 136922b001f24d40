import { useMemo } from 'react';
import { EchartsChart } from '../../echarts/EchartsChart.js';
import type { PieProps } from './transformProps.js';

export default function PieChart({ width, height, echartOptions, empty, onSliceClick }: PieProps) {
  const onEvents = useMemo(
    () =>
      onSliceClick
        ? { click: (p: unknown) => onSliceClick((p as { name: string }).name) }
        : undefined,
    [onSliceClick],
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

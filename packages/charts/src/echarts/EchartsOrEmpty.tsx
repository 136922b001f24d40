import { useMemo } from 'react';
import { EchartsChart } from './EchartsChart.js';
import type { EChartsCoreOption } from './echarts-core.js';

/**
 * An ECharts chart, or the "no results" note when there is nothing to draw; `onItemClick` gets
 * each click's ECharts parameters (series name, data name…), for cross filters.
 */
export function EchartsOrEmpty({
  width,
  height,
  option,
  empty,
  onItemClick,
}: {
  width: number;
  height: number;
  option: EChartsCoreOption;
  empty: boolean;
  onItemClick?: ((params: { name?: string; seriesName?: string }) => void) | undefined;
}) {
  const onEvents = useMemo(
    () =>
      onItemClick
        ? { click: (p: unknown) => onItemClick(p as { name?: string; seriesName?: string }) }
        : undefined,
    [onItemClick],
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
      option={option}
      {...(onEvents ? { onEvents } : {})}
    />
  );
}

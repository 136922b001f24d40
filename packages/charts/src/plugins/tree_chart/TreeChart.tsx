import { TreeChart as TreeSeries } from 'echarts/charts';
import { ChartError } from '../../echarts/ChartError.js';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { TreeChartProps } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([TreeSeries]);

/** Height of the line telling what was left out of the tree. */
const WARNING_HEIGHT = 24;

export default function TreeChart({
  width,
  height,
  echartOptions,
  empty,
  error,
  warning,
}: TreeChartProps) {
  if (error)
    return (
      <ChartError width={width} height={height}>
        {error}
      </ChartError>
    );
  if (!warning)
    return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
  const chartHeight = Math.max(0, height - WARNING_HEIGHT);
  return (
    <div style={{ width, height }}>
      <div
        role="status"
        title={warning}
        style={{
          height: WARNING_HEIGHT,
          lineHeight: `${WARNING_HEIGHT}px`,
          padding: '0 8px',
          boxSizing: 'border-box',
          fontSize: 12,
          color: CSS_VAR.warningText,
          background: CSS_VAR.warningBg,
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          textOverflow: 'ellipsis',
        }}
      >
        {warning}
      </div>
      <EchartsOrEmpty width={width} height={chartHeight} option={echartOptions} empty={empty} />
    </div>
  );
}

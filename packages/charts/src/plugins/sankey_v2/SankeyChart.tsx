import { SankeyChart as SankeySeries } from 'echarts/charts';
import { ChartError } from '../../echarts/ChartError.js';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { SankeyProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([SankeySeries]);

export default function SankeyChart({ width, height, echartOptions, empty, error }: SankeyProps) {
  if (error)
    return (
      <ChartError width={width} height={height}>
        {error}
      </ChartError>
    );
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

import { SankeyChart as SankeySeries } from 'echarts/charts';
import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import { echarts } from '../../echarts/echarts-core.js';
import type { SankeyProps } from './transformProps.js';

// This chart type's own ECharts parts (the common ones are in echarts-core).
echarts.use([SankeySeries]);

export default function SankeyChart({ width, height, echartOptions, empty, error }: SankeyProps) {
  if (error)
    return (
      <div
        role="alert"
        style={{
          width,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          textAlign: 'center',
          padding: 16,
          boxSizing: 'border-box',
          color: '#b4232a',
        }}
      >
        {error}
      </div>
    );
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

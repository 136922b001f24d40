import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { SankeyProps } from './transformProps.js';

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

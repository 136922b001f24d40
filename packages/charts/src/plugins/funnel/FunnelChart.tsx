import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { FunnelProps } from './index.js';

export default function FunnelChart({ width, height, echartOptions, empty }: FunnelProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

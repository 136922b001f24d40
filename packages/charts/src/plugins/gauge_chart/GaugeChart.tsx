import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { GaugeProps } from './index.js';

export default function GaugeChart({ width, height, echartOptions, empty }: GaugeProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

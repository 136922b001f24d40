import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { RadarProps } from './index.js';

export default function RadarChart({ width, height, echartOptions, empty }: RadarProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

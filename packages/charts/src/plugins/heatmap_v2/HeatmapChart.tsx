import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { HeatmapProps } from './index.js';

export default function HeatmapChart({ width, height, echartOptions, empty }: HeatmapProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { GraphProps } from './transformProps.js';

export default function GraphChart({ width, height, echartOptions, empty }: GraphProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { HistogramProps } from './transformProps.js';

export default function HistogramChart({ width, height, echartOptions, empty }: HistogramProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

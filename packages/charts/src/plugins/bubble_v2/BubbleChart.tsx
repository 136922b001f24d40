import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { BubbleProps } from './transformProps.js';

export default function BubbleChart({ width, height, echartOptions, empty }: BubbleProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

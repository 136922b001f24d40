import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { WaterfallProps } from './transformProps.js';

export default function WaterfallChart({ width, height, echartOptions, empty }: WaterfallProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

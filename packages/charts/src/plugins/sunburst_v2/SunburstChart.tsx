import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { SunburstProps } from './transformProps.js';

export default function SunburstChart({ width, height, echartOptions, empty }: SunburstProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

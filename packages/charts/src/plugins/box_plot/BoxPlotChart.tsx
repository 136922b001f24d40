import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { BoxPlotProps } from './transformProps.js';

export default function BoxPlotChart({ width, height, echartOptions, empty }: BoxPlotProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { TreemapProps } from './transformProps.js';

export default function TreemapChart({ width, height, echartOptions, empty }: TreemapProps) {
  return <EchartsOrEmpty width={width} height={height} option={echartOptions} empty={empty} />;
}

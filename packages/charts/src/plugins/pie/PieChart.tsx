import { EchartsOrEmpty } from '../../echarts/EchartsOrEmpty.js';
import type { PieProps } from './transformProps.js';

export default function PieChart({
  width,
  height,
  echartOptions,
  empty,
  onSliceClick,
  onSliceContextMenu,
}: PieProps) {
  return (
    <EchartsOrEmpty
      width={width}
      height={height}
      option={echartOptions}
      empty={empty}
      onItemClick={onSliceClick ? (p) => onSliceClick(p.name ?? '') : undefined}
      onItemContextMenu={
        onSliceContextMenu ? (p, x, y) => onSliceContextMenu(p.name ?? '', x, y) : undefined
      }
    />
  );
}

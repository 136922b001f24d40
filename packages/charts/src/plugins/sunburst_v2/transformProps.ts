/**
 * Sunburst props: the rows as rings (levels in the order of `columns`), coloured by name, or
 * by the secondary/primary ratio along the linear scheme when a secondary metric is set; labels
 * as the label type says, hidden under the threshold share of the total; the total in the
 * centre on request; a tooltip with the path, the value and its shares of total and parent.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { sequentialColor } from '../../color/schemes.js';
import { getNumberFormatter, type NumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps } from '../../plugin.js';
import { escapeHtml } from '../pie/legend.js';
import {
  buildTree,
  hierarchyLabel,
  temporalColumns,
  treePathDrillFilters,
  type TreeNode,
} from '../treemap_v2/tree.js';
import { colorsByRatio } from './controlPanel.js';

export interface SunburstProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on an arc (ECharts' tree path of it): the page's drill menu. */
  onNodeContextMenu?: (
    treePathInfo: ReadonlyArray<{ name: string }>,
    clientX: number,
    clientY: number,
  ) => void;
}

/** The names of a clicked arc's path (ECharts' tree path starts with its virtual root). */
export function sunburstNodePath(treePathInfo: ReadonlyArray<{ name: string }>): string[] {
  return treePathInfo.slice(1).map((p) => p.name);
}

/** What ECharts gives sunburst label and tooltip formatters. */
export interface SunburstParams {
  name?: string;
  value?: number;
  data?: { value?: number; secondaryValue?: number };
  treePathInfo?: Array<{ name: string; value?: number }>;
}

interface SunburstItem {
  name: string;
  value: number;
  secondaryValue: number;
  itemStyle: { color: string };
  children?: SunburstItem[];
}

export interface SunburstTooltipContext {
  format: NumberFormatter;
  total: number;
  metric: string;
  /** Set when colouring by the ratio. */
  secondaryMetric?: string | undefined;
}

/** The [min, max] of a value over every node, from 0 (non-finite values skipped). */
export function linearDomain(tree: TreeNode[], of: (n: TreeNode) => number): [number, number] {
  let min = 0;
  let max = 0;
  const visit = (nodes: TreeNode[]) => {
    for (const n of nodes) {
      if (n.children) visit(n.children);
      const v = of(n);
      if (Number.isFinite(v)) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    }
  };
  visit(tree);
  return [min, max];
}

export function sunburstTooltip(params: SunburstParams, ctx: SunburstTooltipContext): string {
  const pct = getNumberFormatter(',.2%');
  // The first entry is ECharts' virtual root; the last is the node itself.
  const path = (params.treePathInfo ?? []).slice(1);
  const parent = path[path.length - 2];
  const value = Number(params.data?.value ?? params.value ?? 0);
  const secondary = Number(params.data?.secondaryValue ?? 0);
  const metric = escapeHtml(ctx.metric);
  const lines = [
    `<div>${path.map((p) => escapeHtml(p.name)).join(' ▸ ')}</div>`,
    `<div style="font-size: 14px; font-weight: 600">${pct(ctx.total ? value / ctx.total : 0)} of total</div>`,
  ];
  if (parent?.value)
    lines.push(`<div style="font-size: 12px">${pct(value / parent.value)} of parent</div>`);
  if (ctx.secondaryMetric) {
    const second = escapeHtml(ctx.secondaryMetric);
    lines.push(
      `<div>${metric}: ${ctx.format(value)}, ${second}: ${ctx.format(secondary)}</div>`,
      `<div>${second}/${metric}: ${pct(value ? secondary / value : 0)}</div>`,
    );
  } else lines.push(`<div>${metric}: ${ctx.format(value)}</div>`);
  return lines.join('');
}

/** Height of a label line in px (12 px text). */
const LABEL_LINE = 14;

/** The depth of one ring: the rings share the radius from 30 % (the hole) to 100 %. */
export function ringDepth(radius: number, depth: number): number {
  return (radius * 0.7) / Math.max(1, depth);
}

/**
 * Label options per ring (ECharts' `levels`, level 0 being the root): a sector shows its label
 * only when it is wide enough at the ring's middle for a line of text (so labels of thin
 * sectors do not pile on each other) and holds at least the threshold share.
 */
export function sunburstLevelLabels(
  radius: number,
  depth: number,
  thresholdPercent: number,
): Array<Record<string, unknown>> {
  const ring = ringDepth(radius, depth);
  const levels: Array<Record<string, unknown>> = [{}];
  for (let i = 0; i < depth; i++) {
    const middle = radius * 0.3 + ring * (i + 0.5);
    const fits = middle > 0 ? (LABEL_LINE / middle) * (180 / Math.PI) : 360;
    levels.push({
      label: { minAngle: Math.max(thresholdPercent * 3.6, fits), width: Math.max(0, ring - 8) },
    });
  }
  return levels;
}

export function transformProps(chartProps: ChartProps): SunburstProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const byRatio = colorsByRatio(formData);
  const secondaryMetric = byRatio
    ? getMetricLabel(formData.secondary_metric as QueryMetric)
    : undefined;
  const columns = (formData.columns as QueryColumn[] | undefined)?.length
    ? (formData.columns as QueryColumn[])
    : ((formData.groupby as QueryColumn[] | undefined) ?? []);
  const levels = columns.map(getColumnLabel);
  const numberFormat = getNumberFormatter(formData.number_format as string | undefined);
  const tree = buildTree(result.data, {
    levels,
    metric,
    secondaryMetric,
    numberFormat,
    dateFormat: getTimeFormatter(formData.date_format as string | undefined),
    temporal: temporalColumns(result),
  });
  const total = tree.reduce((s, n) => s + n.value, 0);
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const ratio = (n: TreeNode) => n.secondaryValue / n.value;
  const [min, max] = linearDomain(tree, ratio);
  const linearScheme = formData.linear_color_scheme as string | undefined;
  const colorOf = (n: TreeNode): string =>
    byRatio
      ? sequentialColor(linearScheme, max === min ? 0.5 : (ratio(n) - min) / (max - min))
      : scale.getColor(n.name);
  const toItem = (n: TreeNode): SunburstItem => ({
    name: n.name,
    value: n.value,
    secondaryValue: n.secondaryValue,
    itemStyle: { color: colorOf(n) },
    ...(n.children?.length ? { children: n.children.map(toItem) } : {}),
  });
  const threshold = Number(formData.show_labels_threshold ?? 5) || 0;
  const labelType = (formData.label_type as string) || 'key';
  const showLabels = formData.show_labels !== false;
  const radius = Math.max(0, Math.min(width - 10, height - 20) / 2);
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    empty: false,
    ...(onContextMenu
      ? {
          onNodeContextMenu: (info: ReadonlyArray<{ name: string }>, x: number, y: number) =>
            onContextMenu(x, y, treePathDrillFilters(tree, columns, sunburstNodePath(info))),
        }
      : {}),
    echartOptions: {
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: SunburstParams) =>
          sunburstTooltip(p, { format: numberFormat, total, metric, secondaryMetric }),
      },
      series: [
        {
          type: 'sunburst',
          top: 10,
          right: 5,
          bottom: 10,
          left: 5,
          radius: [radius * 0.3, radius],
          nodeClick: 'rootToNode',
          emphasis: { focus: 'ancestor', label: { show: showLabels } },
          levels: sunburstLevelLabels(radius, levels.length, threshold),
          label: {
            show: showLabels,
            // One line along the radius, cut with "…" at the ring's depth: a name is never
            // broken mid-word onto lines that run into the next sector.
            rotate: 'radial',
            width: ringDepth(radius, levels.length) - 8,
            overflow: 'truncate',
            ellipsis: '…',
            minAngle: threshold * 3.6,
            formatter: (p: SunburstParams) => {
              const v = Number(p.value ?? 0);
              if (total && (v / total) * 100 < threshold) return '';
              return hierarchyLabel(labelType, p.name ?? '', numberFormat(v));
            },
          },
          data: tree.map(toItem),
        },
      ],
      ...(formData.show_total
        ? {
            graphic: {
              type: 'text',
              top: 'center',
              left: 'center',
              z: 10,
              style: { text: `Total: ${numberFormat(total)}`, fontSize: 16, fontWeight: 'bold' },
            },
          }
        : {}),
    },
  };
}

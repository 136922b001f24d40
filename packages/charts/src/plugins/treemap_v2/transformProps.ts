/**
 * Treemap props: the rows as a tree under a root named by the metric (levels in the order of
 * `groupby`, parents the sums of their children), top-level nodes coloured by name, labels and
 * upper labels (nodes with children) as the label type says, a breadcrumb, and a tooltip with
 * the path and the value's share of its parent.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
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
} from './tree.js';

export interface TreemapProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on a rectangle (ECharts' tree path of it): the page's drill menu. */
  onNodeContextMenu?: (
    treePathInfo: ReadonlyArray<{ name: string }>,
    clientX: number,
    clientY: number,
  ) => void;
}

/**
 * The names of a clicked rectangle's path below the chart's root (ECharts' tree path starts
 * with its unnamed virtual root, then the root this chart names by the metric).
 */
export function treemapNodePath(treePathInfo: ReadonlyArray<{ name: string }>): string[] {
  return treePathInfo
    .filter((p) => p.name !== '')
    .slice(1)
    .map((p) => p.name);
}

/** What ECharts gives treemap label and tooltip formatters. */
export interface TreemapParams {
  name?: string;
  value?: number | number[];
  treePathInfo?: Array<{ name: string; value?: number | number[] }>;
}

interface TreemapItem {
  name: string;
  value: number;
  children?: TreemapItem[];
  itemStyle?: Record<string, unknown>;
  upperLabel?: Record<string, unknown>;
  colorSaturation?: number[];
}

const COLOR_SATURATION = [0.7, 0.4];
const num = (v: number | number[] | undefined): number =>
  Array.isArray(v) ? Number(v[0] ?? 0) : Number(v ?? 0);

/** Tooltip: the path below the root (escaped), then "metric: value (share of parent)". */
export function treemapTooltip(params: TreemapParams, format: NumberFormatter): string {
  const info = (params.treePathInfo ?? []).filter((p) => p.name !== '');
  const [root, ...path] = info;
  const current = info[info.length - 1];
  const parent = info[info.length - 2];
  const percent =
    parent && current && num(parent.value)
      ? getNumberFormatter(',.2%')(num(current.value) / num(parent.value))
      : '';
  return [
    `<div>${path.map((p) => escapeHtml(p.name)).join(' ▸ ')}</div>`,
    `${escapeHtml(root?.name ?? '')}: ${format(num(params.value))}`,
    percent ? ` (${percent})` : '',
  ].join('');
}

export function transformProps(chartProps: ChartProps): TreemapProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const levels = groupbyColumns.map(getColumnLabel);
  const numberFormat = getNumberFormatter(formData.number_format as string | undefined);
  const dateFormat = getTimeFormatter(formData.date_format as string | undefined);
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const tree: TreeNode[] = levels.length
    ? buildTree(result.data, {
        levels,
        metric,
        numberFormat,
        dateFormat,
        temporal: temporalColumns(result),
      })
    : [
        {
          name: metric,
          value: result.data.reduce((s, r) => s + (Number(r[metric]) || 0), 0),
          secondaryValue: 0,
        },
      ];
  const toItem = (node: TreeNode, top: boolean): TreemapItem => ({
    name: node.name,
    value: node.value,
    ...(top ? { itemStyle: { color: scale.getColor(node.name) } } : {}),
    ...(node.children?.length
      ? {
          colorSaturation: COLOR_SATURATION,
          children: node.children.map((c) => toItem(c, false)),
        }
      : {}),
  });
  const root: TreemapItem = {
    name: metric,
    value: tree.reduce((s, n) => s + n.value, 0),
    upperLabel: { show: false },
    children: tree.map((n) => toItem(n, true)),
  };
  const labelType = (formData.label_type as string) || 'key_value';
  const formatter = (p: TreemapParams) =>
    hierarchyLabel(labelType, p.name ?? '', numberFormat(num(p.value)));
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    empty: false,
    ...(onContextMenu
      ? {
          onNodeContextMenu: (info: ReadonlyArray<{ name: string }>, x: number, y: number) =>
            onContextMenu(x, y, treePathDrillFilters(tree, groupbyColumns, treemapNodePath(info))),
        }
      : {}),
    echartOptions: {
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: TreemapParams) => treemapTooltip(p, numberFormat),
      },
      series: [
        {
          type: 'treemap',
          left: 0,
          right: 0,
          top: 0,
          bottom: 30,
          roam: true,
          nodeClick: 'zoomToNode',
          breadcrumb: { show: true, bottom: 0, emptyItemWidth: 25 },
          emphasis: { label: { show: true } },
          levels: [{ upperLabel: { show: false }, label: { show: false } }],
          label: {
            show: formData.show_labels !== false,
            position: 'insideTopLeft',
            fontSize: 11,
            formatter,
          },
          upperLabel: {
            show: formData.show_upper_labels !== false,
            height: 20,
            fontSize: 11,
            textBorderColor: 'transparent',
            formatter,
          },
          // The gaps show the surface under the chart (white in light, dark in dark).
          itemStyle: { borderColor: 'transparent', borderWidth: 1, gapWidth: 1 },
          data: [root],
        },
      ],
    },
  };
}

/**
 * Tree Chart props: the rows as one tree (`tree.ts`) drawn by an ECharts `tree` series with
 * Superset's defaults (orthogonal, left to right, empty circles of 7 px, roaming on, node labels
 * left and leaf labels below, hover highlighting the descendants), and a tooltip with the path
 * and the metric. A tree that cannot be built gives `error` instead of an option; rows left out
 * give `warning` next to the chart.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { escapeHtml } from '../pie/legend.js';
import { buildTree } from './tree.js';

export interface TreeChartProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** Why the chart cannot be drawn, shown instead of it. */
  error?: string;
  /** What was left out of the tree, shown above it. */
  warning?: string;
}

export const TREE_DEFAULTS = {
  layout: 'orthogonal',
  orient: 'LR',
  symbol: 'emptyCircle',
  symbolSize: 7,
  roam: true,
  node_label_position: 'left',
  child_label_position: 'bottom',
  emphasis: 'descendant',
} as const;

/** What ECharts gives the tree's tooltip formatter. */
export interface TreeParams {
  name?: string;
  value?: unknown;
  treeAncestors?: Array<{ name?: string }>;
}

/** Tooltip: the escaped path from the root (the series' unnamed top left out), then the metric. */
export function treeTooltip(params: TreeParams, metricLabel: string): string {
  const path = (params.treeAncestors ?? []).map((p) => p?.name ?? '').filter((n) => n !== '');
  const { value } = params;
  const hasValue = value !== null && value !== undefined && value !== '' && metricLabel !== '';
  return [
    `<div>${path.map(escapeHtml).join(' ▸ ')}</div>`,
    hasValue ? `${escapeHtml(metricLabel)}: ${escapeHtml(String(value))}` : '',
  ].join('');
}

const oneOf = <T extends string>(v: unknown, choices: readonly T[], fallback: T): T =>
  choices.includes(v as T) ? (v as T) : fallback;

/** roam: false, true, 'scale' or 'move' (text "true"/"false" from YAML read as booleans). */
function roamOf(v: unknown): boolean | 'scale' | 'move' {
  if (v === 'scale' || v === 'move') return v;
  if (v === false || v === 'false') return false;
  if (v === true || v === 'true') return true;
  return TREE_DEFAULTS.roam;
}

const LABEL_POSITIONS = ['left', 'top', 'right', 'bottom'] as const;

export function transformProps(chartProps: ChartProps): TreeChartProps {
  const { width, height, formData, queriesData } = chartProps;
  const rows = queriesData[0]?.data ?? [];
  const none = { width, height, echartOptions: {} };
  const id = formData.id as QueryColumn | null | undefined;
  const parent = formData.parent as QueryColumn | null | undefined;
  if (rows.length === 0 || !id || !parent) return { ...none, empty: true };
  const name = formData.name as QueryColumn | null | undefined;
  const metric = formData.metric as QueryMetric | null | undefined;
  const metricLabel = metric ? getMetricLabel(metric) : '';
  const idLabel = getColumnLabel(id);
  const result = buildTree(
    rows,
    {
      id: idLabel,
      parent: getColumnLabel(parent),
      name: name ? getColumnLabel(name) : idLabel,
      metric: metric ? metricLabel : undefined,
    },
    formData.root_node_id as string | number | null | undefined,
  );
  const warning = result.warnings.length ? { warning: result.warnings.join(' ') } : {};
  if (!result.root)
    return {
      ...none,
      empty: false,
      error: result.error ?? 'The tree cannot be drawn.',
      ...warning,
    };

  const symbolSize = Number(formData.symbolSize);
  return {
    width,
    height,
    empty: false,
    ...warning,
    echartOptions: {
      animationDuration: 500,
      animationEasing: 'cubicOut',
      tooltip: {
        trigger: 'item',
        triggerOn: 'mousemove',
        appendToBody: true,
        formatter: (p: TreeParams) => treeTooltip(p, metricLabel),
      },
      series: [
        {
          type: 'tree',
          data: [result.root],
          layout: oneOf(formData.layout, ['orthogonal', 'radial'], TREE_DEFAULTS.layout),
          orient: oneOf(formData.orient, ['LR', 'RL', 'TB', 'BT'], TREE_DEFAULTS.orient),
          symbol:
            typeof formData.symbol === 'string' && formData.symbol
              ? formData.symbol
              : TREE_DEFAULTS.symbol,
          symbolSize:
            Number.isFinite(symbolSize) && symbolSize > 0 ? symbolSize : TREE_DEFAULTS.symbolSize,
          roam: roamOf(formData.roam),
          animation: true,
          label: {
            position: oneOf(
              formData.node_label_position,
              LABEL_POSITIONS,
              TREE_DEFAULTS.node_label_position,
            ),
            fontSize: 15,
          },
          leaves: {
            label: {
              position: oneOf(
                formData.child_label_position,
                LABEL_POSITIONS,
                TREE_DEFAULTS.child_label_position,
              ),
            },
          },
          emphasis: {
            focus: oneOf(
              formData.emphasis,
              ['ancestor', 'descendant', 'none'],
              TREE_DEFAULTS.emphasis,
            ),
          },
          lineStyle: { width: 1.5 },
        },
      ],
    },
  };
}

/**
 * Hierarchies from flat rows (treemap and sunburst): one level per column in order, each node
 * named by its value (null → 'NULL', temporal → the date format, numbers → the number format),
 * leaves carrying the metric, parents the sums of their children.
 */
import { GenericDataType, type QueryColumn } from '@strata/core';
import { drillFilter, drillFilters } from '../../drill.js';
import type { NumberFormatter } from '../../format/number-format.js';
import type { TimeFormatter } from '../../format/time-format.js';
import type { ChartDataResult, DrillFilter } from '../../plugin.js';

export interface TreeNode {
  name: string;
  value: number;
  /** The level's value as the answer holds it (for drill filters). */
  raw?: unknown;
  /** The secondary metric's value (the primary's when there is none). */
  secondaryValue: number;
  children?: TreeNode[];
}

export const NULL_NAME = 'NULL';

/** The label types of hierarchical charts. */
export const HIERARCHY_LABEL_TYPES: Array<[string, string]> = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['key_value', 'Category and Value'],
];

export function hierarchyLabel(type: string, name: string, value: string): string {
  if (type === 'value') return value;
  if (type === 'key_value') return `${name}: ${value}`;
  return name;
}

const metricValue = (row: Record<string, unknown>, metric: string): number => {
  const v = row[metric];
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** A level value's display name. */
export function levelName(
  raw: unknown,
  temporal: boolean,
  numberFormat: NumberFormatter,
  dateFormat: TimeFormatter,
): string {
  if (raw === null || raw === undefined) return NULL_NAME;
  if (temporal && (typeof raw === 'number' || typeof raw === 'string')) {
    const d = new Date(raw);
    return Number.isNaN(d.getTime()) ? String(raw) : dateFormat(d);
  }
  if (typeof raw === 'number') return numberFormat(raw);
  return String(raw);
}

export interface TreeOptions {
  levels: string[];
  metric: string;
  secondaryMetric?: string | undefined;
  numberFormat: NumberFormatter;
  dateFormat: TimeFormatter;
  /** Columns of the answer holding times. */
  temporal: Set<string>;
}

/** The temporal columns of a chart data answer. */
export function temporalColumns(result: ChartDataResult): Set<string> {
  return new Set(result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL));
}

/** The nodes of the first level (children in order of first appearance). */
export function buildTree(rows: Array<Record<string, unknown>>, opts: TreeOptions): TreeNode[] {
  const [level, ...rest] = opts.levels;
  if (level === undefined) return [];
  const groups = new Map<string, { raw: unknown; rows: Array<Record<string, unknown>> }>();
  for (const row of rows) {
    const raw = row[level];
    const key = raw === null || raw === undefined ? '\0null' : `${typeof raw}:${String(raw)}`;
    const group = groups.get(key);
    if (group) group.rows.push(row);
    else groups.set(key, { raw, rows: [row] });
  }
  return [...groups.values()].map(({ raw, rows: groupRows }) => {
    const name = levelName(raw, opts.temporal.has(level), opts.numberFormat, opts.dateFormat);
    if (rest.length === 0) {
      const value = groupRows.reduce((s, r) => s + metricValue(r, opts.metric), 0);
      const secondaryValue = opts.secondaryMetric
        ? groupRows.reduce((s, r) => s + metricValue(r, opts.secondaryMetric!), 0)
        : value;
      return { name, raw, value, secondaryValue };
    }
    const children = buildTree(groupRows, { ...opts, levels: rest });
    return {
      name,
      raw,
      value: children.reduce((s, c) => s + c.value, 0),
      secondaryValue: children.reduce((s, c) => s + c.secondaryValue, 0),
      children,
    };
  });
}

/**
 * The drill filters of a node reached by the names of its path from the first level (as
 * ECharts reports a clicked treemap rectangle or sunburst arc): one equality per level on the
 * level's column with the node's value, down to the node itself (Superset: the tree path).
 * A name that is no node, or a null value, ends or skips the filters as `drillFilter` does.
 */
export function treePathDrillFilters(
  tree: readonly TreeNode[],
  columns: readonly QueryColumn[],
  path: readonly string[],
): DrillFilter[] {
  const out: Array<DrillFilter | null> = [];
  let nodes: readonly TreeNode[] | undefined = tree;
  for (let i = 0; i < path.length && i < columns.length && nodes; i++) {
    const node: TreeNode | undefined = nodes.find((n) => n.name === path[i]);
    if (!node) break;
    out.push(drillFilter(columns[i], node.raw, node.name));
    nodes = node.children;
  }
  return drillFilters(out);
}

/**
 * Drill filters of a pivot table's cells (Superset's pivot context menu): a value cell gives its
 * column header values then its row header values, a header cell the values of its header path;
 * the metric is no filter. Temporal attributes carry the time grain they were grouped by.
 * "Drill by" replaces the grouping of the axis clicked (rows or columns, as the form data names
 * them once transposed).
 */
import type { QueryColumn } from '@strata/core';
import { drillFilter, drillFilters } from '../../drill.js';
import type { DrillContext, DrillFilter } from '../../plugin.js';
import type { Key } from './pivot.js';

export interface PivotDrillInfo {
  rowAttrs: readonly string[];
  colAttrs: readonly string[];
  /** The attribute standing for the metrics (no filter). */
  metricKey: string;
  /** Each dimension attribute's column. */
  columns: ReadonlyMap<string, QueryColumn>;
  /** Each dimension attribute's values as the answer holds them, by their header label. */
  raw: ReadonlyMap<string, ReadonlyMap<string, unknown>>;
  /** Attributes holding times, and the grain they were grouped by. */
  temporal: ReadonlySet<string>;
  grain: string | null;
  /** The form data fields grouping the table's rows and columns. */
  rowField: string;
  colField: string;
}

/** The filters of a header path: one per dimension attribute of the key. */
export function pivotKeyDrillFilters(
  attrs: readonly string[],
  key: Key,
  info: PivotDrillInfo,
): DrillFilter[] {
  return drillFilters(
    key.map((label, i) => {
      const attr = attrs[i];
      if (attr === undefined || attr === info.metricKey) return null;
      const raw = info.raw.get(attr);
      if (!raw?.has(label)) return null;
      return drillFilter(
        info.columns.get(attr),
        raw.get(label),
        label,
        info.temporal.has(attr) ? info.grain : null,
      );
    }),
  );
}

/** A value cell (totals have shorter keys): its column then its row header values. */
export function pivotCellDrill(
  row: Key,
  col: Key,
  info: PivotDrillInfo,
): { filters: DrillFilter[]; context: DrillContext } {
  const filters = [
    ...pivotKeyDrillFilters(info.colAttrs, col, info),
    ...pivotKeyDrillFilters(info.rowAttrs, row, info),
  ];
  return { filters, context: { drillByField: info.rowField } };
}

/** A header cell: the path of its axis down to it; "Drill by" regroups that axis. */
export function pivotHeaderDrill(
  axis: 'row' | 'col',
  key: Key,
  info: PivotDrillInfo,
): { filters: DrillFilter[]; context: DrillContext } {
  const filters = pivotKeyDrillFilters(axis === 'row' ? info.rowAttrs : info.colAttrs, key, info);
  return { filters, context: { drillByField: axis === 'row' ? info.rowField : info.colField } };
}

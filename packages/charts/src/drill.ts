/**
 * Drill filters of a clicked data point (Superset's `BinaryQueryObjectFilterClause`): one
 * equality per dimension that is a dataset column (adhoc SQL dimensions cannot be filtered by
 * name and are left out); null values become `IS NULL`-free equalities on the text "NULL" in
 * Superset too, so they are left out here.
 */
import { getColumnLabel, type QueryColumn } from '@strata/core';
import type { ChartHooks, DrillFilter } from './plugin.js';

/** The dataset column a dimension reads, or null for an adhoc SQL expression. */
export function drillColumnName(column: QueryColumn | undefined): string | null {
  if (column === undefined) return null;
  if (typeof column === 'string') return column;
  if (column.isColumnReference && typeof column.sqlExpression === 'string')
    return column.sqlExpression;
  return null;
}

/** One drill filter, or null when the value cannot be one (null, objects, no column). */
export function drillFilter(
  column: QueryColumn | undefined,
  value: unknown,
  formattedVal: string,
  grain?: string | null,
): DrillFilter | null {
  const col = drillColumnName(column);
  if (col === null || value === null || value === undefined) return null;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    return null;
  return { col, op: '==', val: value, formattedVal, ...(grain ? { grain } : {}) };
}

/** The drill filters of a point's dimensions, the unusable ones left out. */
export function drillFilters(items: Array<DrillFilter | null>): DrillFilter[] {
  return items.filter((f): f is DrillFilter => f !== null);
}

/**
 * The drill filters of a result row's dimensions (a funnel's stage, a gauge's needle, a
 * radar's shape…: Superset's label map of the item's groupby values), each value shown as
 * `text` says (its string by default).
 */
export function rowDrillFilters(
  columns: readonly QueryColumn[],
  row: Record<string, unknown>,
  text: (label: string, value: unknown) => string = (_, v) => String(v),
): DrillFilter[] {
  return drillFilters(
    columns.map((c) => {
      const label = getColumnLabel(c);
      return drillFilter(c, row[label], text(label, row[label]));
    }),
  );
}

/**
 * The right-click handler of a chart whose items are named (ECharts' data names): the item's
 * drill filters looked up by its name (none for a name without), or undefined when the page
 * offers no drill menu.
 */
export function namedItemContextMenu(
  onContextMenu: ChartHooks['onContextMenu'],
  drills: ReadonlyMap<string, DrillFilter[]>,
): ((name: string, clientX: number, clientY: number) => void) | undefined {
  if (!onContextMenu) return undefined;
  return (name, x, y) => onContextMenu(x, y, drills.get(name) ?? []);
}

/** `{ onItemContextMenu }` when there is a handler, nothing otherwise (optional props). */
export function itemMenu(
  handler: ((name: string, clientX: number, clientY: number) => void) | undefined,
): { onItemContextMenu?: (name: string, clientX: number, clientY: number) => void } {
  return handler ? { onItemContextMenu: handler } : {};
}

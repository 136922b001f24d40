/**
 * Drill filters of a clicked data point (Superset's `BinaryQueryObjectFilterClause`): one
 * equality per dimension that is a dataset column (adhoc SQL dimensions cannot be filtered by
 * name and are left out); null values become `IS NULL`-free equalities on the text "NULL" in
 * Superset too, so they are left out here.
 */
import type { QueryColumn } from '@strata/core';
import type { DrillFilter } from './plugin.js';

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

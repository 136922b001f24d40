/** ORDER BY items of a query object (`orderby`: `[metric or column, ascending]`). */
import { isAdhocMetric, type OrderByItem } from '@strata/core';
import { columnSql, savedMetricSql, type Context } from './context.js';
import { resolveColumn, resolveMetric, type Resolved } from './resolve.js';
import { QueryValidationError } from './types.js';

export interface OrderTerm {
  /** The select item it refers to (by label), when it is one. */
  label: string | null;
  sql: string;
  ascending: boolean;
  /** It orders by an aggregate: the query must group. */
  aggregates: boolean;
}

export function resolveOrder(
  ctx: Context,
  [col, ascending]: OrderByItem,
  metrics: Resolved[],
  named: Map<string, Resolved>,
): OrderTerm {
  if (typeof col !== 'string') {
    if (isAdhocMetric(col)) {
      const r = resolveMetric(ctx, col);
      const selected = metrics.find((m) => m.label === r.label && m.sql === r.sql);
      return { label: selected ? r.label : null, sql: r.sql, ascending, aggregates: true };
    }
    const r = resolveColumn(ctx, col);
    return { label: null, sql: r.sql, ascending, aggregates: false };
  }
  const metric = metrics.find((m) => m.label === col);
  if (metric) return { label: col, sql: metric.sql, ascending, aggregates: true };
  const adhoc = named.get(col);
  if (adhoc) return { label: col, sql: adhoc.sql, ascending, aggregates: false };
  const saved = ctx.metrics.get(col);
  if (saved) return { label: null, sql: savedMetricSql(ctx, saved), ascending, aggregates: true };
  const column = ctx.columns.get(col);
  if (column) return { label: null, sql: columnSql(ctx, column), ascending, aggregates: false };
  throw new QueryValidationError(`Unknown column used in orderby: ${col}`);
}

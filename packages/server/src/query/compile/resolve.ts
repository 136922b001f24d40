/** Columns and metrics of a query object resolved against the dataset into SQL expressions. */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  metricColumnName,
  type QueryColumn,
  type QueryMetric,
} from '@strata/core';
import {
  checkName,
  columnDateFormat,
  columnSql,
  datasetColumn,
  requestFragment,
  savedMetricSql,
  truncateColumn,
  type Context,
} from './context.js';
import type { DateFormat } from './date-format.js';
import { QueryValidationError, type CompileColumn } from './types.js';

export interface Resolved {
  label: string;
  sql: string;
  /** The dataset column behind it, when it is one (possibly truncated to a grain). */
  column?: CompileColumn;
  /** The generic type of the result, when known. */
  type?: GenericDataType | null;
  /**
   * The python_date_format of the temporal dataset column selected as it is stored (not
   * truncated): its values are in that format (time filter bounds, result normalisation).
   */
  dateFormat?: DateFormat | null;
}

/**
 * A column of the query: a dataset column by name, or an adhoc column (a reference to a dataset
 * column, or a checked SQL expression). A BASE_AXIS column on a temporal dataset column is
 * truncated to its `timeGrain` (or `defaultGrain`).
 */
export function resolveColumn(
  ctx: Context,
  col: QueryColumn,
  defaultGrain?: string | null,
): Resolved {
  const label = getColumnLabelChecked(col);
  if (typeof col === 'string') {
    const column = datasetColumn(ctx, col, 'Column');
    return {
      label,
      sql: columnSql(ctx, column),
      column,
      type: column.type_generic,
      dateFormat: columnDateFormat(column),
    };
  }
  const referenced = ctx.columns.get(col.sqlExpression);
  if (col.isColumnReference && !referenced)
    throw new QueryValidationError(`Column "${col.sqlExpression}" does not exist in dataset`);
  if (referenced) {
    const grain = col.columnType === 'BASE_AXIS' ? (col.timeGrain ?? defaultGrain) : null;
    if (grain && referenced.is_dttm)
      return {
        label,
        sql: truncateColumn(ctx, grain, referenced),
        column: referenced,
        type: GenericDataType.TEMPORAL,
      };
    return {
      label,
      sql: columnSql(ctx, referenced),
      column: referenced,
      type: referenced.type_generic,
      dateFormat: columnDateFormat(referenced),
    };
  }
  const sql = requestFragment(ctx, col.sqlExpression, `The custom SQL of column "${label}"`);
  return { label, sql: `(${sql})`, type: null };
}

function getColumnLabelChecked(col: QueryColumn): string {
  let label: string;
  try {
    label = getColumnLabel(col);
  } catch {
    throw new QueryValidationError('A column has neither a label nor an SQL expression');
  }
  checkName(label);
  return label;
}

const AGGREGATES: Record<string, (sql: string) => string> = {
  AVG: (s) => `AVG(${s})`,
  COUNT: (s) => `COUNT(${s})`,
  COUNT_DISTINCT: (s) => `COUNT(DISTINCT ${s})`,
  MAX: (s) => `MAX(${s})`,
  MIN: (s) => `MIN(${s})`,
  SUM: (s) => `SUM(${s})`,
};

/** A metric: a saved metric by name, a SIMPLE aggregate over a dataset column, or checked SQL. */
export function resolveMetric(ctx: Context, metric: QueryMetric): Resolved {
  let label: string;
  try {
    label = getMetricLabel(metric);
  } catch {
    throw new QueryValidationError(
      `Invalid metric object: ${JSON.stringify(metric).slice(0, 200)}`,
    );
  }
  checkName(label);
  if (typeof metric === 'string') {
    const saved = ctx.metrics.get(metric);
    if (!saved) throw new QueryValidationError(`Metric '${metric}' does not exist`);
    return { label, sql: savedMetricSql(ctx, saved), type: GenericDataType.NUMERIC };
  }
  if (metric.expressionType === 'SIMPLE') {
    const name = metricColumnName(metric) ?? '';
    const column = datasetColumn(ctx, name, 'Column');
    const aggregate = AGGREGATES[metric.aggregate];
    if (!aggregate) throw new QueryValidationError(`Unknown aggregate: ${metric.aggregate}`);
    return { label, sql: aggregate(columnSql(ctx, column)), type: GenericDataType.NUMERIC };
  }
  const sql = requestFragment(ctx, metric.sqlExpression, `The custom SQL of metric "${label}"`);
  return { label, sql, type: null };
}

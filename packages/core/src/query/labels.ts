/**
 * Superset's labels of metrics and columns (get_metric_name / get_column_name in
 * superset/utils/core.py, getMetricLabel / getColumnLabel in superset-ui-core): the names of the
 * result's columns, and what orderby and post-processing refer to.
 */
import type { AdhocColumn, AdhocMetric, QueryColumn, QueryMetric } from './types.js';

export function isAdhocMetric(metric: unknown): metric is AdhocMetric {
  return (
    typeof metric === 'object' &&
    metric !== null &&
    'expressionType' in metric &&
    (metric.expressionType === 'SIMPLE' || metric.expressionType === 'SQL')
  );
}

export function isAdhocColumn(column: unknown): column is AdhocColumn {
  return (
    typeof column === 'object' &&
    column !== null &&
    'sqlExpression' in column &&
    typeof column.sqlExpression === 'string' &&
    !('aggregate' in column)
  );
}

/** The column name of a SIMPLE metric (`column_name`, or the client's `columnName`). */
export function metricColumnName(metric: AdhocMetric): string | undefined {
  if (metric.expressionType !== 'SIMPLE') return undefined;
  return metric.column.column_name ?? metric.column.columnName;
}

/**
 * A metric's label: a saved metric's name; else the adhoc metric's label when it has one; else
 * `AGGREGATE(column)` for SIMPLE metrics (`COUNT_DISTINCT(name)`) and the SQL expression for SQL
 * metrics.
 */
export function getMetricLabel(metric: QueryMetric): string {
  if (typeof metric === 'string') return metric;
  if (metric.label) return metric.label;
  if (metric.expressionType === 'SIMPLE') {
    const column = metricColumnName(metric);
    if (column) return `${metric.aggregate}(${column})`;
  } else if (metric.sqlExpression) {
    return metric.sqlExpression;
  }
  throw new Error(`Invalid metric object: ${JSON.stringify(metric)}`);
}

/** A column's label: its name; for an adhoc column its label, else its SQL expression. */
export function getColumnLabel(column: QueryColumn): string {
  if (typeof column === 'string') return column;
  if (column.label) return column.label;
  if (column.sqlExpression) return column.sqlExpression;
  throw new Error('Missing label');
}

export const getMetricLabels = (metrics: readonly QueryMetric[] | null | undefined): string[] =>
  (metrics ?? []).map(getMetricLabel);

export const getColumnLabels = (columns: readonly QueryColumn[] | null | undefined): string[] =>
  (columns ?? []).map(getColumnLabel);

/** Superset's filter operators (`FilterOperator` in superset/utils/core.py), as sent on the wire. */
export const FILTER_OPERATORS = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'NOT ILIKE',
  'REGEX',
  'TEMPORAL_RANGE',
  'IN',
  'NOT IN',
  'IS NULL',
  'IS NOT NULL',
  'LATEST PARTITION',
  'IS TRUE',
  'IS FALSE',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** Operators taking a list of values. */
export const LIST_OPERATORS: ReadonlySet<FilterOperator> = new Set(['IN', 'NOT IN']);

/** Operators taking no value (the comparator is disabled for them). */
export const UNARY_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  'IS NULL',
  'IS NOT NULL',
  'LATEST PARTITION',
  'IS TRUE',
  'IS FALSE',
]);

/** Comparison operators: the only ones a HAVING clause allows. */
export const COMPARISON_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
]);

/** Pattern operators (LIKE family). */
export const PATTERN_OPERATORS: ReadonlySet<FilterOperator> = new Set([
  'LIKE',
  'NOT LIKE',
  'ILIKE',
  'NOT ILIKE',
]);

export function isFilterOperator(value: unknown): value is FilterOperator {
  return typeof value === 'string' && (FILTER_OPERATORS as readonly string[]).includes(value);
}

/** Superset's SIMPLE metric aggregates. */
export const METRIC_AGGREGATES = ['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const;
export type MetricAggregate = (typeof METRIC_AGGREGATES)[number];

/** The pseudo column of legacy time series (the truncated `granularity` column). */
export const DTTM_ALIAS = '__timestamp';

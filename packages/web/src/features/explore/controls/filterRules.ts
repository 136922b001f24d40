/**
 * The simple filter tab's operator rules (spec 001 §4, §5): which operators a column offers, the
 * operator a new subject gets, and how the comparator follows an operator change.
 */
import {
  GenericDataType,
  LIST_OPERATORS,
  UNARY_OPERATORS,
  type FilterOperator,
} from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';

const BASE: FilterOperator[] = [
  '==',
  '!=',
  '>',
  '<',
  '>=',
  '<=',
  'IN',
  'NOT IN',
  'LIKE',
  'ILIKE',
  'IS NULL',
  'IS NOT NULL',
];

/** Operators offered for a column (TEMPORAL_RANGE is never offered as a normal operator). */
export function operatorsFor(
  column: DatasourceColumn | undefined,
  clause: 'WHERE' | 'HAVING',
): FilterOperator[] {
  if (clause === 'HAVING') return ['==', '!=', '>', '<', '>=', '<='];
  if (!column) return BASE;
  if (column.type_generic === GenericDataType.BOOLEAN)
    return ['IS TRUE', 'IS FALSE', 'IS NULL', 'IS NOT NULL'];
  const ops = [...BASE];
  if (column.type_generic === GenericDataType.NUMERIC || column.expression)
    ops.push('IS TRUE', 'IS FALSE');
  return ops;
}

export function isTemporal(column: DatasourceColumn | undefined): boolean {
  return !!column && (column.is_dttm === true || column.type_generic === GenericDataType.TEMPORAL);
}

/** The operator after choosing a subject: temporal → TEMPORAL_RANGE; kept if still valid; else IN. */
export function operatorForSubject(
  column: DatasourceColumn | undefined,
  current: FilterOperator | null,
): FilterOperator {
  if (isTemporal(column)) return 'TEMPORAL_RANGE';
  const ops = operatorsFor(column, 'WHERE');
  if (current && ops.includes(current)) return current;
  return ops.includes('IN') ? 'IN' : ops[0]!;
}

/** The comparator after an operator change: lists ↔ single values; booleans for IS TRUE/FALSE. */
export function comparatorForOperator(operator: FilterOperator, comparator: unknown): unknown {
  if (operator === 'IS TRUE') return true;
  if (operator === 'IS FALSE') return false;
  if (UNARY_OPERATORS.has(operator)) return null;
  if (operator === 'TEMPORAL_RANGE')
    return typeof comparator === 'string' ? comparator : 'No filter';
  if (LIST_OPERATORS.has(operator)) {
    if (Array.isArray(comparator)) return comparator;
    return comparator === null || comparator === undefined || comparator === '' ? [] : [comparator];
  }
  if (Array.isArray(comparator)) return comparator[0] ?? '';
  return comparator ?? '';
}

/** Whether the comparator input is shown (not for IS NULL, IS NOT NULL, IS TRUE, IS FALSE…). */
export function hasComparator(operator: FilterOperator): boolean {
  return !UNARY_OPERATORS.has(operator) && operator !== 'IS TRUE' && operator !== 'IS FALSE';
}

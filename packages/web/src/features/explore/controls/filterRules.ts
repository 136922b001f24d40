/**
 * The simple filter tab's operator rules (spec 001 §4, §5): which operators a column offers, the
 * operator a new subject gets, and how the comparator follows an operator change.
 */
import {
  GenericDataType,
  LIST_OPERATORS,
  UNARY_OPERATORS,
  operatorsFromStringOperators,
  type FilterOperator,
} from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';

/** What the engine of the datasource lets the filter editor offer. */
export interface FilterEngineRules {
  /** The engine compiles REGEX (engine_information.supports_regex). */
  supportsRegex: boolean;
  /**
   * The table's one partition column when the engine compiles LATEST PARTITION
   * (engine_information.supports_latest_partition and table_extra's partitions), else null.
   */
  partitionColumn: string | null;
}

/** No REGEX, no partitions: what is offered while the engine is unknown. */
export const NO_ENGINE_RULES: FilterEngineRules = { supportsRegex: false, partitionColumn: null };

const COMPARISONS: FilterOperator[] = ['==', '!=', '>', '<', '>=', '<='];
const NULLS: FilterOperator[] = ['IS NULL', 'IS NOT NULL'];
const LISTS: FilterOperator[] = ['IN', 'NOT IN'];
const PATTERNS: FilterOperator[] = ['LIKE', 'NOT LIKE', 'ILIKE'];

/**
 * Operators offered for a column: HAVING only comparisons; booleans IS TRUE/IS FALSE and nulls;
 * temporal columns TEMPORAL_RANGE first (the time range picker; not when `temporalRange` is off,
 * the GENERIC_CHART_AXES flag), comparisons, lists and nulls;
 * strings also the LIKE family and, where the engine has it, REGEX; numbers and expressions
 * IS TRUE/IS FALSE; LATEST PARTITION only on the table's partition column of an engine with it.
 */
export function operatorsFor(
  column: DatasourceColumn | undefined,
  clause: 'WHERE' | 'HAVING',
  engine: FilterEngineRules = NO_ENGINE_RULES,
  temporalRange = true,
): FilterOperator[] {
  if (clause === 'HAVING') return [...COMPARISONS];
  const partition: FilterOperator[] =
    column && engine.partitionColumn && column.column_name === engine.partitionColumn
      ? ['LATEST PARTITION']
      : [];
  if (!column) return [...COMPARISONS, ...LISTS, ...PATTERNS, ...NULLS];
  if (column.type_generic === GenericDataType.BOOLEAN)
    return ['IS TRUE', 'IS FALSE', ...NULLS, ...partition];
  if (isTemporal(column))
    return [
      ...(temporalRange ? (['TEMPORAL_RANGE'] as const) : []),
      ...COMPARISONS,
      ...LISTS,
      ...NULLS,
      ...partition,
    ];
  const ops: FilterOperator[] = [...COMPARISONS, ...LISTS];
  const numeric = column.type_generic === GenericDataType.NUMERIC;
  if (!numeric) {
    ops.push(...PATTERNS);
    if (engine.supportsRegex) ops.push('REGEX');
  }
  ops.push(...NULLS);
  if (numeric || column.expression) ops.push('IS TRUE', 'IS FALSE');
  return [...ops, ...partition];
}

export function isTemporal(column: DatasourceColumn | undefined): boolean {
  return !!column && (column.is_dttm === true || column.type_generic === GenericDataType.TEMPORAL);
}

/**
 * The operator after choosing a subject: temporal → TEMPORAL_RANGE (when offered); kept if still
 * valid; else IN.
 */
export function operatorForSubject(
  column: DatasourceColumn | undefined,
  current: FilterOperator | null,
  engine: FilterEngineRules = NO_ENGINE_RULES,
  temporalRange = true,
): FilterOperator {
  if (isTemporal(column) && temporalRange) return 'TEMPORAL_RANGE';
  const ops = operatorsFor(column, 'WHERE', engine, temporalRange);
  if (current && ops.includes(current)) return current;
  return ops.includes('IN') ? 'IN' : ops[0]!;
}

/** The engine rules from the datasource's database (its engine_information). */
export function engineRulesOf(
  info: { supports_regex?: boolean; supports_latest_partition?: boolean } | null | undefined,
  partitionColumn: string | null = null,
): FilterEngineRules {
  return {
    supportsRegex: info?.supports_regex === true,
    partitionColumn: info?.supports_latest_partition === true ? partitionColumn : null,
  };
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

/** The comparator as `convert` takes it: a list of texts, `['']` when nothing is typed yet. */
export function advancedValues(comparator: unknown): string[] {
  const list = Array.isArray(comparator) ? comparator : [comparator];
  const values = list
    .filter((v) => v !== null && v !== undefined)
    .map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  return values.length ? values : [''];
}

/**
 * The operators of a column with an advanced data type: those otherwise offered that the type
 * allows (its `valid_filter_operators`, Superset's names mapped to the wire operators).
 */
export function operatorsForAdvancedType(
  offered: FilterOperator[],
  validStringOperators: readonly string[],
): FilterOperator[] {
  const allowed = new Set(operatorsFromStringOperators(validStringOperators));
  return offered.filter((op) => allowed.has(op));
}

/** A suggestion as a select option: booleans as TRUE/FALSE; nulls left out (IS NULL does that). */
export function suggestionOptions(
  values: readonly unknown[],
  typed = '',
): Array<{ value: string | number; label: string }> {
  const out: Array<{ value: string | number; label: string }> = [];
  const seen = new Set<string>();
  const add = (value: string | number, label: string) => {
    if (seen.has(String(value))) return;
    seen.add(String(value));
    out.push({ value, label });
  };
  // Free entry: what is typed comes first, so Enter takes it as typed.
  const text = typed.trim();
  if (text) add(text, text);
  for (const v of values) {
    if (v === null || v === undefined) continue;
    if (typeof v === 'number') add(v, String(v));
    else if (typeof v === 'boolean') add(String(v), v ? 'TRUE' : 'FALSE');
    else add(String(v), String(v));
  }
  return out;
}

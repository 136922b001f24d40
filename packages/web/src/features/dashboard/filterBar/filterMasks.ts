/**
 * The native filter bar's pure rules (no React, no fetch): a filter's value turned into the data
 * mask Superset's filter plugins emit and read back, what "empty" and "changed" mean, which
 * required filters still lack a value, and when "Apply filters" is allowed.
 *
 * Mask shapes, by `filterType` (Superset's `plugins/filters`):
 * - `filter_select`: `{extraFormData: {filters: [{col, op: 'IN' | 'NOT IN', val}]},
 *   filterState: {value, label}}`;
 * - `filter_range`: `{extraFormData: {filters: [{col, op: '>=', val}, {col, op: '<=', val}]}}`
 *   (only the bounds set; equal bounds are one `{col, op: '==', val}`, Superset's
 *   `getRangeExtraFormData`), `filterState: {value: [min | null, max | null], label}`; with a
 *   single value type (`controlValues.enableSingleValue`) the value is `[v, null]` (Minimum),
 *   `[v, v]` (Exact) or `[null, v]` (Maximum);
 * - `filter_time`: `{extraFormData: {time_range}, filterState: {value: time_range}}`;
 * - `filter_timegrain`: `{extraFormData: {time_grain_sqla}, filterState: {value: [grain], label}}`;
 * - `filter_timecolumn`: `{extraFormData: {granularity_sqla}, filterState: {value: [column]}}`.
 * No value is `{extraFormData: {}, filterState: {value: null}}` for every type.
 */
import { NO_TIME_RANGE } from '@strata/core';
import type { DataMask } from '@strata/charts';
import { NATIVE_FILTER_TYPE, isPlainObject, type NativeFilter } from '../nativeFilters';

export const FILTER_SELECT = 'filter_select';
export const FILTER_RANGE = 'filter_range';
export const FILTER_TIME = 'filter_time';
export const FILTER_TIMEGRAIN = 'filter_timegrain';
export const FILTER_TIMECOLUMN = 'filter_timecolumn';

/** Superset's message for a required filter without a value (its "required" checkbox label). */
export const REQUIRED_FILTER_MESSAGE = 'Filter value is required';
/** Superset's range filter messages. */
export const RANGE_ORDER_MESSAGE = 'Minimum value cannot be higher than maximum value';
/** Superset's suffix of an inverse selection's label. */
export const EXCLUDED_SUFFIX = ' (excluded)';
/** Superset's display of null, true and false choices. */
export const NULL_LABEL = '<NULL>';
export const TRUE_LABEL = 'TRUE';
export const FALSE_LABEL = 'FALSE';

export type SelectScalar = string | number | boolean | null;
export type SelectValue = SelectScalar[];
export type RangeValue = [number | null, number | null];
/** What a filter's control holds: values (select, grain, column), a range, a time range. */
export type FilterValue = SelectValue | RangeValue | string | null;

/** The select filter's settings (`controlValues`) with Superset's defaults. */
export interface SelectSettings {
  multiSelect: boolean;
  enableEmptyFilter: boolean;
  defaultToFirstItem: boolean;
  inverseSelection: boolean;
  searchAllOptions: boolean;
  sortAscending: boolean;
}

export function selectSettings(filter: NativeFilter): SelectSettings {
  const cv = filter.controlValues ?? {};
  return {
    multiSelect: cv.multiSelect !== false,
    enableEmptyFilter: cv.enableEmptyFilter === true,
    defaultToFirstItem: cv.defaultToFirstItem === true,
    inverseSelection: cv.inverseSelection === true,
    searchAllOptions: cv.searchAllOptions === true,
    sortAscending: cv.sortAscending !== false,
  };
}

/** The column a filter targets (its first target's), if any. */
export function filterColumn(filter: NativeFilter): string | undefined {
  const name = filter.targets[0]?.column?.name;
  return typeof name === 'string' && name ? name : undefined;
}

/** Whether the viewer must give the filter a value ("Filter value is required"). */
export const isRequired = (filter: NativeFilter): boolean =>
  filter.type === NATIVE_FILTER_TYPE && filter.controlValues?.enableEmptyFilter === true;

/** The mask of a filter without a value. */
export const emptyMask = (): DataMask => ({ extraFormData: {}, filterState: { value: null } });

/** A choice as words: Superset's `<NULL>`, `TRUE`, `FALSE`, else the value's text. */
export function choiceLabel(value: unknown): string {
  if (value === null || value === undefined) return NULL_LABEL;
  if (typeof value === 'boolean') return value ? TRUE_LABEL : FALSE_LABEL;
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

const isScalar = (v: unknown): v is SelectScalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

function selectValues(value: unknown): SelectValue {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.filter(isScalar);
  if (isScalar(value)) return value === null ? [] : [value];
  return [];
}

const finiteOrNull = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
};

function rangeValue(value: unknown): RangeValue {
  if (!Array.isArray(value)) return [null, null];
  return [finiteOrNull(value[0]), finiteOrNull(value[1])];
}

/**
 * Superset's range label: `x = 5`, `1 ≤ x ≤ 5`, `x ≥ 1`, `x ≤ 5`; the numbers through `format`
 * when the filter has a formatter, else as they are.
 */
export function rangeLabel(
  min: number | null,
  max: number | null,
  format: (n: number) => string = String,
): string {
  if (min !== null && min === max) return `x = ${format(min)}`;
  if (min !== null && max !== null) return `${format(min)} ≤ x ≤ ${format(max)}`;
  if (min !== null) return `x ≥ ${format(min)}`;
  if (max !== null) return `x ≤ ${format(max)}`;
  return '';
}

/** Superset's SingleValueType of a range filter (`controlValues.enableSingleValue`). */
export const SingleValueType = { Minimum: 0, Exact: 1, Maximum: 2 } as const;
export type SingleValueType = (typeof SingleValueType)[keyof typeof SingleValueType];

/** Superset's hint under a single-value range control, by type. */
export const SINGLE_VALUE_HINTS: Readonly<Record<SingleValueType, string>> = {
  [SingleValueType.Minimum]: 'Filters for values greater than or equal.',
  [SingleValueType.Exact]: 'Filters for values equal to this exact value.',
  [SingleValueType.Maximum]: 'Filters for values less than or equal.',
};

/** A stored `enableSingleValue` read safely (a number, or its text); undefined: a two-sided range. */
export function readSingleValueType(v: unknown): SingleValueType | undefined {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return n === SingleValueType.Minimum ||
    n === SingleValueType.Exact ||
    n === SingleValueType.Maximum
    ? n
    : undefined;
}

/** The single value type of a range filter, undefined when it takes a two-sided range. */
export const rangeSingleValueType = (filter: NativeFilter): SingleValueType | undefined =>
  filter.filterType === FILTER_RANGE
    ? readSingleValueType(filter.controlValues?.enableSingleValue)
    : undefined;

/** The range a single value stands for: `[v, null]`, `[v, v]` or `[null, v]`. */
export function singleRangeValue(type: SingleValueType, v: number | null): RangeValue {
  if (type === SingleValueType.Minimum) return [v, null];
  if (type === SingleValueType.Maximum) return [null, v];
  return [v, v];
}

/**
 * The single value a range holds for a type: its lower bound (Minimum), its upper bound
 * (Maximum), its lower else its upper bound (Exact).
 */
export function singleValueOf(type: SingleValueType, range: RangeValue | null): number | null {
  if (!range) return null;
  if (type === SingleValueType.Minimum) return range[0];
  if (type === SingleValueType.Maximum) return range[1];
  return range[0] ?? range[1];
}

/** A range fitted to a single value type (unchanged for a two-sided range). */
export function fitRange(type: SingleValueType | undefined, range: RangeValue): RangeValue {
  return type === undefined ? range : singleRangeValue(type, singleValueOf(type, range));
}

/**
 * Superset's `getRangeExtraFormData`: `>=` the lower bound and `<=` the upper bound, each when
 * set; equal bounds are one `==` filter.
 */
export function rangeFilters(
  column: string,
  min: number | null,
  max: number | null,
): Array<{ col: string; op: '>=' | '<=' | '=='; val: number }> {
  if (min !== null && min === max) return [{ col: column, op: '==', val: min }];
  const filters: Array<{ col: string; op: '>=' | '<=' | '=='; val: number }> = [];
  if (min !== null) filters.push({ col: column, op: '>=', val: min });
  if (max !== null) filters.push({ col: column, op: '<=', val: max });
  return filters;
}

function firstString(value: unknown): string | null {
  const v = Array.isArray(value) ? value[0] : value;
  return typeof v === 'string' && v !== '' ? v : null;
}

/**
 * The data mask a filter emits for a value (see the shapes above). `label` is the value in words
 * when the caller knows better than the value's text (a select's option labels, a time grain's
 * name). A select keeps only its first value when it is not multiple; an empty value, a range
 * without bounds and "No filter" give the empty mask.
 */
export function maskFromValue(filter: NativeFilter, value: unknown, label?: string): DataMask {
  const column = filterColumn(filter);
  switch (filter.filterType) {
    case FILTER_SELECT: {
      const settings = selectSettings(filter);
      let values = selectValues(value);
      if (!settings.multiSelect) values = values.slice(0, 1);
      if (!column || values.length === 0) return emptyMask();
      const words = label ?? values.map(choiceLabel).join(', ');
      return {
        extraFormData: {
          filters: [{ col: column, op: settings.inverseSelection ? 'NOT IN' : 'IN', val: values }],
        },
        filterState: {
          value: values,
          label: settings.inverseSelection ? `${words}${EXCLUDED_SUFFIX}` : words,
        },
      };
    }
    case FILTER_RANGE: {
      const [min, max] = fitRange(rangeSingleValueType(filter), rangeValue(value));
      if (!column || (min === null && max === null)) return emptyMask();
      return {
        extraFormData: { filters: rangeFilters(column, min, max) },
        filterState: { value: [min, max], label: label ?? rangeLabel(min, max) },
      };
    }
    case FILTER_TIME: {
      const range = typeof value === 'string' ? value.trim() : '';
      if (!range || range === NO_TIME_RANGE) return emptyMask();
      return { extraFormData: { time_range: range }, filterState: { value: range } };
    }
    case FILTER_TIMEGRAIN: {
      const grain = firstString(value);
      if (!grain) return emptyMask();
      return {
        extraFormData: { time_grain_sqla: grain },
        filterState: { value: [grain], ...(label ? { label } : {}) },
      };
    }
    case FILTER_TIMECOLUMN: {
      const col = firstString(value);
      if (!col) return emptyMask();
      return { extraFormData: { granularity_sqla: col }, filterState: { value: [col] } };
    }
    default:
      return isEmptyValue(value) ? emptyMask() : { extraFormData: {}, filterState: { value } };
  }
}

function extraOf(mask: DataMask | undefined): Record<string, unknown> {
  return isPlainObject(mask?.extraFormData) ? mask.extraFormData : {};
}

/** The values an `IN` / `NOT IN` filter on the column carries (a mask kept without its state). */
function filterValuesIn(extra: Record<string, unknown>, column: string | undefined): unknown {
  if (!column || !Array.isArray(extra.filters)) return undefined;
  const clause = extra.filters.find(
    (f: unknown) => isPlainObject(f) && f.col === column && (f.op === 'IN' || f.op === 'NOT IN'),
  ) as Record<string, unknown> | undefined;
  return clause?.val;
}

function rangeFromFilters(extra: Record<string, unknown>, column: string | undefined): RangeValue {
  let min: number | null = null;
  let max: number | null = null;
  if (column && Array.isArray(extra.filters)) {
    for (const f of extra.filters) {
      if (!isPlainObject(f) || f.col !== column) continue;
      if (f.op === '>=') min = finiteOrNull(f.val);
      if (f.op === '<=') max = finiteOrNull(f.val);
      if (f.op === '==') min = max = finiteOrNull(f.val);
    }
  }
  return [min, max];
}

/**
 * The value a filter's control shows for a mask: its `filterState.value`, fitted to the filter's
 * type (values for a select, `[min, max]` for a range, a time range, `[grain]`, `[column]`), or,
 * for a mask kept without a filter state (old links), what its `extraFormData` says. Null when
 * the mask holds no value.
 */
export function valueFromMask(filter: NativeFilter, mask: DataMask | undefined): FilterValue {
  const state = isPlainObject(mask?.filterState) ? mask.filterState : {};
  const extra = extraOf(mask);
  const stated = state.value;
  const column = filterColumn(filter);
  switch (filter.filterType) {
    case FILTER_SELECT: {
      const source = stated ?? filterValuesIn(extra, column);
      const values = selectValues(source);
      // A select holding the NULL choice keeps it ([null] is a value, unlike null).
      return values.length ? values : null;
    }
    case FILTER_RANGE: {
      const [min, max] = fitRange(
        rangeSingleValueType(filter),
        stated !== undefined && stated !== null
          ? rangeValue(stated)
          : rangeFromFilters(extra, column),
      );
      return min === null && max === null ? null : [min, max];
    }
    case FILTER_TIME: {
      const range =
        typeof stated === 'string'
          ? stated
          : typeof extra.time_range === 'string'
            ? extra.time_range
            : '';
      return range && range !== NO_TIME_RANGE ? range : null;
    }
    case FILTER_TIMEGRAIN: {
      const grain =
        firstString(stated) ??
        (typeof extra.time_grain_sqla === 'string' ? extra.time_grain_sqla : null);
      return grain ? [grain] : null;
    }
    case FILTER_TIMECOLUMN: {
      const col =
        firstString(stated) ??
        (typeof extra.granularity_sqla === 'string' ? extra.granularity_sqla : null);
      return col ? [col] : null;
    }
    default:
      return isEmptyValue(stated) ? null : (stated as FilterValue);
  }
}

/** Whether a filter state value stands for "no value" (null, "", [], [null, null], "No filter"). */
export function isEmptyValue(v: unknown): boolean {
  if (v === null || v === undefined || v === '' || v === NO_TIME_RANGE) return true;
  if (Array.isArray(v)) return v.length === 0 || (v.length === 2 && v[0] === null && v[1] === null);
  return false;
}

/** `extraFormData` without the parts that do nothing (undefined, null, empty lists and objects). */
function effectiveExtra(mask: DataMask | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(extraOf(mask))) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v) && v.length === 0) continue;
    if (isPlainObject(v) && Object.keys(v).length === 0) continue;
    out[key] = v;
  }
  return out;
}

/**
 * Whether a mask filters nothing and holds no value: no effective `extraFormData` and an empty
 * `filterState.value`. A missing mask is empty.
 */
export function isMaskEmpty(mask: DataMask | undefined): boolean {
  if (!mask) return true;
  if (Object.keys(effectiveExtra(mask)).length) return false;
  const state = isPlainObject(mask.filterState) ? mask.filterState : {};
  return isEmptyValue(state.value);
}

/** JSON with object keys sorted, so equal values give equal text. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    isPlainObject(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** What of a mask counts when comparing: its effective extra form data and its value. */
function comparable(mask: DataMask | undefined): string {
  const state = isPlainObject(mask?.filterState) ? mask.filterState : {};
  const value = isEmptyValue(state.value) ? null : state.value;
  return stableStringify({ extra: effectiveExtra(mask), value });
}

/**
 * Whether two masks filter the same way: same effective `extraFormData` and same value (an
 * empty value and a missing mask are the same; labels and validation state do not count).
 */
export const masksEqual = (a: DataMask | undefined, b: DataMask | undefined): boolean =>
  comparable(a) === comparable(b);

/** Whether any pending mask differs from the applied one under the same id. */
export function pendingChanged(
  applied: Readonly<Record<string, DataMask | undefined>>,
  pending: Readonly<Record<string, DataMask | undefined>>,
): boolean {
  return Object.keys(pending).some((id) => !masksEqual(applied[id], pending[id]));
}

/** The pending masks that differ from the applied ones (what "Apply filters" sends). */
export function changedMasks(
  applied: Readonly<Record<string, DataMask | undefined>>,
  pending: Readonly<Record<string, DataMask | undefined>>,
): Record<string, DataMask> {
  const out: Record<string, DataMask> = {};
  for (const [id, mask] of Object.entries(pending)) {
    if (mask && !masksEqual(applied[id], mask)) out[id] = mask;
  }
  return out;
}

/**
 * The ids of the required filters (`enableEmptyFilter`) whose mask holds no value, in the order
 * given. Dividers and other filters are never reported.
 */
export function validateRequired(
  filters: readonly NativeFilter[],
  masks: Readonly<Record<string, DataMask | undefined>>,
): string[] {
  return filters.filter((f) => isRequired(f) && isMaskEmpty(masks[f.id])).map((f) => f.id);
}

/** Whether a mask carries a validation error (a range with its minimum above its maximum). */
export const hasValidationError = (mask: DataMask | undefined): boolean =>
  isPlainObject(mask?.filterState) && mask.filterState.validateStatus === 'error';

export interface ApplyState {
  /** The pending native filter masks that differ from the applied ones. */
  changed: Record<string, DataMask>;
  /** Required filters without a value that block applying. */
  missingRequired: string[];
  /** Whether "Apply filters" is disabled. */
  disabled: boolean;
}

/**
 * Superset's rule for "Apply filters": disabled while nothing changed, while a pending mask has a
 * validation error, and while a required filter lacks a value — the filters in scope, or every
 * filter when only filters out of scope changed.
 */
export function applyState(
  filters: readonly NativeFilter[],
  applied: Readonly<Record<string, DataMask | undefined>>,
  pending: Readonly<Record<string, DataMask | undefined>>,
  outOfScopeIds: ReadonlySet<string> = new Set(),
): ApplyState {
  const native = filters.filter((f) => f.type === NATIVE_FILTER_TYPE);
  const nativePending: Record<string, DataMask | undefined> = {};
  for (const f of native) nativePending[f.id] = pending[f.id];
  const changed = changedMasks(applied, nativePending);
  const changedIds = Object.keys(changed);
  const inScope = native.filter((f) => !outOfScopeIds.has(f.id));
  const onlyOutOfScope = changedIds.length > 0 && changedIds.every((id) => outOfScopeIds.has(id));
  const missingRequired = validateRequired(onlyOutOfScope ? native : inScope, nativePending);
  const invalid = native.some((f) => hasValidationError(nativePending[f.id]));
  return {
    changed,
    missingRequired,
    disabled: changedIds.length === 0 || invalid || missingRequired.length > 0,
  };
}

/** "Clear all": every native filter's pending mask emptied (applying is still needed). */
export function clearedMasks(filters: readonly NativeFilter[]): Record<string, DataMask> {
  const out: Record<string, DataMask> = {};
  for (const f of filters) if (f.type === NATIVE_FILTER_TYPE) out[f.id] = emptyMask();
  return out;
}

/** Whether "Clear all" does something: a native filter has a value, pending or applied. */
export function canClearAll(
  filters: readonly NativeFilter[],
  applied: Readonly<Record<string, DataMask | undefined>>,
  pending: Readonly<Record<string, DataMask | undefined>>,
): boolean {
  return filters.some(
    (f) =>
      f.type === NATIVE_FILTER_TYPE && (!isMaskEmpty(pending[f.id]) || !isMaskEmpty(applied[f.id])),
  );
}

/**
 * A filter's cascade ancestors (parents, their parents, …), in configuration order, without
 * itself, unknown ids or dividers; cycles are cut.
 */
export function cascadeAncestors(filter: NativeFilter, filters: readonly NativeFilter[]): string[] {
  const byId = new Map(filters.map((f) => [f.id, f]));
  const found = new Set<string>();
  const stack = [...filter.cascadeParentIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (id === filter.id || found.has(id)) continue;
    const parent = byId.get(id);
    if (!parent || parent.type !== NATIVE_FILTER_TYPE) continue;
    found.add(id);
    stack.push(...parent.cascadeParentIds);
  }
  return filters.filter((f) => found.has(f.id)).map((f) => f.id);
}

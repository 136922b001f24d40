/**
 * The Filter Box's filters (spec 001: filter-box item = column, label, defaultValue, metric
 * (sort), asc, multiple, searchAllOptions, clearable — "Required" is its inverse) and their pure
 * rules: default values parsed by column type, the queries for choices (at most 1000, sorted by
 * the metric or the column, a case-insensitive "contains" search), and the filters they emit.
 */
import type { QueryFilterClause, QueryFormData, QueryMetric, QueryObject } from '@strata/core';

export interface FilterBoxItem {
  key?: string;
  column?: string;
  label?: string;
  defaultValue?: string | null;
  metric?: QueryMetric | null;
  asc?: boolean;
  multiple?: boolean;
  searchAllOptions?: boolean;
  clearable?: boolean;
}

/** Spec 001: each filter loads at most this many choices by default. */
export const FILTER_CHOICES_LIMIT = 1000;

const INTEGER_TYPES = ['TINYINT', 'SMALLINT', 'INT', 'INTEGER', 'BIGINT', 'LONG'];
const FLOAT_TYPES = ['FLOAT', 'DOUBLE', 'REAL', 'NUMERIC', 'DECIMAL', 'MONEY'];

export type FilterValue = string | number | boolean | null;

/** The base SQL type of a column type text ("DECIMAL(10,2)" → "DECIMAL"). */
const baseType = (type: string | null | undefined) =>
  (type ?? '').toUpperCase().replace(/\(.*$/, '').trim();

function parseOne(text: string, type: string | null | undefined): FilterValue {
  const t = baseType(type);
  if (t === 'BOOLEAN' || t === 'BOOL') {
    if (/^(true|1)$/i.test(text.trim())) return true;
    if (/^(false|0)$/i.test(text.trim())) return false;
    return null;
  }
  if (INTEGER_TYPES.includes(t)) {
    const n = Number(text);
    return text.trim() !== '' && Number.isInteger(n) ? n : null;
  }
  if (FLOAT_TYPES.includes(t)) {
    const n = Number(text);
    return text.trim() !== '' && Number.isFinite(n) ? n : null;
  }
  return text;
}

/**
 * Spec 001: the default value is parsed as boolean, integer or float by the column type when
 * not multiple (invalid numbers become null); multiple values are separated by semicolons.
 */
export function parseDefaultValue(
  defaultValue: string | null | undefined,
  columnType: string | null | undefined,
  multiple: boolean,
): FilterValue | FilterValue[] {
  if (defaultValue === null || defaultValue === undefined || defaultValue === '')
    return multiple ? [] : null;
  if (multiple)
    return defaultValue
      .split(';')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  return parseOne(defaultValue, columnType);
}

export const itemLabel = (item: FilterBoxItem) => item.label || item.column || '';
export const isMultiple = (item: FilterBoxItem) => item.multiple !== false;

/** The query loading one filter's choices (with a search term: a case-insensitive contains). */
export function choicesQuery(base: QueryObject, item: FilterBoxItem, search = ''): QueryObject {
  const column = item.column!;
  const filters: QueryFilterClause[] = [...(base.filters ?? [])];
  if (search) filters.push({ col: column, op: 'ILIKE', val: `%${search}%` });
  const ascending = item.asc !== false;
  return {
    ...base,
    columns: [column],
    metrics: item.metric ? [item.metric] : [],
    filters,
    orderby: [[item.metric ?? column, ascending]],
    row_limit: FILTER_CHOICES_LIMIT,
    series_limit: 0,
    post_processing: [],
  };
}

/** The chosen values as the dashboard filters they stand for (extra form data). */
export function emittedFilters(
  items: readonly FilterBoxItem[],
  selected: Record<string, FilterValue | FilterValue[]>,
): QueryFilterClause[] {
  const out: QueryFilterClause[] = [];
  for (const item of items) {
    if (!item.column) continue;
    const v = selected[item.column];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      if (v.length) out.push({ col: item.column, op: 'IN', val: v as Array<string | number> });
    } else out.push({ col: item.column, op: '==', val: v as string | number | boolean });
  }
  return out;
}

export const filterItemsOf = (formData: QueryFormData): FilterBoxItem[] =>
  (Array.isArray(formData.filter_configs)
    ? (formData.filter_configs as FilterBoxItem[])
    : []
  ).filter((i) => typeof i?.column === 'string' && i.column !== '');

const isFilterValue = (v: unknown): v is FilterValue =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * The choices the box last emitted, read back from its own filter state (`filterState.value`:
 * column → value or values, as `filterBoxMask` emits it), or null when it holds none.
 */
export function emittedSelection(
  filterState: Record<string, unknown> | undefined,
): Record<string, unknown> | null {
  const value = filterState?.value;
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The value each filter shows first: the one the box's own filter state holds for its column
 * (what the dashboard filters by, also after the dashboard is reloaded from its address; an
 * emptied filter stays empty), else its default. A value is fitted to the filter's kind (values
 * for a multiple filter, one value else); a value of no known kind gives the default.
 */
export function initialSelection(
  filters: ReadonlyArray<{
    column: string;
    multiple: boolean;
    defaultValue: FilterValue | FilterValue[];
  }>,
  filterState: Record<string, unknown> | undefined,
): Record<string, FilterValue | FilterValue[]> {
  const emitted = emittedSelection(filterState);
  const out: Record<string, FilterValue | FilterValue[]> = {};
  for (const f of filters) {
    const v = emitted && Object.hasOwn(emitted, f.column) ? emitted[f.column] : undefined;
    const values = Array.isArray(v) ? (v as unknown[]) : isFilterValue(v) ? [v] : null;
    if (!values || !values.every(isFilterValue)) out[f.column] = f.defaultValue;
    else if (f.multiple) out[f.column] = values.filter((x) => x !== null);
    else out[f.column] = values[0] ?? null;
  }
  return out;
}

/** The box's time settings: time range, time grain and time column (null when not chosen). */
export interface FilterBoxTime {
  time_range: string;
  time_grain_sqla: string | null;
  granularity_sqla: string | null;
}

/**
 * The time settings the box shows first: those its own filter state holds (`filterState.time`,
 * as `filterBoxMask` emits it, also after a reload from the dashboard's address), else the
 * chart's time range with no grain or column. A setting of the wrong kind gives the default.
 */
export function initialTimeSettings(
  filterState: Record<string, unknown> | undefined,
  defaultTimeRange: string,
): FilterBoxTime {
  const kept = filterState?.time;
  const t =
    kept !== null && typeof kept === 'object' && !Array.isArray(kept)
      ? (kept as Record<string, unknown>)
      : {};
  const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
  return {
    time_range: text(t.time_range) ?? defaultTimeRange,
    time_grain_sqla: text(t.time_grain_sqla),
    granularity_sqla: text(t.granularity_sqla),
  };
}

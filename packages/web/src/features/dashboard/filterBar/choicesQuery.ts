/**
 * The chart data queries behind the native filter bar's controls, as plain data: a value filter's
 * choices (its column grouped, at most 1000 rows, ordered by the sort metric or the column, an
 * optional case-insensitive "contains" search on the server) and a range filter's bounds (MIN and
 * MAX of its column). Both carry the filter's own pre-filter (`adhoc_filters`, `time_range`,
 * `granularity_sqla`) and its cascade parents' pending `extraFormData` (their filters and time
 * settings), merged the way charts receive dashboard filters. `choicesFromResult` and
 * `rangeFromResult` read the answers.
 */
import {
  GenericDataType,
  type AdhocFilter,
  type ExtraFormData,
  type QueryFilterClause,
  type QueryFormData,
  type QueryObject,
} from '@strata/core';
import {
  buildQueryContext,
  type ChartDataResult,
  type DataMask,
  type QueryContext,
} from '@strata/charts';
import { combineExtraFormData, isPlainObject, type NativeFilter } from '../nativeFilters';
import { choiceLabel, filterColumn, selectSettings, type SelectScalar } from './filterMasks';

/** Superset's default row limit of a native filter's choices (NATIVE_FILTER_DEFAULT_ROW_LIMIT). */
export const FILTER_CHOICES_ROW_LIMIT = 1000;

/** The parts of a parent's extra form data that narrow a child's choices. */
const CASCADE_KEYS = [
  'filters',
  'adhoc_filters',
  'time_range',
  'granularity_sqla',
  'granularity',
  'time_grain_sqla',
  'time_column',
  'time_grain',
  'relative_start',
  'relative_end',
];

/** One choice of a value filter. */
export interface FilterChoice {
  value: SelectScalar;
  label: string;
}

/** The datasource key of a filter's target dataset (`"3__table"`), or null without a dataset id. */
export function filterDatasourceKey(filter: NativeFilter): string | null {
  const id = filter.targets[0]?.datasetId;
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? `${id}__table` : null;
}

/**
 * The cascade parents' pending extra form data merged in order (lists appended, time settings
 * from the later parent), keeping only what narrows choices: filters and time settings.
 */
export function parentsExtraFormData(
  parentMasks: ReadonlyArray<DataMask | undefined>,
): ExtraFormData {
  let out: ExtraFormData = {};
  for (const mask of parentMasks) {
    const extra = mask?.extraFormData;
    if (!isPlainObject(extra)) continue;
    const picked: Record<string, unknown> = {};
    for (const key of CASCADE_KEYS) if (extra[key] !== undefined) picked[key] = extra[key];
    out = combineExtraFormData(out, picked);
  }
  return out;
}

/** The filter's own adhoc filters, those that have a shape the query builder reads. */
function ownAdhocFilters(filter: NativeFilter): AdhocFilter[] {
  return (filter.adhoc_filters ?? []).filter(
    (f): f is AdhocFilter =>
      isPlainObject(f) && (f.expressionType === 'SIMPLE' || f.expressionType === 'SQL'),
  );
}

/** The form data both queries start from; null when the filter has no dataset or column. */
function filterFormData(
  filter: NativeFilter,
  parentMasks: ReadonlyArray<DataMask | undefined>,
): { formData: QueryFormData; column: string } | null {
  const datasource = filterDatasourceKey(filter);
  const column = filterColumn(filter);
  if (!datasource || !column) return null;
  const formData: QueryFormData = {
    datasource,
    viz_type: filter.filterType,
    groupby: [column],
    metrics: [],
    adhoc_filters: ownAdhocFilters(filter),
    extra_form_data: parentsExtraFormData(parentMasks) as Record<string, unknown>,
    row_limit: FILTER_CHOICES_ROW_LIMIT,
  };
  if (filter.time_range) formData.time_range = filter.time_range;
  if (filter.granularity_sqla) formData.granularity_sqla = filter.granularity_sqla;
  return { formData, column };
}

/**
 * Whether a search term can narrow the column on the server (Superset's rule): text columns
 * always, numeric columns when the term is a number, other known types never. Unknown types are
 * searched (the server compares the column as text).
 */
export function searchApplies(columnType: GenericDataType | null | undefined, term: string) {
  if (!term) return false;
  if (columnType === null || columnType === undefined) return true;
  if (columnType === GenericDataType.STRING) return true;
  if (columnType === GenericDataType.NUMERIC) return !Number.isNaN(Number(term));
  return false;
}

export interface SelectChoicesOptions {
  /** Current (pending) masks of the filter's cascade parents. */
  parentMasks?: ReadonlyArray<DataMask | undefined>;
  /** A search typed in the control (searchAllOptions): a case-insensitive contains filter. */
  search?: string;
  /** The generic type of the filter's column, when the dataset is known. */
  columnType?: GenericDataType | null;
}

/**
 * The query context loading a value filter's choices: its column grouped, no metric or its
 * sort metric, ordered by that metric or the column (`sortAscending`, default ascending), at
 * most 1000 rows; the filter's adhoc filters and time range, the parents' extra form data, and
 * the search as `ILIKE '%term%'`. Null when the filter has no dataset id or column.
 */
export function selectChoicesQuery(
  filter: NativeFilter,
  options: SelectChoicesOptions = {},
): QueryContext | null {
  const base = filterFormData(filter, options.parentMasks ?? []);
  if (!base) return null;
  const { formData, column } = base;
  const sortMetric = filter.sortMetric || null;
  const { sortAscending } = selectSettings(filter);
  const search = options.search?.trim() ?? '';
  return buildQueryContext(formData, (query: QueryObject) => {
    const filters: QueryFilterClause[] = [...(query.filters ?? [])];
    if (searchApplies(options.columnType, search))
      filters.push({ col: column, op: 'ILIKE', val: `%${search}%` });
    return [
      {
        ...query,
        columns: [column],
        metrics: sortMetric ? [sortMetric] : [],
        filters,
        orderby: [[sortMetric ?? column, sortAscending]],
        row_limit: FILTER_CHOICES_ROW_LIMIT,
        series_limit: 0,
        post_processing: [],
      },
    ];
  });
}

/** The labels of the range query's two metrics (Superset's). */
export const RANGE_MIN_LABEL = 'min';
export const RANGE_MAX_LABEL = 'max';

/**
 * The query context loading a range filter's bounds: `MIN(column) AS min, MAX(column) AS max`
 * (SIMPLE metrics) over the rows its adhoc filters, time range and parents leave. Null when the
 * filter has no dataset id or column.
 */
export function rangeBoundsQuery(
  filter: NativeFilter,
  parentMasks: ReadonlyArray<DataMask | undefined> = [],
): QueryContext | null {
  const base = filterFormData(filter, parentMasks);
  if (!base) return null;
  const { formData, column } = base;
  const metric = (aggregate: 'MIN' | 'MAX', label: string) => ({
    expressionType: 'SIMPLE' as const,
    aggregate,
    column: { column_name: column },
    label,
    hasCustomLabel: true,
  });
  return buildQueryContext({ ...formData, groupby: [] }, (query: QueryObject) => [
    {
      ...query,
      columns: [],
      metrics: [metric('MIN', RANGE_MIN_LABEL), metric('MAX', RANGE_MAX_LABEL)],
      orderby: [],
      series_limit: 0,
      post_processing: [],
    },
  ]);
}

const DAY_MS = 86_400_000;

/** Epoch milliseconds as Superset's finest-grain text: the date alone when every value is a day. */
function temporalFormatter(values: unknown[]): (v: number) => string {
  const numbers = values.filter((v): v is number => typeof v === 'number');
  const daysOnly = numbers.every((v) => v % DAY_MS === 0);
  const secondsOnly = numbers.every((v) => v % 1000 === 0);
  return (v) => {
    const iso = new Date(v).toISOString();
    if (daysOnly) return iso.slice(0, 10);
    return `${iso.slice(0, 10)} ${iso.slice(11, secondsOnly ? 19 : 23)}`;
  };
}

const isChoiceValue = (v: unknown): v is SelectScalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * A value filter's choices from its query's answer: the column's values in the answer's order,
 * each once, labelled as Superset shows them (`<NULL>`, `TRUE`/`FALSE`, dates at their finest
 * grain). `column` defaults to the answer's first column.
 */
export function choicesFromResult(
  result: ChartDataResult | undefined,
  column?: string,
): FilterChoice[] {
  if (!result || !Array.isArray(result.data)) return [];
  const name = column ?? result.colnames?.[0];
  if (!name) return [];
  const index = result.colnames?.indexOf(name) ?? -1;
  const temporal = index >= 0 && result.coltypes?.[index] === GenericDataType.TEMPORAL;
  const values = result.data.map((row) => row[name]);
  const formatTime = temporal ? temporalFormatter(values) : null;
  const seen = new Set<string>();
  const out: FilterChoice[] = [];
  for (const value of values) {
    const v = value === undefined ? null : value;
    if (!isChoiceValue(v)) continue;
    const key = JSON.stringify(v);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      value: v,
      label: formatTime && typeof v === 'number' ? formatTime(v) : choiceLabel(v),
    });
  }
  return out;
}

/** A range filter's bounds from its query's answer. */
export interface RangeBounds {
  min: number | null;
  max: number | null;
  /** The column's values are not numbers (Superset: "Chosen non-numeric column"). */
  nonNumeric: boolean;
}

export function rangeFromResult(result: ChartDataResult | undefined): RangeBounds {
  const row = result?.data?.[0];
  if (!row) return { min: null, max: null, nonNumeric: false };
  const read = (v: unknown): number | null | undefined => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
    if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
    return undefined;
  };
  const min = read(row[RANGE_MIN_LABEL]);
  const max = read(row[RANGE_MAX_LABEL]);
  if (min === undefined || max === undefined) return { min: null, max: null, nonNumeric: true };
  return { min, max, nonNumeric: false };
}

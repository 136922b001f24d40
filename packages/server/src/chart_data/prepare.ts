/**
 * Pure steps before compiling: the query object as Superset's QueryContextFactory leaves it
 * (the granularity replacing the temporal x-axis, the time range put into TEMPORAL_RANGE
 * filters), the query object a result type runs (samples and drill detail ask for the dataset's
 * raw columns), the time range resolved into from/to date-times, and the engine's time grains.
 */
import {
  evaluateTimeRange,
  TIME_GRAINS,
  TIME_GRAIN_NAMES,
  type TimeGrain,
  TIME_RANGE_MESSAGES,
  TimeRangeError,
  type QueryObject,
  type QueryResultType,
} from '@strata/core';
import { QueryValidationError } from '../query/compile/index.js';

type Filter = NonNullable<QueryObject['filters']>[number];
type QueryColumn = NonNullable<QueryObject['columns']>[number];

/** The SQL expression of an adhoc column, or the column name itself; null for anything else. */
function columnExpression(column: unknown): string | null {
  if (typeof column === 'string') return column;
  if (column && typeof column === 'object' && 'sqlExpression' in column) {
    const sql = (column as { sqlExpression?: unknown }).sqlExpression;
    return typeof sql === 'string' ? sql : null;
  }
  return null;
}

/**
 * Superset's `_apply_granularity`: a query with a `granularity` (a dashboard's time column,
 * `granularity_sqla` of its extra form data) whose form data's `x_axis` is a temporal column
 * has that x-axis column replaced by the granularity (and a pivot's index with it); the
 * temporal filter on the x-axis — else the TEMPORAL_RANGE filter on the granularity, else the
 * first TEMPORAL_RANGE filter — is dropped, the time filter on the granularity taking its place.
 */
function applyGranularity(
  query: QueryObject,
  formData: Record<string, unknown> | null | undefined,
  temporalColumns: ReadonlySet<string>,
): QueryObject {
  const granularity = query.granularity;
  if (!granularity) return query;
  const out: QueryObject = { ...query };
  const xAxis = columnExpression(formData?.x_axis);
  let remove: string | null = null;
  if (xAxis !== null && temporalColumns.has(xAxis)) {
    remove = xAxis;
    const columns = query.columns ?? [];
    const at = columns.findIndex((c) => columnExpression(c) === xAxis);
    if (at >= 0) {
      const current = columns[at]!;
      const replaced: QueryColumn =
        typeof current === 'string'
          ? granularity
          : ({ ...current, sqlExpression: granularity, label: granularity } as QueryColumn);
      out.columns = columns.map((c, i) => (i === at ? replaced : c));
      out.post_processing = (query.post_processing ?? []).map((step) => {
        const s = step as { operation?: unknown; options?: Record<string, unknown> } | null;
        return s && s.operation === 'pivot' && s.options
          ? { ...s, options: { ...s.options, index: [granularity] } }
          : step;
      }) as QueryObject['post_processing'];
    }
  }
  const filters = query.filters ?? [];
  if (remove === null) {
    const temporal = filters.filter((f) => f.op === 'TEMPORAL_RANGE').map((f) => f.col);
    if (temporal.length > 0)
      remove = columnExpression(temporal.includes(granularity) ? granularity : temporal[0]);
  }
  if (remove !== null) out.filters = filters.filter((f) => columnExpression(f.col) !== remove);
  return out;
}

/** Superset's `_apply_filters`: the query's time range is the value of its TEMPORAL_RANGE filters. */
function applyTimeRangeToFilters(query: QueryObject): QueryObject {
  const range = query.time_range;
  if (!range || !query.filters?.some((f) => f.op === 'TEMPORAL_RANGE')) return query;
  return {
    ...query,
    filters: query.filters.map((f): Filter =>
      f.op === 'TEMPORAL_RANGE' ? { ...f, val: range } : f,
    ),
  };
}

/**
 * The query object as Superset's QueryContextFactory hands it on (`_process_query_object`):
 * granularity applied, then the time range set on TEMPORAL_RANGE filters. A chart saved by
 * Superset filters its x-axis with `TEMPORAL_RANGE "No filter"`; a dashboard's time range
 * reaches the query as `time_range` (the client merges `extra_form_data`) and replaces it.
 */
export function applyQueryContextRules(
  query: QueryObject,
  formData: Record<string, unknown> | null | undefined,
  temporalColumns: ReadonlySet<string>,
): QueryObject {
  return applyTimeRangeToFilters(applyGranularity(query, formData, temporalColumns));
}

/** One row of the `timegrains` result type. */
export interface TimeGrainRow {
  name: string;
  function: string;
  duration: TimeGrain;
}

/**
 * The `timegrains` result (Superset's `_get_timegrains`): one row per grain the engine has, in
 * Superset's order, with its name, its SQL over `{col}` and its ISO 8601 duration.
 */
export function timeGrainRows(
  expression: (grain: TimeGrain, column: string) => string | null,
): TimeGrainRow[] {
  const rows: TimeGrainRow[] = [];
  for (const grain of TIME_GRAINS) {
    const sql = expression(grain, '{col}');
    if (sql !== null) rows.push({ name: TIME_GRAIN_NAMES[grain], function: sql, duration: grain });
  }
  return rows;
}

/** Superset's SAMPLES_ROW_LIMIT. */
export const SAMPLES_ROW_LIMIT = 1000;

/** The query a result type runs: samples and drill detail read raw dataset columns. */
export function queryForResultType(
  query: QueryObject,
  resultType: QueryResultType,
  datasetColumns: readonly string[],
): QueryObject {
  if (resultType !== 'samples' && resultType !== 'drill_detail') return query;
  const limit = Math.min(query.row_limit || SAMPLES_ROW_LIMIT, SAMPLES_ROW_LIMIT);
  const raw: QueryObject = {
    ...query,
    is_timeseries: false,
    metrics: null,
    groupby: null,
    post_processing: [],
    time_offsets: [],
    columns: [...datasetColumns],
    series_limit: null,
    timeseries_limit: null,
    row_limit: limit,
    orderby: resultType === 'drill_detail' && datasetColumns[0] ? [[datasetColumns[0], true]] : [],
  };
  if (resultType === 'samples') {
    // Samples are not filtered by time.
    raw.from_dttm = null;
    raw.to_dttm = null;
    raw.time_range = null;
    raw.granularity = null;
  }
  return raw;
}

/** Core's grammar as the compiler's resolver; a bad range is a 400 with the parser's message. */
export function resolveTimeRange(
  text: string,
  now: Date,
): { since: string | null; until: string | null } {
  try {
    return evaluateTimeRange(text, { now });
  } catch (e) {
    if (e instanceof TimeRangeError)
      throw new QueryValidationError(TIME_RANGE_MESSAGES.unexpected(e.message));
    throw e;
  }
}

/**
 * The query with `from_dttm`/`to_dttm` set from its time range (or the form data's), as
 * Superset's QueryObject does; an explicit from/to is kept.
 */
export function withTimeBounds(query: QueryObject, formTimeRange: unknown, now: Date): QueryObject {
  if (query.from_dttm || query.to_dttm) return query;
  const text =
    query.time_range ?? (typeof formTimeRange === 'string' ? formTimeRange : null) ?? null;
  if (text === null || text.trim() === '') return query;
  const { since, until } = resolveTimeRange(text, now);
  return { ...query, time_range: text, from_dttm: since, to_dttm: until };
}

/** A naive `YYYY-MM-DDTHH:mm:ss` (read as UTC) as epoch milliseconds, as Superset's JSON has. */
export function epochMillis(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? null : ms;
}

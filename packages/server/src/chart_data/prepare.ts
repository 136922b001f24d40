/**
 * Pure steps before compiling: the query object a result type runs (samples and drill detail
 * ask for the dataset's raw columns), and the time range resolved into from/to date-times.
 */
import {
  evaluateTimeRange,
  TIME_RANGE_MESSAGES,
  TimeRangeError,
  type QueryObject,
  type QueryResultType,
} from '@strata/core';
import { QueryValidationError } from '../query/compile/index.js';

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

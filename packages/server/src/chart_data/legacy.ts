/**
 * `/superset/explore_json/` (Superset's legacy chart data call, views/core.py `explore_json`):
 * Explore's form data turned into a query context of one query object, and the answer written
 * in the older single-payload shape `{data, query, status, ...}`.
 */
import {
  mergeExtraFormData,
  splitAdhocFilters,
  type AdhocFilter,
  type QueryMetric,
  type QueryObject,
  type QueryResultType,
} from '@strata/core';
import { ApiError } from '../api/errors.js';
import { legacyViz } from './legacy_viz/index.js';
import type { QueryPayload } from './service.js';

export type FormData = Record<string, unknown>;

/** The form data of the request: JSON text in `form_data` of the query string or form body. */
export function legacyFormData(query: Record<string, unknown>, body: unknown): FormData {
  const fromBody =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>).form_data
      : undefined;
  const raw = fromBody ?? query.form_data;
  if (typeof raw === 'object' && raw !== null && !Array.isArray(raw)) return raw as FormData;
  if (typeof raw !== 'string' || raw.trim() === '')
    throw new ApiError(400, 'Bad request: form_data is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ApiError(400, 'Bad request: form_data is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, 'Bad request: form_data must be an object');
  return parsed as FormData;
}

/** The datasource id: the path's, else form data's `datasource` ("3__table"). */
export function legacyDatasourceId(formData: FormData, pathId: string | undefined): number {
  const text = pathId ?? (typeof formData.datasource === 'string' ? formData.datasource : '');
  const match = /^(\d{1,10})(?:__(?:table|dataset))?$/.exec(text);
  if (!match) throw new ApiError(400, 'Bad request: the datasource is missing or invalid');
  return Number(match[1]);
}

const list = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value];

/** The query object of legacy form data (BaseViz.query_obj, the viz-independent part). */
export function legacyQueryObject(input: FormData): QueryObject {
  // Dashboard filters (extra_form_data, legacy extra_filters) merged as Superset's explore_json does.
  const formData = mergeExtraFormData(input) as FormData;
  const metrics = [...list(formData.metrics), ...list(formData.metric)] as QueryMetric[];
  const columns = list(formData.groupby ?? formData.columns ?? formData.all_columns) as string[];
  const { filters, where, having } = splitAdhocFilters(
    list(formData.adhoc_filters) as AdhocFilter[],
  );
  const extrasIn = (formData.extras ?? {}) as Record<string, unknown>;
  const grainValue = extrasIn.time_grain_sqla ?? formData.time_grain_sqla;
  const grain = typeof grainValue === 'string' ? grainValue : null;
  const granularityValue = formData.granularity ?? formData.granularity_sqla;
  const granularity = typeof granularityValue === 'string' ? granularityValue : null;
  const rowLimit = Number(formData.row_limit);
  const sortBy = formData.timeseries_limit_metric;
  return {
    metrics: metrics.length ? metrics : null,
    columns,
    filters,
    granularity,
    is_timeseries: granularity !== null && (formData.include_time === true || grain !== null),
    time_range: typeof formData.time_range === 'string' ? formData.time_range : null,
    row_limit: Number.isSafeInteger(rowLimit) && rowLimit > 0 ? rowLimit : null,
    orderby:
      sortBy && typeof sortBy !== 'boolean'
        ? [[sortBy as QueryMetric, formData.order_desc === false]]
        : undefined,
    extras: {
      where: where || undefined,
      having: having || undefined,
      time_grain_sqla: grain ?? undefined,
    },
  };
}

/** The result type a legacy flag asks for (`?query=true`, `?results=true`, `?samples=true`). */
export function legacyResultType(flags: Record<string, unknown>): QueryResultType {
  if (flags.query === 'true') return 'query';
  if (flags.results === 'true') return 'results';
  if (flags.samples === 'true') return 'samples';
  return 'full';
}

/** The query object of the form data's viz type (its viz.py `query_obj`). */
export function legacyVizQueryObject(formData: FormData): QueryObject {
  const base = legacyQueryObject(formData);
  const viz = legacyViz(formData.viz_type);
  // The viz reads the form data with the dashboard filters merged, as the base query does.
  return viz ? viz.queryObject(base, mergeExtraFormData(formData) as FormData) : base;
}

/** The query context a legacy request runs. */
export function legacyQueryContext(
  formData: FormData,
  datasourceId: number,
  flags: Record<string, unknown>,
): Record<string, unknown> {
  return {
    datasource: { id: datasourceId, type: 'table' },
    queries: [legacyVizQueryObject(formData)],
    form_data: formData,
    force: flags.force === 'true' || formData.force === true,
    result_format: flags.csv === 'true' ? 'csv' : 'json',
    result_type: legacyResultType(flags),
  };
}

/**
 * The data of a full answer: the viz type's shape (viz.py `get_data`) when it has one
 * (`legacy_viz/`), else the records.
 */
export function legacyData(payload: QueryPayload, formData: FormData): unknown {
  const viz = legacyViz(formData.viz_type);
  const rows = Array.isArray(payload.data) ? (payload.data as Record<string, unknown>[]) : [];
  const bound = (v: unknown) => (typeof v === 'number' ? v : null);
  return viz
    ? viz.data(rows, mergeExtraFormData(formData) as FormData, {
        from: bound(payload.from_dttm),
        to: bound(payload.to_dttm),
      })
    : payload.data;
}

/** The older payload (`BaseViz.get_payload`): the query's answer with `form_data`, `errors`. */
export function legacyPayload(
  payload: QueryPayload,
  formData: FormData,
  resultType: QueryResultType,
): Record<string, unknown> {
  if (resultType === 'query') return { query: payload.query, language: payload.language };
  if (resultType === 'results' || resultType === 'samples') return { data: payload.data };
  return {
    cache_key: payload.cache_key,
    cached_dttm: payload.cached_dttm,
    cache_timeout: payload.cache_timeout,
    applied_filters: payload.applied_filters,
    rejected_filters: payload.rejected_filters,
    annotation_data: payload.annotation_data,
    error: null,
    errors: [],
    form_data: formData,
    is_cached: payload.is_cached,
    query: payload.query,
    from_dttm: payload.from_dttm,
    to_dttm: payload.to_dttm,
    status: payload.status,
    stacktrace: null,
    rowcount: payload.rowcount,
    colnames: payload.colnames,
    coltypes: payload.coltypes,
    data: legacyData(payload, formData),
  };
}

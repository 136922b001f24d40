/**
 * Form data → query object, as Superset's buildQueryObject does it: metrics and columns gathered
 * from their form fields (duplicates and empty names removed), the query mode honoured (raw drops
 * metrics and groupby; aggregate drops the raw-only columns), adhoc filters split into simple
 * filters and `extras.where`/`having`, the time range and grain, limits and ordering.
 */
import {
  type AdhocFilter,
  type QueryColumn,
  type QueryFilterClause,
  type QueryFormData,
  type QueryMetric,
  type QueryObject,
  mergeExtraFormData,
} from '@strata/core';

/** Form fields holding metrics; the first ones are single values. */
const METRIC_FIELDS = [
  'metric',
  'metric_2',
  'secondary_metric',
  'x',
  'y',
  'size',
  'metrics',
  'percent_metrics',
];
/** Form fields holding columns (aggregate mode). */
const GROUPBY_FIELDS = ['groupby', 'columns', 'series', 'entity'];

const asList = <T>(v: T | T[] | null | undefined): T[] =>
  v === null || v === undefined ? [] : Array.isArray(v) ? v : [v];

/** A column or metric's identity for de-duplication: its name, or its label/SQL when adhoc. */
function keyOf(item: QueryColumn | QueryMetric): string {
  if (typeof item === 'string') return item;
  return JSON.stringify(item);
}

function unique<T extends QueryColumn | QueryMetric>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (item === null || item === undefined || item === '') return false;
    const key = keyOf(item);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export class InvalidOrderbyError extends Error {
  constructor() {
    super('Found invalid orderby options');
  }
}

/** Raw mode's `order_by_cols` entries are JSON text `["col", true]`. */
function parseOrderByCols(values: readonly string[]): Array<[QueryColumn, boolean]> {
  return values.map((text) => {
    try {
      const parsed: unknown = JSON.parse(text);
      if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[1] === 'boolean')
        return [parsed[0] as QueryColumn, parsed[1]];
    } catch {
      // handled below
    }
    throw new InvalidOrderbyError();
  });
}

/** Metrics, columns and orderby of the form data, per query mode. */
export function extractQueryFields(formData: QueryFormData): {
  /** None in raw mode: the server then selects rows as they are (no GROUP BY), as Superset. */
  metrics: QueryMetric[] | undefined;
  columns: QueryColumn[];
  orderby: Array<[QueryMetric | QueryColumn, boolean]>;
} {
  if (formData.query_mode === 'raw') {
    return {
      metrics: undefined,
      columns: unique(asList(formData.all_columns as QueryColumn[] | undefined)),
      orderby: parseOrderByCols(asList(formData.order_by_cols)),
    };
  }
  const metrics: QueryMetric[] = [];
  for (const field of METRIC_FIELDS)
    metrics.push(...asList(formData[field] as QueryMetric | QueryMetric[]));
  const columns: QueryColumn[] = [];
  for (const field of GROUPBY_FIELDS)
    columns.push(...asList(formData[field] as QueryColumn | QueryColumn[]));
  return {
    metrics: unique(metrics),
    columns: unique(columns),
    orderby: asList(formData.orderby),
  };
}

/**
 * Adhoc filters → simple WHERE filters and the SQL clauses (each in parentheses, joined by AND),
 * as Superset's processFilters: SIMPLE filters go to `filters`, SQL ones to where/having.
 */
export function processFilters(
  adhocFilters: readonly AdhocFilter[] | null | undefined,
  filters: QueryFilterClause[] = [],
): { filters: QueryFilterClause[]; where: string; having: string } {
  const simple = [...filters];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of adhocFilters ?? []) {
    if (f.expressionType === 'SIMPLE') {
      if (f.subject === null || f.subject === undefined || !f.operator) continue;
      const clause: QueryFilterClause = { col: f.subject, op: f.operator };
      if (f.comparator !== undefined && f.comparator !== null) clause.val = f.comparator;
      if (f.isExtra) clause.isExtra = true;
      simple.push(clause);
    } else if (f.sqlExpression && f.sqlExpression.trim() !== '') {
      (f.clause === 'HAVING' ? having : where).push(`(${f.sqlExpression})`);
    }
  }
  return { filters: simple, where: where.join(' AND '), having: having.join(' AND ') };
}

const numberOrUndefined = (v: unknown): number | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

/**
 * The query object of a chart's form data. Dashboard filters (`extra_form_data`, legacy
 * `extra_filters`) are merged first (core's mergeExtraFormData): their filters are appended as
 * `isExtra`, their time settings override the chart's.
 */
export function buildQueryObject(input: QueryFormData): QueryObject {
  const formData = mergeExtraFormData(input) as QueryFormData;
  const { metrics, columns, orderby } = extractQueryFields(formData);
  const { filters, where, having } = processFilters(formData.adhoc_filters);
  const extras: NonNullable<QueryObject['extras']> = {
    ...((formData.extras as QueryObject['extras'] | undefined) ?? {}),
  };
  if (formData.time_grain_sqla && !extras.time_grain_sqla)
    extras.time_grain_sqla = formData.time_grain_sqla;
  if (where) extras.where = where;
  if (having) extras.having = having;
  for (const key of ['relative_start', 'relative_end'] as const) {
    const v = formData[key];
    if (typeof v === 'string' && v) (extras as Record<string, unknown>)[key] = v;
  }
  const query: QueryObject = {
    columns,
    ...(metrics ? { metrics } : {}),
    orderby,
    filters,
    extras,
    annotation_layers: (formData.annotation_layers ?? []).filter(
      (layer) => layer.annotationType !== 'FORMULA' && layer.show !== false,
    ),
    order_desc: formData.order_desc ?? true,
  };
  if (formData.time_range) query.time_range = formData.time_range;
  const granularity = (formData.granularity as string | undefined) ?? formData.granularity_sqla;
  if (granularity) query.granularity = granularity;
  const rowLimit = numberOrUndefined(formData.row_limit);
  if (rowLimit !== undefined) query.row_limit = rowLimit;
  const rowOffset = numberOrUndefined(formData.row_offset);
  if (rowOffset !== undefined) query.row_offset = rowOffset;
  const seriesLimit = numberOrUndefined(formData.series_limit ?? formData.limit);
  query.series_limit = seriesLimit ?? 0;
  const limitMetric = formData.series_limit_metric ?? formData.timeseries_limit_metric;
  if (limitMetric) query.series_limit_metric = limitMetric;
  if (formData.url_params && Object.keys(formData.url_params).length > 0)
    query.url_params = formData.url_params;
  return query;
}

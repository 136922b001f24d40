/**
 * QueryObject -> one SELECT for the dataset's engine (Superset's get_sqla_query): metrics,
 * columns or groupby, the legacy `__timestamp` of time series, time grains, filters in WHERE or
 * HAVING, extras.where/having, the time filter on `granularity`, the fetch-values predicate,
 * orderby, limits, and the series limit as an inner query of the top series joined back.
 * Pure: no I/O. Every name is checked against the dataset, every value goes through the
 * engine's literal, every free SQL fragment through `checkFragment` (the asker's
 * policy for the query's own SQL, the structural check for the dataset's).
 */
import {
  DTTM_ALIAS,
  GenericDataType,
  getColumnLabel,
  isAdhocColumn,
  type QueryObject,
} from '@strata/core';
import {
  aliasFor,
  columnDateFormat,
  columnSql,
  datasetFragment,
  group,
  makeContext,
  requestFragment,
  truncateColumn,
  type Context,
} from './context.js';
import { dateFormatName } from './date-format.js';
import { compileFilters } from './filters.js';
import { resolveOrder, type OrderTerm } from './order.js';
import { resolveColumn, resolveMetric, type Resolved } from './resolve.js';
import { renderSelect } from './render.js';
import { seriesLimitJoin } from './series-limit.js';
import { fromClause } from './source.js';
import { temporalRange, timeFilter, type TimeBounds } from './time.js';
import {
  QueryValidationError,
  type CompileColumn,
  type CompileDataset,
  type CompileDialect,
  type CompileOptions,
  type CompileResult,
} from './types.js';

/** LIMIT used when only an OFFSET is asked (SQLite and MySQL need a LIMIT before OFFSET). */
const NO_LIMIT = '9223372036854775807';

function granularityColumn(
  ctx: Context,
  granularity: string | null | undefined,
): CompileColumn | null {
  if (!granularity) return null;
  const column = ctx.columns.get(granularity);
  if (!column)
    throw new QueryValidationError(`Time column "${granularity}" does not exist in dataset`);
  if (column.is_dttm) return column;
  // Superset falls back to the dataset's main time column (backward compatibility).
  const main = ctx.dataset.main_dttm_col ? ctx.columns.get(ctx.dataset.main_dttm_col) : undefined;
  if (main?.is_dttm) return main;
  throw new QueryValidationError(`Time column "${granularity}" is not temporal`);
}

/** A limit or offset: a non-negative integer (interpolated into SQL, so checked here too). */
function count(value: unknown, what: string): number {
  if (value === null || value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw new QueryValidationError(`${what} is expected to be an integer`);
  return value;
}

function timeBounds(query: QueryObject, options: CompileOptions, inner = false): TimeBounds {
  const from = inner ? (query.inner_from_dttm ?? query.from_dttm) : query.from_dttm;
  const to = inner ? (query.inner_to_dttm ?? query.to_dttm) : query.to_dttm;
  if (from || to) return { since: from ?? null, until: to ?? null };
  if (query.time_range) return temporalRange(query.time_range, query, options);
  // Legacy `since` / `until`: the two halves of a range.
  if (query.since || query.until)
    return temporalRange(`${query.since ?? ''} : ${query.until ?? ''}`, query, options);
  return { since: null, until: null };
}

function uniqueByLabel(items: Resolved[]): Resolved[] {
  const seen = new Set<string>();
  return items.filter((r) => (seen.has(r.label) ? false : (seen.add(r.label), true)));
}

function orderSql(ctx: Context, term: OrderTerm, aliases: Map<string, string>): string {
  const alias = term.label !== null ? aliases.get(term.label) : undefined;
  const ref = alias !== undefined ? ctx.q(alias) : term.sql;
  return ctx.features.orderItem(ref, group(ctx, term.sql), term.ascending);
}

export function compileQuery(
  query: QueryObject,
  dataset: CompileDataset,
  dialect: CompileDialect,
  options: CompileOptions = {},
): CompileResult {
  const ctx = makeContext(dataset, dialect);
  const extras = query.extras ?? {};
  const grain = extras.time_grain_sqla || null;
  const isTimeseries = Boolean(query.is_timeseries);
  const seriesLimit =
    count(query.series_limit, 'Series limit') || count(query.timeseries_limit, 'Series limit');
  const seriesLimitMetric = query.series_limit_metric ?? query.timeseries_limit_metric ?? null;
  const groupby = query.groupby ?? [];
  const columnsIn = (query.columns ?? []).filter((c) => c !== DTTM_ALIAS);
  const metricsIn = query.metrics ?? [];
  if (!metricsIn.length && !columnsIn.length && !groupby.length)
    throw new QueryValidationError('Empty query?');

  const dttm = granularityColumn(ctx, query.granularity);
  if (isTimeseries && !dttm)
    throw new QueryValidationError(
      'Datetime column not provided as part table configuration and is required by this type of chart',
    );

  const timestamp: Resolved | null =
    dttm && isTimeseries
      ? grain
        ? { label: DTTM_ALIAS, sql: truncateColumn(ctx, grain, dttm) }
        : { label: DTTM_ALIAS, sql: columnSql(ctx, dttm), dateFormat: columnDateFormat(dttm) }
      : null;
  // The time columns of the query object (Superset's normalize_df): __timestamp, BASE_AXIS
  // columns and the granularity column; those selected as stored are reported in dateColumns.
  const timeItems = new Set<Resolved>(timestamp ? [timestamp] : []);

  let metrics = uniqueByLabel(metricsIn.map((m) => resolveMetric(ctx, m)));
  // Select items orderby may name by label: adhoc columns, and the legacy __timestamp.
  const named = new Map<string, Resolved>();
  for (const c of [...columnsIn, ...groupby])
    if (isAdhocColumn(c)) named.set(getColumnLabel(c), resolveColumn(ctx, c, grain));
  if (timestamp) named.set(DTTM_ALIAS, timestamp);
  const orderTerms = (query.orderby ?? []).map((o) => resolveOrder(ctx, o, metrics, named));
  const needGroupby =
    query.metrics != null || groupby.length > 0 || orderTerms.some((t) => t.aggregates);

  // Dimensions, and which of them the series limit ranks.
  const seriesLabels = new Set((query.series_columns ?? []).map(getColumnLabel));
  const dims: Resolved[] = [];
  const seriesDims: Resolved[] = [];
  for (const c of needGroupby && groupby.length ? groupby : columnsIn) {
    const r =
      needGroupby && typeof c === 'string' && dttm && c === query.granularity && grain
        ? {
            label: c,
            sql: truncateColumn(ctx, grain, dttm),
            column: dttm,
            type: GenericDataType.TEMPORAL,
          }
        : resolveColumn(ctx, c, grain);
    if (
      (isAdhocColumn(c) && c.columnType === 'BASE_AXIS') ||
      (query.granularity != null &&
        r.label === query.granularity &&
        r.column?.column_name === query.granularity)
    )
      timeItems.add(r);
    dims.push(r);
    if (needGroupby && ((isTimeseries && seriesLabels.size === 0) || seriesLabels.has(r.label)))
      seriesDims.push(r);
  }
  if (!needGroupby) metrics = [];
  const items = uniqueByLabel([...(timestamp ? [timestamp] : []), ...dims, ...metrics]);
  const aliases = new Map(items.map((r) => [r.label, aliasFor(ctx, r.label)]));
  const groupItems = needGroupby ? uniqueByLabel([...(timestamp ? [timestamp] : []), ...dims]) : [];

  // WHERE: filters, extras.where, fetch-values predicate; the time filter on granularity.
  const filters = compileFilters(ctx, query, dttm, options);
  const where = [...filters.where];
  if (extras.where?.trim())
    where.push(`(${requestFragment(ctx, extras.where, 'The WHERE clause')})`);
  const having = [...filters.having];
  if (extras.having?.trim())
    having.push(`(${requestFragment(ctx, extras.having, 'The HAVING clause')})`);
  const predicate =
    query.apply_fetch_values_predicate && dataset.fetch_values_predicate?.trim()
      ? `(${datasetFragment(ctx, dataset.fetch_values_predicate, 'The fetch values predicate')})`
      : null;
  const dttmSql = dttm ? columnSql(ctx, dttm) : null;
  const dttmFormat = dttm ? columnDateFormat(dttm) : null;
  const outerTime = dttmSql
    ? timeFilter(ctx, dttmSql, timeBounds(query, options), dttmFormat)
    : null;

  let from = fromClause(ctx);
  if (seriesLimit > 0 && seriesDims.length > 0) {
    from = seriesLimitJoin(ctx, from, {
      dims: seriesDims,
      limit: seriesLimit,
      rankMetric: seriesLimitMetric,
      metrics,
      where,
      time: dttmSql ? timeFilter(ctx, dttmSql, timeBounds(query, options, true), dttmFormat) : null,
      ascending: query.order_desc === false,
    });
  }

  const rowLimit = count(query.row_limit, 'Row limit') || null;
  const rowOffset = count(query.row_offset, 'Row offset') || null;
  let sql = renderSelect({
    select: items.map((r) => `${r.sql} AS ${ctx.q(aliases.get(r.label)!)}`),
    from,
    where: [...(predicate ? [predicate] : []), ...(outerTime ? [outerTime] : []), ...where],
    groupBy: groupItems.map((r) => r.sql),
    having,
    orderBy: orderTerms.map((t) => orderSql(ctx, t, aliases)),
    limit: rowLimit ?? (rowOffset ? NO_LIMIT : null),
    offset: rowOffset,
  });
  let labels = items.map((r) => r.label);
  let aliasList = labels.map((l) => aliases.get(l)!);
  let dateColumns = items.flatMap((r) =>
    timeItems.has(r) && r.dateFormat
      ? [{ label: r.label, format: dateFormatName(r.dateFormat) }]
      : [],
  );
  if (query.is_rowcount) {
    sql = `SELECT COUNT(*) AS ${ctx.q('rowcount')}\nFROM (\n${sql}\n) AS ${ctx.q('rowcount_qry')}`;
    labels = ['rowcount'];
    aliasList = ['rowcount'];
    dateColumns = [];
  }
  return {
    sql,
    labels,
    aliases: aliasList,
    metricLabels: metrics.map((m) => m.label),
    columnLabels: [...(timestamp ? [DTTM_ALIAS] : []), ...dims.map((d) => d.label)],
    dateColumns,
    appliedFilters: filters.applied,
    rejectedFilters: filters.rejected,
  };
}

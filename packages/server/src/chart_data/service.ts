/**
 * The chart data flow (Superset's ChartDataCommand and QueryContextProcessor): the request
 * validated, the dataset loaded and checked, each query object resolved for its result type,
 * its time range evaluated, compiled, answered from the cache or run on the dataset's database
 * (row limit, time-out), post-processed and shaped as Superset answers it. A SQL Lab query
 * (`datasource.type: query`) is compiled as a virtual dataset over the SQL it ran, on its
 * database, for its owner and users who see every query (`datasets/query-datasource.ts`).
 */
import { GenericDataType, type QueryObject, type QueryResultType } from '@strata/core';
import { applyClientProcessing } from './client_processing/apply.js';
import { ApiError } from '../api/errors.js';
import { describeZodError } from '../api/query-params.js';
import type { DatabaseConnections, DatabaseRow } from '../databases/connections.js';
import { toApiError } from '../databases/engine-errors.js';
import { dashboardContextOf, dashboardGrantsDataset } from '../dashboards/dataset-grant.js';
import { canReadDataset } from '../datasets/access.js';
import {
  loadQueryDatasource,
  queryCompileDataset,
  queryDatasetRecord,
} from '../datasets/query-datasource.js';
import { columnApiObject, loadDatasetRecords, type DatasetRecord } from '../datasets/repository.js';
import type { DatabaseClient } from '../engines/types.js';
import { EngineError } from '../engines/types.js';
import type { MetadataDb } from '../metadata/db.js';
import { toIso } from '../metadata/db.js';
import type { MetadataVersions, Versions } from '../metadata/versions.js';
import { BoundedMap } from '../shared/bounded-map.js';
import {
  compileDatasetFrom,
  compileDialectFor,
  compileQuery,
  dialectFor,
  QueryValidationError,
  type CompileDataset,
  type CompileDialect,
  type CompileResult,
} from '../query/compile/index.js';
import { PostProcessingError } from '../query/postprocessing/index.js';
import { isAdmin, type Principal } from '../security/principal.js';
import type { ResultsBackend } from '../sqllab/results-backend.js';
import { chartAnnotationData, type AnnotationChartRunner } from './annotations.js';
import { savedQueryContext } from './saved-chart.js';
import { renderChartTemplates } from './templating.js';
import { cacheKeyOf, cacheTimeoutOf, type ChartDataCache } from './cache.js';
import { decodeRun, encodeRun, RawJson, type EncodedRun } from './raw-json.js';
import { dateNormalizer, processResult, type ProcessedResult } from './payload.js';
import { advancedDataType } from '../advanced_data_types/registry.js';
import {
  applyQueryContextRules,
  epochMillis,
  queryForResultType,
  resolveTimeRange,
  timeGrainRows,
  withTimeBounds,
} from './prepare.js';
import { queryContextSchema, type QueryContext, type ResultFormat } from './schemas.js';
import { joinOffsetRows, offsetQuery, timeOffsetsOf, type OffsetRows } from './time-offsets.js';
import { clampQueryLimits, DEFAULT_ROW_LIMIT, type ByteBudget } from './limits.js';
import { ChartQueryLimits, limitError, userKeyOf } from './query-limits.js';

export { DEFAULT_ROW_LIMIT };
/** Superset's SUPERSET_WEBSERVER_TIMEOUT: a chart query running longer is cancelled. */
export const DEFAULT_QUERY_TIMEOUT_MS = 60_000;

/**
 * A dataset the principal may not read: 404 as for an unknown one (its existence is not told).
 * With an access link configured, the answer carries Superset's error object with that link
 * (`errors[0].extra.link`), which clients show as "Request Access".
 */
export function datasetRefused(link: string | null): ApiError {
  if (!link) return new ApiError(404, 'Not found');
  return new ApiError(404, 'Not found', {
    message: 'Not found',
    errors: [
      {
        message: 'Not found',
        error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
        level: 'warning',
        extra: { link },
      },
    ],
  });
}

export interface ChartDataOptions {
  timeoutMs?: number;
  defaultCacheTimeout?: number;
  now?: () => Date;
  /** Time-out of an annotation layer's chart query (default 60 s). */
  annotationTimeoutMs?: number;
  /** Render Jinja in chart queries (the ENABLE_TEMPLATE_PROCESSING flag; on unless false). */
  templating?: boolean;
  /** The metadata change counters; without them nothing about datasets is kept between requests. */
  versions?: MetadataVersions;
  /** DASHBOARD_RBAC: a dashboard's roles grant its charts' datasets (see dashboards/dataset-grant.ts). */
  dashboardRbac?: boolean;
  /** Sent with a refused dataset: where to ask for access (STRATA_PERMISSION_INSTRUCTIONS_LINK). */
  permissionInstructionsLink?: string | null;
  /** SQL Lab's results backend: the columns of a query explored as a datasource. */
  results?: ResultsBackend | null;
  /** Row, byte and concurrency limits (issue 16 point 2), shared with `/datasource/samples`. */
  limits?: ChartQueryLimits;
  /** ENABLE_ADVANCED_DATA_TYPES: filters on typed columns translate through their type. */
  advancedDataTypes?: boolean;
}

export type QueryPayload = Record<string, unknown>;

export interface ChartDataAnswer {
  resultFormat: ResultFormat;
  resultType: QueryResultType;
  datasetName: string;
  queries: QueryPayload[];
}

/** What a request needs of its dataset and database, apart from the open client. */
interface KnownTarget {
  /** `table`, or `query` for a SQL Lab query explored without a dataset. */
  type: 'table' | 'query';
  rec: DatasetRecord;
  row: DatabaseRow;
  dataset: CompileDataset;
  dialect: CompileDialect;
  cacheTimeout: number;
}

/** What one request needs of its dataset and database. */
interface Target extends KnownTarget {
  client: DatabaseClient;
  /** Aborts the request's queries (an annotation layer's time-out). */
  signal?: AbortSignal;
  /** Whose queue the request's queries wait in (see user-slots.ts). */
  user: string;
  /** The byte budgets of the request's runs, released when its answer is built. */
  budgets: ByteBudget[];
}

/** What the cache keeps of a run (the rest of the answer is rebuilt per request). */
interface CachedRun extends ProcessedResult {
  sql_rowcount: number;
  cached_dttm: string;
}

function parseContext(body: unknown): QueryContext {
  const parsed = queryContextSchema.safeParse(body ?? {});
  if (!parsed.success) throw new ApiError(400, `Bad request: ${describeZodError(parsed.error)}`);
  return parsed.data;
}

/** A failure of the database as Superset's chart data answers it: 400 with `errors`. */
function queryFailed(e: EngineError): ApiError {
  const mapped = toApiError(e);
  const errors = mapped instanceof ApiError ? mapped.body?.errors : undefined;
  const message = `Error: ${e.message}`;
  return new ApiError(400, message, { message, errors });
}

/** URL parameters for `url_param`: the query's, else the form data's (string values only). */
function urlParamsOf(
  query: QueryObject,
  formData: Record<string, unknown> | null | undefined,
): Record<string, string> {
  const source =
    query.url_params ?? (formData?.url_params as Record<string, unknown> | undefined) ?? {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** A query of a cache-only run is not in the cache (see `runCached`). */
class CacheMiss extends Error {
  constructor() {
    super('Not in the chart data cache');
  }
}

function naiveIso(d: Date): string {
  return d.toISOString().slice(0, 19);
}

/** The datasource's `verbose_map` (as its Explore payload has it) for client processing. */
function verboseMapOf(target: KnownTarget): Record<string, string> {
  const verbose: Record<string, string> = target.type === 'table' ? { __timestamp: 'Time' } : {};
  for (const c of target.rec.columns) verbose[c.column_name] = c.verbose_name || c.column_name;
  for (const m of target.rec.metrics) verbose[m.metric_name] = m.verbose_name || m.metric_name;
  return verbose;
}

export class ChartDataService {
  private readonly timeoutMs: number;
  private readonly now: () => Date;
  /** Row, byte and concurrency limits of chart queries. */
  readonly limits: ChartQueryLimits;
  private readonly targets = new BoundedMap<
    number,
    { version: string; target: KnownTarget | null }
  >(1000);

  constructor(
    private readonly db: MetadataDb,
    private readonly connections: DatabaseConnections,
    private readonly cache: ChartDataCache,
    private readonly options: ChartDataOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
    this.now = options.now ?? (() => new Date());
    this.limits = options.limits ?? new ChartQueryLimits({ waitMs: this.timeoutMs });
  }

  /**
   * Runs a query context. With `rawData` (the JSON answer of the API), rows come back as
   * `RawJson` text straight from the cache or from the run's one serialisation. `cachedOnly`
   * throws at the first query not in the cache (see `runCached`).
   */
  async run(
    principal: Principal,
    body: unknown,
    signal?: AbortSignal,
    options: { rawData?: boolean; cachedOnly?: boolean; versions?: Versions } = {},
  ): Promise<ChartDataAnswer> {
    const context = parseContext(body);
    const target =
      context.datasource.type === 'query'
        ? await this.queryTarget(principal, context.datasource.id)
        : await this.target(principal, context.datasource.id, context.form_data, options.versions);
    if (signal) target.signal = signal;
    const resultType = context.result_type ?? 'full';
    const now = this.now();
    const queries: QueryPayload[] = [];
    // Raw rows only go into JSON answers (files are written from parsed rows).
    const rawData =
      options.rawData === true &&
      (context.result_format ?? 'json') === 'json' &&
      resultType !== 'post_processed';
    try {
      for (const query of context.queries) {
        queries.push(
          await this.runQuery(principal, target, context, query, now, rawData, options.cachedOnly),
        );
      }
    } finally {
      for (const budget of target.budgets) budget.release();
    }
    return {
      resultFormat: context.result_format ?? 'json',
      resultType,
      datasetName: target.rec.row.table_name,
      queries:
        resultType === 'post_processed'
          ? applyClientProcessing(
              queries,
              context.form_data,
              verboseMapOf(target),
              context.result_format ?? 'json',
            )
          : queries,
    };
  }

  /**
   * The answer when every query of the context is in the cache (and `force` is not asked), else
   * null without running anything (Superset's `run(force_cached=True)`, how GLOBAL_ASYNC_QUERIES
   * answers a cached chart at once). Access is checked as by `run` (a 404 is thrown).
   */
  async runCached(
    principal: Principal,
    body: unknown,
    options: { rawData?: boolean; versions?: Versions } = {},
  ): Promise<ChartDataAnswer | null> {
    try {
      return await this.run(principal, body, undefined, { ...options, cachedOnly: true });
    } catch (e) {
      if (e instanceof CacheMiss) return null;
      throw e;
    }
  }

  /** The dataset (404 unless the principal may read it), its database and client. */
  private async target(
    principal: Principal,
    id: number,
    formData: Record<string, unknown> | null | undefined,
    versions?: Versions,
  ): Promise<Target> {
    const known = await this.knownTarget(id, versions);
    if (!known) throw new ApiError(404, 'Not found');
    const owners = known.rec.owners.map((o) => o.id);
    if (!canReadDataset(principal, known.rec.row, owners)) {
      const dashboard = dashboardContextOf(formData);
      const granted =
        dashboard !== null &&
        (await dashboardGrantsDataset(
          this.db,
          principal,
          dashboard,
          id,
          this.options.dashboardRbac === true,
        ));
      if (!granted) throw datasetRefused(this.options.permissionInstructionsLink ?? null);
    }
    return {
      ...known,
      client: await this.connections.client(known.row),
      user: userKeyOf(principal),
      budgets: [],
    };
  }

  /**
   * A SQL Lab query as a virtual dataset (404 unless the principal may see the query). Not kept
   * between requests: the query table has no change counter, and its results may expire.
   */
  private async queryTarget(principal: Principal, id: number): Promise<Target> {
    const qd = await loadQueryDatasource(this.db, this.options.results ?? null, principal, id);
    if (!qd) throw new ApiError(404, 'Not found');
    const row = await this.connections.row(qd.database.id);
    const database = await this.db
      .selectFrom('dbs')
      .select('cache_timeout')
      .where('id', '=', row.id)
      .executeTakeFirst();
    return {
      type: 'query',
      rec: queryDatasetRecord(qd),
      row,
      dataset: queryCompileDataset(qd),
      dialect: compileDialectFor(this.connections.spec(row)),
      cacheTimeout: cacheTimeoutOf(null, database?.cache_timeout, this.options.defaultCacheTimeout),
      client: await this.connections.client(row),
      user: userKeyOf(principal),
      budgets: [],
    };
  }

  /**
   * The dataset with its columns and metrics, its database row and what the compiler needs of
   * them: loaded once and kept while the `datasources` change counter stays the same (any write
   * to databases, datasets, columns, metrics or owners bumps it), when a counter is available.
   */
  private async knownTarget(id: number, versions?: Versions): Promise<KnownTarget | null> {
    const version = versions
      ? versions.datasources
      : this.options.versions
        ? (await this.options.versions.read()).datasources
        : null;
    const hit = version === null ? undefined : this.targets.get(id);
    if (hit && hit.version === version) return hit.target;
    const rec = (await loadDatasetRecords(this.db, [id])).get(id);
    let target: KnownTarget | null = null;
    if (rec) {
      const row = await this.connections.row(rec.row.database_id);
      const database = await this.db
        .selectFrom('dbs')
        .select('cache_timeout')
        .where('id', '=', row.id)
        .executeTakeFirst();
      target = {
        type: 'table',
        rec,
        row,
        dataset: compileDatasetFrom(rec),
        dialect: compileDialectFor(this.connections.spec(row)),
        cacheTimeout: cacheTimeoutOf(
          rec.row.cache_timeout,
          database?.cache_timeout,
          this.options.defaultCacheTimeout,
        ),
      };
    }
    if (version !== null) this.targets.set(id, { version, target });
    return target;
  }

  private async runQuery(
    principal: Principal,
    baseTarget: Target,
    context: QueryContext,
    input: QueryObject,
    now: Date,
    rawData = false,
    cachedOnly = false,
  ): Promise<QueryPayload> {
    // Free SQL in the query: the allow list of functions unless an admin asks (issue 16, 1).
    let target = { ...baseTarget, dialect: dialectFor(baseTarget.dialect, isAdmin(principal)) };
    const resultType = input.result_type ?? context.result_type ?? 'full';
    if (resultType === 'columns') {
      return {
        data: target.rec.columns.map((c) => {
          const api = columnApiObject(c);
          return {
            column_name: api.column_name,
            verbose_name: api.verbose_name,
            dtype: api.type_generic,
          };
        }),
      };
    }
    if (resultType === 'timegrains') {
      const spec = this.connections.spec(target.row);
      return { data: timeGrainRows((grain, column) => spec.timeGrainExpression(grain, column)) };
    }

    const temporalColumns = new Set(
      target.dataset.columns.filter((c) => c.is_dttm).map((c) => c.column_name),
    );
    let query = queryForResultType(
      applyQueryContextRules(input, context.form_data, temporalColumns),
      resultType,
      target.dataset.columns.map((c) => c.column_name),
    );
    // Samples are not filtered by time (Superset clears from/to for them).
    if (resultType !== 'samples') query = withTimeBounds(query, context.form_data?.time_range, now);
    // Superset's apply_max_row_limit: none → ROW_LIMIT, any → at most SQL_MAX_ROW (clamped,
    // never refused: Superset's clients send 2^53 - 1 and expect rows).
    query = clampQueryLimits(query, this.limits.maxRows);
    let appliedTemplateFilters: string[] = [];
    let templateCacheExtras: Record<string, unknown> = {};
    if (this.options.templating !== false) {
      const rendered = await renderChartTemplates(query, target.dataset, {
        templateParams: target.rec.row.template_params,
        urlParams: urlParamsOf(query, context.form_data),
        user: principal.isAnonymous
          ? null
          : {
              id: principal.id,
              username: principal.username,
              email: principal.email,
              first_name: principal.first_name,
              last_name: principal.last_name,
            },
        engine: target.dialect.engine,
      });
      query = rendered.query;
      target = { ...target, dataset: rendered.dataset };
      appliedTemplateFilters = rendered.appliedTemplateFilters;
      templateCacheExtras = rendered.cacheExtras;
    }
    let compiled: CompileResult;
    try {
      compiled = compileQuery(query, target.dataset, target.dialect, {
        resolveTimeRange: (text) => resolveTimeRange(text, now),
        advancedDataTypes: this.options.advancedDataTypes ? advancedDataType : undefined,
      });
    } catch (e) {
      // Superset's `_get_query`: a query object that does not validate answers its message.
      if (resultType === 'query' && e instanceof QueryValidationError)
        return { language: 'sql', error: e.message };
      throw e;
    }
    if (resultType === 'query') return { query: compiled.sql, language: 'sql' };

    const cacheKey = cacheKeyOf({
      sql: compiled.sql,
      datasource: `${target.rec.row.id}__${target.type}`,
      changed_on: toIso(target.rec.row.changed_on),
      result_type: resultType,
      post_processing: query.post_processing ?? [],
      time_offsets: query.time_offsets ?? [],
      template: templateCacheExtras,
      // The same SQL answers other values when a column's python_date_format changes.
      ...(compiled.dateColumns.length ? { date_columns: compiled.dateColumns } : {}),
    });
    let cached = context.force ? null : await this.cached(cacheKey);
    if (cachedOnly && cached === null) throw new CacheMiss();
    const annotationData = await chartAnnotationData(
      this.db,
      query,
      this.annotationRunner(principal, context),
      this.options.annotationTimeoutMs,
    );
    const isCached = cached !== null;
    const cacheTimeout = context.custom_cache_timeout ?? target.cacheTimeout;
    let fresh: CachedRun | null = null;
    if (!cached) {
      fresh = await this.execute(target, compiled, query, now);
      const encoded = encodeRun(fresh);
      await this.cache.set(cacheKey, encoded.text, cacheTimeout);
      const { data: _rows, ...head } = fresh;
      cached = { head, dataText: encoded.dataText };
    }
    const { sql_rowcount, cached_dttm, ...processed } = cached.head;
    // Rows: the cached text as it is for the API's JSON answer, else parsed (files, legacy,
    // annotation layers read them).
    const data: CachedRun['data'] | RawJson = rawData
      ? new RawJson(cached.dataText)
      : (fresh?.data ?? (JSON.parse(cached.dataText) as CachedRun['data']));
    if (resultType === 'results') {
      const { colnames, coltypes, rowcount } = processed;
      return { data, colnames, coltypes, rowcount, sql_rowcount };
    }
    return {
      cache_key: cacheKey,
      cached_dttm: isCached ? cached_dttm : null,
      cache_timeout: cacheTimeout,
      applied_template_filters: appliedTemplateFilters,
      annotation_data: annotationData,
      error: null,
      is_cached: isCached,
      query: compiled.sql,
      status: 'success',
      stacktrace: null,
      rowcount: processed.rowcount,
      sql_rowcount,
      from_dttm: epochMillis(query.from_dttm),
      to_dttm: epochMillis(query.to_dttm),
      label_map: processed.label_map,
      colnames: processed.colnames,
      indexnames: Array.from({ length: processed.rowcount }, (_, i) => i),
      coltypes: processed.coltypes,
      data,
      result_format: context.result_format ?? 'json',
      applied_filters: compiled.appliedFilters.map((column) => ({ column })),
      rejected_filters: compiled.rejectedFilters.map((f) => ({
        reason: 'not_in_datasource',
        column: f.column,
      })),
    };
  }

  /**
   * Runs a saved chart's query context for an annotation layer: its queries without their own
   * annotation layers (no recursion), with the layer's time overrides, the outer request's force.
   */
  private annotationRunner(principal: Principal, context: QueryContext): AnnotationChartRunner {
    return async (chartId, overrides, signal) => {
      let saved: Record<string, unknown>;
      try {
        saved = await savedQueryContext(this.db, principal, chartId);
      } catch (e) {
        if (e instanceof ApiError && e.statusCode === 404)
          throw new Error('The chart does not exist', { cause: e });
        if (e instanceof ApiError && e.statusCode === 400)
          throw new Error('The chart query context does not exist', { cause: e });
        throw e;
      }
      const queries = (Array.isArray(saved.queries) ? saved.queries : []).map((raw) => {
        const q = { ...(raw as Record<string, unknown>) };
        delete q.annotation_layers;
        if (overrides.time_range) {
          q.time_range = overrides.time_range;
          delete q.from_dttm;
          delete q.to_dttm;
        }
        if (overrides.time_grain_sqla)
          q.extras = {
            ...((q.extras as Record<string, unknown>) ?? {}),
            time_grain_sqla: overrides.time_grain_sqla,
          };
        if (overrides.granularity) q.granularity = overrides.granularity;
        return q;
      });
      try {
        const answer = await this.run(
          principal,
          {
            ...saved,
            queries,
            force: context.force ?? false,
            result_type: 'full',
            result_format: 'json',
          },
          signal,
        );
        return (answer.queries[0]?.data as Array<Record<string, unknown>> | undefined) ?? [];
      } catch (e) {
        if (e instanceof ApiError && e.statusCode === 404)
          throw new Error('The chart datasource does not exist', { cause: e });
        throw e;
      }
    };
  }

  private async cached(key: string): Promise<EncodedRun<Omit<CachedRun, 'data'>> | null> {
    const text = await this.cache.get(key);
    return text === null ? null : decodeRun<Omit<CachedRun, 'data'>>(text);
  }

  /**
   * Runs one SQL statement in one of the user's query slots, with the row limit, the byte
   * budget (counted while rows stream in; past it the statement is cancelled and the answer is
   * a 422) and the time-out.
   */
  private runSql(target: Target, sql: string, query: QueryObject, labels: readonly string[]) {
    return this.limits.inUserSlot(target.user, target.signal, () =>
      this.runSqlNow(target, sql, query, labels),
    );
  }

  private async runSqlNow(
    target: Target,
    sql: string,
    query: QueryObject,
    labels: readonly string[],
  ) {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = target.signal ? AbortSignal.any([timeout, target.signal]) : timeout;
    try {
      const { result, budget } = await this.limits.execute(target.client, sql, {
        schema: target.rec.row.schema,
        maxRows: query.row_limit ?? DEFAULT_ROW_LIMIT,
        labels,
        // The request's queries and time offsets share one budget.
        usedBefore: target.budgets.reduce((n, b) => n + b.bytes, 0),
        signal,
        readOnly: true,
      });
      target.budgets.push(budget);
      return result;
    } catch (e) {
      const limited = limitError(e);
      if (limited) throw limited;
      if (target.signal?.aborted) throw new ApiError(400, 'The query was cancelled');
      if (signal.aborted)
        throw queryFailed(
          new EngineError('timeout', `The query exceeded the ${this.timeoutMs / 1000} s time-out`),
        );
      if (e instanceof EngineError) throw queryFailed(e);
      throw e;
    }
  }

  /** The rows of each time offset's query (the same query, its time range moved back). */
  private async runOffsets(target: Target, query: QueryObject, now: Date): Promise<OffsetRows[]> {
    let offsets: string[];
    try {
      offsets = timeOffsetsOf(query);
    } catch (e) {
      if (e instanceof PostProcessingError) throw new ApiError(400, e.message);
      throw e;
    }
    const answers: OffsetRows[] = [];
    for (const offset of offsets) {
      const shifted = offsetQuery(query, offset);
      const compiled = compileQuery(shifted, target.dataset, target.dialect, {
        resolveTimeRange: (text) => resolveTimeRange(text, now),
        advancedDataTypes: this.options.advancedDataTypes ? advancedDataType : undefined,
      });
      const { rows } = await this.runSql(target, compiled.sql, shifted, compiled.labels);
      answers.push({ offset, rows });
    }
    return answers;
  }

  /** Runs the SQL (and its time offsets), then post-processes the rows. */
  private async execute(
    target: Target,
    compiled: CompileResult,
    query: QueryObject,
    now: Date,
  ): Promise<CachedRun> {
    const result = await this.runSql(target, compiled.sql, query, compiled.labels);
    const offsets = await this.runOffsets(target, query, now);
    const labels = result.columns.map((c, i) => compiled.labels[i] ?? c.name);
    // Time columns in a python_date_format (epoch numbers, `%Y`…) become date-times.
    const dates = dateNormalizer(result.columns, labels, compiled.dateColumns);
    const temporal = new Set(
      labels.filter(
        (label, i) =>
          result.columns[i]!.generic === GenericDataType.TEMPORAL || dates.labels.has(label),
      ),
    );
    try {
      const processed = processResult(
        result.columns,
        result.rows,
        compiled.labels,
        query.post_processing,
        {
          dateColumns: compiled.dateColumns,
          beforePostProcessing: (table) =>
            joinOffsetRows(table, query, temporal, offsets, dates.normalize),
        },
      );
      return { ...processed, sql_rowcount: result.rows.length, cached_dttm: naiveIso(this.now()) };
    } catch (e) {
      if (e instanceof PostProcessingError) throw new ApiError(400, e.message);
      throw e;
    }
  }
}

import { parseJsonObject } from '../api/json.js';
import {
  DISPLAY_MAX_ROW,
  RESULTS_PAGE_ROWS,
  type ExecuteRequest,
  type QueryDto,
  type QueryResultsPayload,
  type QueryState,
  type SqlLabError,
} from '@strata/core';
import { ApiError } from '../api/errors.js';
import { accessibleSchemas, canAccessDatabase } from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { engineErrorType } from '../databases/engine-errors.js';
import {
  EngineError,
  ResultSizeError,
  type ColumnInfo,
  type EngineSpec,
} from '../engines/types.js';
import type { EventBus } from '../events/bus.js';
import type { JobQueue } from '../jobs/types.js';
import { nowIso, toBool, type MetadataDb } from '../metadata/db.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';
import type { Engine } from '../sql/guard.js';
import { ENGINES } from '../sql/guard-lex.js';
import type { PlainTemplateContext } from '../sql/templating/batch.js';
import { TemplateError, templateParamsFromJson } from '../sql/templating/index.js';
import { prepareSqlScript, renderTemplates } from '../workers/cpu.js';
import { resultColumns, resultsPayload } from './payload.js';
import {
  effectiveQueryLimit,
  finalLimitingFactor,
  STREAMING_LIMIT_FROM,
  type PreparedScript,
} from './prepare.js';
import { toQueryDto, type QueryRow } from './query-dto.js';
import {
  isResultsKey,
  newResultsKey,
  pageText,
  readRows,
  resultsStoreError,
  ResultsStoreError,
  type ResultMeta,
  type ResultRow,
  type ResultsBackend,
} from './results-backend.js';
import {
  QuotaExceededError,
  quotaMessage,
  ResultsLedger,
  type ResultsQuotas,
} from './results-quota.js';
import { RunningQueries } from './running.js';

/** SQL Lab's settings (from the configuration). */
export interface SqlLabSettings {
  /** This process's instance id, written on the queries it runs (`query.worker_id`). */
  instanceId: string;
  defaultLimit: number;
  maxRow: number;
  /** A query running longer is stopped and marked timed_out (ms; 0: never). */
  timeoutMs: number;
  /** Jinja templating of the SQL (the ENABLE_TEMPLATE_PROCESSING flag). */
  templating: boolean;
  /** Byte quotas of the stored results (0: none); absent: none. */
  resultsQuotas?: ResultsQuotas;
}

/** The database row fields SQL Lab needs. */
interface SqlLabDatabase {
  id: number;
  database_name: string;
  sqlalchemy_uri: string;
  password: string | null;
  changed_on: string | Date | null;
  extra: string | null;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
}

export type ExecuteAnswer =
  { status: 200; body: QueryResultsPayload } | { status: 202; body: { query: QueryDto } };

/** A refused or failed query, answered as Superset's `{message, errors}` with the query. */
export class QueryFailure extends ApiError {
  constructor(status: number, error: SqlLabError, query: QueryDto | null) {
    super(status, error.message, {
      message: error.message,
      errors: [error],
      ...(query ? { query } : {}),
    });
  }
}

const CLIENT_ID = /^[A-Za-z0-9_-]{1,11}$/;
const PROGRESS_WRITE_MS = 500;
const STOPPED_MESSAGE = 'The query was stopped.';

/**
 * The schema CREATE TABLE/VIEW AS writes to: the database's `force_ctas_schema` (its extra),
 * else the asked `tmp_schema_name`, else the query's schema, else the default one (null).
 */
export function ctasSchema(
  extra: string | null,
  tmpSchemaName: string | null | undefined,
  schema: string | null | undefined,
): string | null {
  const forced = parseJsonObject(extra).force_ctas_schema;
  if (typeof forced === 'string' && forced !== '') return forced;
  return tmpSchemaName || schema || null;
}

/** The queue's job id of an asynchronous query. */
export function sqlLabJobId(clientId: string): string {
  return `sqllab:${clientId}`;
}

/** The prepared script as `query.strata_script` keeps it (the worker runs exactly this). */
function scriptFromJson(text: string | null): PreparedScript | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as PreparedScript;
    return Array.isArray(parsed.statements) ? parsed : null;
  } catch {
    return null;
  }
}

function sqlLabError(
  message: string,
  errorType: string,
  extra: Record<string, unknown> = {},
): SqlLabError {
  return { message, error_type: errorType, level: 'error', extra };
}

function engineName(spec: EngineSpec): Engine {
  return (ENGINES as readonly string[]).includes(spec.engine)
    ? (spec.engine as Engine)
    : 'postgresql';
}

/** Whether the principal sees every query (admins, all_query_access). */
export function seesAllQueries(p: Principal): boolean {
  return isAdmin(p) || hasPerm(p, 'all_query_access', 'all_query_access');
}

/** The engines' byte limit of one query's rows: the per-query results quota (0: none). */
function perQueryMaxBytes(quotas: ResultsQuotas | undefined): number | undefined {
  return quotas && quotas.perQuery > 0 ? quotas.perQuery : undefined;
}

/**
 * SQL Lab's query lifecycle: a query row is stored (pending or running), its SQL rendered,
 * guarded, limited and run on the database, its rows written page by page to the results
 * backend, and the row finished as success, failed, stopped or timed_out. Synchronous queries
 * answer when done; asynchronous ones go to the job queue and are polled.
 */
export class SqlLabService {
  readonly running = new RunningQueries();
  /** What the stored results take, against the quotas. */
  readonly ledger: ResultsLedger;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: MetadataDb,
    private readonly connections: DatabaseConnections,
    private readonly results: ResultsBackend,
    private readonly queue: JobQueue,
    private readonly bus: EventBus,
    private readonly settings: SqlLabSettings,
  ) {
    this.ledger = new ResultsLedger(
      results,
      settings.resultsQuotas ?? { perQuery: 0, perUser: 0, total: 0 },
    );
    // A stop asked of any process reaches the one running the query (issue 17).
    this.unsubscribe = bus.subscribe('sqllab.stop', (clientId) => {
      this.running.abort(clientId, 'stopped');
    });
  }

  private async database(id: number): Promise<SqlLabDatabase> {
    const row = await this.db
      .selectFrom('dbs')
      .select([
        'id',
        'database_name',
        'sqlalchemy_uri',
        'password',
        'changed_on',
        'extra',
        'expose_in_sqllab',
        'allow_run_async',
        'allow_dml',
        'allow_ctas',
        'allow_cvas',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'Database not found.');
    return {
      ...row,
      expose_in_sqllab: toBool(row.expose_in_sqllab),
      allow_run_async: toBool(row.allow_run_async),
      allow_dml: toBool(row.allow_dml),
      allow_ctas: toBool(row.allow_ctas),
      allow_cvas: toBool(row.allow_cvas),
    };
  }

  /** The database, when the principal may query it in this schema; 404 or 403 otherwise. */
  async databaseFor(
    principal: Principal,
    id: number,
    schema: string | null | undefined,
  ): Promise<SqlLabDatabase> {
    const database = await this.database(id);
    if (canAccessDatabase(principal, database)) return database;
    if (schema && accessibleSchemas(principal, database, [schema]).length === 1) return database;
    // A database the principal has no grant on is not revealed.
    throw new ApiError(
      schema ? 403 : 404,
      schema
        ? `You do not have access to the schema ${schema} of this database.`
        : 'Database not found.',
    );
  }

  private templateContext(
    principal: Principal,
    templateParams: string | null | undefined,
    urlParams: Record<string, string>,
  ): PlainTemplateContext {
    return {
      templateParams: templateParamsFromJson(templateParams),
      urlParams,
      user: principal.isAnonymous
        ? null
        : {
            id: principal.id,
            username: principal.username,
            email: principal.email,
            first_name: principal.first_name,
            last_name: principal.last_name,
          },
    };
  }

  /**
   * The SQL with its template rendered (when templating is on), in a worker thread with a time
   * limit (workers/cpu.ts); a failure is a TemplateError.
   */
  async renderSql(
    principal: Principal,
    spec: EngineSpec,
    text: string,
    templateParams: string | null | undefined,
    urlParams: Record<string, string>,
  ): Promise<string> {
    if (!this.settings.templating) return text;
    const answer = await renderTemplates({
      texts: [text],
      context: this.templateContext(principal, templateParams, urlParams),
      engine: spec.engine,
    });
    if (!answer.ok) throw new TemplateError(answer.message, answer.line);
    return answer.results[0]!.sql;
  }

  /** A stored query as the client sees it. */
  private async dtoOf(id: number): Promise<QueryDto> {
    const r = await this.db
      .selectFrom('query')
      .innerJoin('dbs', 'dbs.id', 'query.database_id')
      .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
      .selectAll('query')
      .select(['dbs.database_name', 'ab_user.username'])
      .where('query.id', '=', id)
      .executeTakeFirstOrThrow();
    return toQueryDto(r, { databaseName: r.database_name, username: r.username });
  }

  private async update(id: number, values: Partial<Omit<QueryRow, 'id'>>): Promise<void> {
    await this.db
      .updateTable('query')
      .set({ ...values, changed_on: nowIso() })
      .where('id', '=', id)
      .execute();
  }

  /** `POST /api/v1/sqllab/execute/`. */
  async execute(
    principal: Principal,
    request: ExecuteRequest,
    urlParams: Record<string, string>,
  ): Promise<ExecuteAnswer> {
    if (!CLIENT_ID.test(request.client_id)) {
      throw new ApiError(400, 'client_id must be 1 to 11 letters, digits, dashes or underscores.');
    }
    const database = await this.databaseFor(principal, request.database_id, request.schema);
    if (!database.expose_in_sqllab) {
      throw new ApiError(400, 'This database is not exposed in SQL Lab.');
    }
    const existing = await this.db
      .selectFrom('query')
      .select('id')
      .where('client_id', '=', request.client_id)
      .executeTakeFirst();
    if (existing) throw new ApiError(400, 'A query with this client_id already exists.');

    const runAsync = Boolean(request.runAsync) && database.allow_run_async;
    const limit = effectiveQueryLimit(
      request.queryLimit,
      this.settings.defaultLimit,
      this.settings.maxRow,
    );
    const ctas = request.select_as_cta
      ? {
          method: request.ctas_method ?? 'TABLE',
          table: request.tmp_table_name ?? '',
          schema: ctasSchema(database.extra, request.tmp_schema_name, request.schema),
        }
      : null;

    // Rendering and guarding happen before anything reaches the database or the queue.
    const spec = this.connections.spec(database);
    let script: PreparedScript | null = null;
    let refusal: SqlLabError | null = null;
    try {
      const rendered = await this.renderSql(
        principal,
        spec,
        request.sql,
        request.templateParams,
        urlParams,
      );
      const prepared = await prepareSqlScript({
        sql: rendered,
        engine: engineName(spec),
        allowDml: database.allow_dml,
        allowCtas: database.allow_ctas,
        allowCvas: database.allow_cvas,
        limit,
        ctas,
        dialect: spec.engine,
        streamingLimitFrom: STREAMING_LIMIT_FROM[engineName(spec)] ?? null,
      });
      if (prepared.ok) script = prepared.script;
      else {
        refusal = sqlLabError(prepared.message, prepared.errorType, {
          statement_index: prepared.statementIndex,
        });
      }
    } catch (e) {
      if (!(e instanceof TemplateError)) throw e;
      refusal = sqlLabError(e.message, 'INVALID_TEMPLATE_PARAMS_ERROR', {
        ...(e.line !== null ? { line: e.line } : {}),
      });
    }

    // The query is stored once, already in its first state; the row is mirrored here so the
    // answer needs no read back.
    const now = Date.now();
    const values = {
      client_id: request.client_id,
      database_id: database.id,
      user_id: principal.isAnonymous ? null : principal.id,
      tmp_table_name: ctas ? ctas.table : null,
      tab_name: request.tab ?? null,
      sql_editor_id: request.sql_editor_id ?? null,
      status: refusal ? 'failed' : runAsync ? 'pending' : 'running',
      schema: request.schema ?? null,
      catalog: request.catalog ?? null,
      sql: request.sql,
      select_sql: null,
      executed_sql: script?.executedSql ?? null,
      limit,
      limiting_factor: script?.limitingFactor ?? null,
      select_as_cta: Boolean(ctas),
      select_as_cta_used: script !== null && script.createdTable !== null,
      ctas_method: ctas ? ctas.method : null,
      progress: 0,
      rows: null,
      error_message: refusal?.message ?? null,
      results_key: null,
      start_time: now,
      start_running_time: refusal || runAsync ? null : now,
      end_time: refusal ? now : null,
      end_result_backend_time: null,
      tracking_url: null,
      extra_json: refusal ? JSON.stringify({ errors: [refusal] }) : null,
      changed_on: nowIso(),
      // Who runs it: this process for a synchronous query or one held in this process's
      // in-process queue; a query waiting in Redis has no worker until one takes it.
      worker_id:
        refusal || (runAsync && this.queue.kind !== 'in-process') ? null : this.settings.instanceId,
      // What a worker runs: the statements rendered, guarded and limited here. Kept for every
      // query, since a CSV export runs its `exportStatements` again.
      strata_script: script ? JSON.stringify(script) : null,
    };
    const inserted = await this.db
      .insertInto('query')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    const mirror: QueryRow = { ...values, id: inserted.id };
    const dtoExtras = {
      databaseName: database.database_name,
      username: principal.isAnonymous ? null : principal.username,
    };
    if (refusal || !script) {
      throw new QueryFailure(400, refusal!, toQueryDto(mirror, dtoExtras));
    }

    if (runAsync) {
      try {
        await this.queue.add(
          'sqllab.execute',
          { queryId: mirror.id },
          { jobId: sqlLabJobId(request.client_id) },
        );
      } catch {
        const error = sqlLabError(
          'The query could not be queued: the job queue is unavailable. Try again later.',
          'GENERIC_BACKEND_ERROR',
        );
        await this.fail(mirror, error);
        throw new QueryFailure(503, error, toQueryDto(mirror, dtoExtras));
      }
      return { status: 202, body: { query: toQueryDto(mirror, dtoExtras) } };
    }
    const firstRows: ResultRow[] = [];
    const outcome = await this.run(mirror, database, script, firstRows, false);
    const dto = toQueryDto(mirror, dtoExtras);
    if (outcome.error) throw new QueryFailure(outcome.status, outcome.error, dto);
    return {
      status: 200,
      body: resultsPayload(dto, resultColumns(outcome.columns), firstRows, 0, outcome.totalRows),
    };
  }

  /**
   * Writes `values` on a query still pending or running (`states`); false when it was not (a
   * stop, a time-out or a sweep got there first), and nothing is written.
   */
  private async updateIfUnfinished(
    id: number,
    values: Partial<Omit<QueryRow, 'id'>>,
    states: QueryState[] = ['running'],
  ): Promise<boolean> {
    const answer = await this.db
      .updateTable('query')
      .set({ ...values, changed_on: nowIso() })
      .where('id', '=', id)
      .where('status', 'in', states)
      .executeTakeFirst();
    return Number(answer.numUpdatedRows) > 0;
  }

  /**
   * Stores a final failure state on a query not yet finished; `mirror` follows. A query that
   * another process already finished (stopped, swept) keeps its state.
   */
  private async fail(
    mirror: QueryRow,
    error: SqlLabError,
    state: QueryState = 'failed',
  ): Promise<void> {
    const values = {
      status: state,
      error_message: error.message,
      end_time: Date.now(),
      results_key: null,
      extra_json: JSON.stringify({ errors: [error] }),
    };
    Object.assign(mirror, values);
    await this.updateIfUnfinished(mirror.id, values, ['pending', 'running']);
  }

  /**
   * The job `sqllab.execute {queryId}`: runs a query stored as pending with its prepared
   * script, in whichever process took the job.
   */
  async runJob(queryId: number): Promise<void> {
    const row = await this.db
      .selectFrom('query')
      .selectAll()
      .where('id', '=', queryId)
      .executeTakeFirst();
    // Stopped while it waited, swept, or taken already (a job never runs a query twice).
    if (!row || row.status !== 'pending') return;
    const script = scriptFromJson(row.strata_script);
    if (!script) {
      await this.fail(
        row,
        sqlLabError(
          'The query could not be run: its prepared script is missing.',
          'GENERIC_BACKEND_ERROR',
        ),
      );
      return;
    }
    let database: SqlLabDatabase;
    try {
      database = await this.database(row.database_id);
    } catch {
      await this.fail(row, sqlLabError('Database not found.', 'GENERIC_BACKEND_ERROR'));
      return;
    }
    await this.run(row, database, script, null, true);
  }

  /**
   * Runs a prepared script, streaming the last statement's rows into the results backend
   * page by page. `firstRows` (sync answers) receives the first DISPLAY_MAX_ROW rows. The
   * results key is stored on the query with the first page, so a client polling a long query
   * can show its first rows while the rest streams (the stored meta says `complete: false`
   * until the end). `mirror` is kept equal to the stored row.
   */
  private async run(
    mirror: QueryRow,
    database: SqlLabDatabase,
    script: PreparedScript,
    firstRows: ResultRow[] | null,
    queued: boolean,
  ): Promise<RunOutcome> {
    const clientId = mirror.client_id;
    if (queued) {
      // Taken from the queue: pending → running, unless it was stopped meanwhile.
      const started = Date.now();
      const taken = await this.updateIfUnfinished(
        mirror.id,
        { status: 'running', start_running_time: started, worker_id: this.settings.instanceId },
        ['pending'],
      );
      if (!taken) return { error: null, status: 200, columns: [], totalRows: 0 };
      Object.assign(mirror, {
        status: 'running',
        start_running_time: started,
        worker_id: this.settings.instanceId,
      });
    }
    const signal = this.running.start(clientId, this.settings.timeoutMs);
    // A stop published before this process listened for it: the row says so.
    if (queued && (await this.stoppedMeanwhile(mirror.id))) this.running.abort(clientId, 'stopped');
    const key = newResultsKey();
    let page: ResultRow[] = [];
    let pageIndex = 0;
    let stored = 0;
    let totalRows = 0;
    let columns: ColumnInfo[] = [];
    let lastProgressWrite = Date.now();
    let statementIndex = 0;
    const statements = script.statements.length;
    const limit = script.effectiveLimit ?? this.settings.maxRow;
    const progressOf = (rows: number) =>
      Math.min(
        99,
        Math.floor(
          ((statementIndex + (limit > 0 ? Math.min(rows / limit, 1) : 0)) / statements) * 100,
        ),
      );
    const owner = mirror.user_id;
    let bytes = 0;
    /** A failure of this runner's own (a quota, the results store) while rows streamed. */
    let ownFailure: unknown = null;
    const partialMeta = (): ResultMeta => ({
      columns,
      totalRows: stored,
      pageRows: RESULTS_PAGE_ROWS,
      affectedRows: null,
      createdAt: Date.now(),
      complete: false,
      bytes,
      owner,
    });
    /** A page's text, its bytes counted against the quotas before it is written. */
    const charged = async (rows: ResultRow[]): Promise<string> => {
      const text = pageText(rows);
      const size = Buffer.byteLength(text);
      await this.ledger.charge(key, owner, size);
      bytes += size;
      return text;
    };
    /** A write to the results backend; its failures (disk full…) get a message of our own. */
    const store = async (write: () => Promise<void>): Promise<void> => {
      try {
        await write();
      } catch (e) {
        throw resultsStoreError(e);
      }
    };
    /** Stores a full page while rows stream; the first one is published to pollers. */
    const flush = async () => {
      const text = await charged(page);
      await store(() => this.results.writePage(key, pageIndex, text));
      pageIndex += 1;
      stored += page.length;
      page = [];
      await store(() => this.results.writeMeta(key, partialMeta()));
      if (pageIndex === 1) {
        // The first page is readable: tell pollers where it is.
        mirror.results_key = key;
        lastProgressWrite = Date.now();
        await this.progress(mirror, {
          results_key: key,
          rows: stored,
          progress: progressOf(stored),
        });
      }
    };
    const writeProgress = async () => {
      const now = Date.now();
      if (now - lastProgressWrite < PROGRESS_WRITE_MS) return;
      lastProgressWrite = now;
      await this.progress(mirror, { progress: progressOf(totalRows), rows: stored });
    };
    try {
      const client = await this.connections.client(database);
      const result = await client.executeScript(script.statements, {
        schema: mirror.schema,
        maxRows: limit,
        batchSize: RESULTS_PAGE_ROWS,
        // A result past the per-query quota is refused by engines that see value sizes before
        // making them (a 600 MB PostgreSQL value never becomes a string).
        maxBytes: perQueryMaxBytes(this.settings.resultsQuotas),
        signal,
        onStatement: (index) => {
          statementIndex = index;
        },
        onColumns: (cols) => {
          columns = cols;
        },
        onBatch: async (rows) => {
          try {
            for (const r of rows) {
              if (firstRows && firstRows.length < DISPLAY_MAX_ROW) firstRows.push(r);
              page.push(r);
              totalRows += 1;
              if (page.length === RESULTS_PAGE_ROWS) await flush();
            }
            await writeProgress();
          } catch (e) {
            // Some drivers wrap what onBatch throws: the cause is kept to be reported as is.
            ownFailure = e;
            throw e;
          }
        },
      });
      columns = result.columns;
      // The last page and the final meta: no reader waits for them before the row says
      // success, so they are written together.
      const last = page.length > 0 ? await charged(page) : null;
      await store(() =>
        this.results.writeFinal(key, pageIndex, last, {
          columns: result.columns,
          totalRows,
          pageRows: RESULTS_PAGE_ROWS,
          affectedRows: result.affectedRows,
          createdAt: Date.now(),
          complete: true,
          bytes,
          owner,
        }),
      );
      this.ledger.complete(key);
      // A stop that raced with the end wins: the user asked for it.
      if (this.running.reason(clientId)) throw new EngineError('cancelled', STOPPED_MESSAGE);
      const done = {
        status: 'success',
        progress: 100,
        rows: result.columns.length > 0 ? totalRows : (result.affectedRows ?? 0),
        results_key: key,
        end_time: Date.now(),
        end_result_backend_time: Date.now(),
        limiting_factor: finalLimitingFactor(
          script.limitingFactor,
          script.effectiveLimit,
          totalRows,
        ),
      };
      // Guarded: a query stopped (from any process) or swept meanwhile never becomes success.
      if (!(await this.updateIfUnfinished(mirror.id, done))) {
        this.running.abort(clientId, 'stopped');
        throw new EngineError('cancelled', STOPPED_MESSAGE);
      }
      Object.assign(mirror, done);
      return { error: null, status: 200, columns: result.columns, totalRows };
    } catch (thrown) {
      const e = ownFailure ?? thrown;
      // Nothing of a failed query's result stays (partial pages of a full disk included).
      this.ledger.forget(key);
      await this.results.delete(key).catch(() => undefined);
      if (firstRows) firstRows.length = 0;
      const reason = this.running.reason(clientId);
      if (reason === 'stopped' || reason === 'shutdown') {
        const error = sqlLabError(STOPPED_MESSAGE, 'QUERY_STOPPED');
        await this.fail(mirror, error, 'stopped');
        return { error, status: 400, columns: [], totalRows: 0 };
      }
      if (reason === 'timed_out') {
        const seconds = Math.round(this.settings.timeoutMs / 1000);
        const error = sqlLabError(
          `The query exceeded the ${seconds} seconds timeout.`,
          'SQLLAB_TIMEOUT_ERROR',
          { timeout: seconds },
        );
        await this.fail(mirror, error, 'timed_out');
        return { error, status: 408, columns: [], totalRows: 0 };
      }
      if (e instanceof EngineError) {
        const error = sqlLabError(e.message, engineErrorType(e.kind), {
          ...e.extra,
          engine_error: e.kind,
        });
        await this.fail(mirror, error);
        return { error, status: 422, columns: [], totalRows: 0 };
      }
      if (e instanceof ResultSizeError) {
        const error = sqlLabError(quotaMessage('query', e.maxBytes), 'RESULTS_BACKEND_ERROR', {
          quota: 'query',
          limit_bytes: e.maxBytes,
        });
        await this.fail(mirror, error);
        return { error, status: 422, columns: [], totalRows: 0 };
      }
      if (e instanceof QuotaExceededError) {
        const error = sqlLabError(e.message, 'RESULTS_BACKEND_ERROR', {
          quota: e.quota,
          limit_bytes: e.limit,
        });
        await this.fail(mirror, error);
        return { error, status: 422, columns: [], totalRows: 0 };
      }
      if (e instanceof ResultsStoreError) {
        const error = sqlLabError(e.message, 'RESULTS_BACKEND_ERROR', {
          ...(e.code ? { code: e.code } : {}),
        });
        await this.fail(mirror, error);
        return { error, status: 507, columns: [], totalRows: 0 };
      }
      if (e instanceof ApiError) {
        const error = sqlLabError(e.message, 'GENERIC_BACKEND_ERROR');
        await this.fail(mirror, error);
        return { error, status: e.statusCode, columns: [], totalRows: 0 };
      }
      const error = sqlLabError('The query failed unexpectedly.', 'GENERIC_BACKEND_ERROR');
      await this.fail(mirror, error);
      throw e;
    } finally {
      this.running.finish(clientId);
    }
  }

  /** The principal's query by client id, or 404. */
  async ownQuery(principal: Principal, clientId: string): Promise<QueryRow> {
    if (!CLIENT_ID.test(clientId)) throw new ApiError(404, 'Query not found.');
    const row = await this.db
      .selectFrom('query')
      .selectAll()
      .where('client_id', '=', clientId)
      .executeTakeFirst();
    if (!row || (row.user_id !== principal.id && !seesAllQueries(principal))) {
      throw new ApiError(404, 'Query not found.');
    }
    return row;
  }

  /**
   * `POST /api/v1/query/stop`, from any process: a waiting job leaves the queue; the row is
   * marked stopped (so the runner's later writes, guarded, change nothing), and the stop is
   * published so the process running the query cancels it on the database.
   */
  async stop(principal: Principal, clientId: string): Promise<void> {
    const row = await this.ownQuery(principal, clientId);
    if (!['pending', 'running'].includes(row.status)) return;
    if (row.status === 'pending') await this.queue.remove(sqlLabJobId(clientId));
    await this.fail(row, sqlLabError(STOPPED_MESSAGE, 'QUERY_STOPPED'), 'stopped');
    this.running.abort(clientId, 'stopped');
    await this.bus.publish('sqllab.stop', clientId);
  }

  /** Whether the query was finished by someone else (a stop, a sweep) while this ran. */
  private async stoppedMeanwhile(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('query')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return !row || row.status !== 'running';
  }

  /** A progress write while the query runs; a query finished meanwhile is cancelled here. */
  private async progress(mirror: QueryRow, values: Partial<Omit<QueryRow, 'id'>>): Promise<void> {
    if (!(await this.updateIfUnfinished(mirror.id, values))) {
      this.running.abort(mirror.client_id, 'stopped');
    }
  }

  /** `GET /api/v1/query/updated_since`: the principal's queries changed after a time. */
  async updatedSince(principal: Principal, lastUpdatedMs: number): Promise<QueryDto[]> {
    const since = new Date(lastUpdatedMs).toISOString();
    const rows = await this.db
      .selectFrom('query')
      .innerJoin('dbs', 'dbs.id', 'query.database_id')
      .leftJoin('ab_user', 'ab_user.id', 'query.user_id')
      .selectAll('query')
      .select(['dbs.database_name', 'ab_user.username'])
      .where('query.user_id', '=', principal.id)
      .where('query.changed_on', '>', since)
      .orderBy('query.changed_on', 'asc')
      .limit(1000)
      .execute();
    return rows.map((r) => toQueryDto(r, { databaseName: r.database_name, username: r.username }));
  }

  /** The query owning a results key, when the principal may read it; 404 otherwise. */
  private async queryOfKey(principal: Principal, key: string): Promise<QueryRow> {
    if (!isResultsKey(key)) throw new ApiError(404, 'Results not found.');
    const row = await this.db
      .selectFrom('query')
      .selectAll()
      .where('results_key', '=', key)
      .executeTakeFirst();
    if (!row || (row.user_id !== principal.id && !seesAllQueries(principal))) {
      throw new ApiError(404, 'Results not found.');
    }
    return row;
  }

  private async metaOf(key: string): Promise<ResultMeta> {
    const meta = await this.results.readMeta(key);
    if (!meta) {
      const error = sqlLabError(
        'Data could not be retrieved from the results backend. You need to re-run the original query.',
        'RESULTS_BACKEND_ERROR',
      );
      throw new ApiError(410, error.message, { message: error.message, errors: [error] });
    }
    return meta;
  }

  /** `GET /api/v1/sqllab/results/`: rows `offset … offset + rows` of a stored result. */
  async readResults(
    principal: Principal,
    key: string,
    rows: number,
    offset: number,
  ): Promise<QueryResultsPayload> {
    const query = await this.queryOfKey(principal, key);
    const meta = await this.metaOf(key);
    const data = await readRows(this.results, key, meta, offset, rows);
    return resultsPayload(
      await this.dtoOf(query.id),
      resultColumns(meta.columns),
      data,
      offset,
      meta.totalRows,
    );
  }

  /** The stored result of a query, page by page, for the CSV export. */
  async *exportRows(
    principal: Principal,
    clientId: string,
  ): AsyncGenerator<{ columns: ColumnInfo[] } | { rows: ResultRow[] }> {
    const query = await this.ownQuery(principal, clientId);
    if (!query.results_key) throw new ApiError(404, 'This query has no results to export.');
    const meta = await this.metaOf(query.results_key);
    yield { columns: meta.columns };
    const pages = Math.ceil(meta.totalRows / meta.pageRows);
    for (let i = 0; i < pages; i += 1) {
      const rows = await this.results.readPage(query.results_key, i);
      if (rows === null) throw new Error(`Page ${i} of an exported result is missing`);
      yield { rows };
    }
  }

  /** Stops running queries (shutdown). */
  abortAll(): void {
    this.running.abortAll();
  }

  /** Stops listening for stops and stops the queries this process runs. */
  close(): void {
    this.unsubscribe();
    this.running.abortAll();
  }
}

interface RunOutcome {
  error: SqlLabError | null;
  status: number;
  columns: ColumnInfo[];
  totalRows: number;
}

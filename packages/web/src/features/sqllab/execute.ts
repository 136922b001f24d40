import type {
  CtasMethod,
  ExecuteRequest,
  QueryDto,
  QueryResultsPayload,
  SqlLabError,
} from '@strata/core';
import type { QueryEditor, SqlLabDatabase, SqlLabQuery } from './types';

/** Rows a data preview asks for. */
export const PREVIEW_QUERY_LIMIT = 100;

export interface RunInput {
  clientId: string;
  editor: Pick<
    QueryEditor,
    'id' | 'tabViewId' | 'name' | 'dbId' | 'catalog' | 'schema' | 'templateParams' | 'queryLimit'
  >;
  database: Pick<SqlLabDatabase, 'id' | 'database_name' | 'allow_run_async'>;
  sql: string;
  /** The limit when the tab has none (DEFAULT_SQLLAB_LIMIT). */
  defaultLimit: number;
  now: number;
  /** CREATE TABLE AS / CREATE VIEW AS with the query's rows, into this table. */
  ctas?: CtasRequest | null;
}

/** What "CREATE TABLE AS" / "CREATE VIEW AS" asks for. */
export interface CtasRequest {
  method: CtasMethod;
  tableName: string;
}

/** The SQL to run: the selection when asked and not blank, else the whole text. */
export function sqlToRun(
  editor: Pick<QueryEditor, 'sql' | 'selectedText'>,
  selection: boolean,
): string {
  const selected = editor.selectedText ?? '';
  return selection && selected.trim() !== '' ? selected : editor.sql;
}

/** The id the server files a tab's queries under: its server id once it has one. */
export function sqlEditorIdOf(editor: Pick<QueryEditor, 'id' | 'tabViewId'>): string {
  return editor.tabViewId ?? editor.id;
}

/** Body of `POST /api/v1/sqllab/execute/` for a tab's query. */
export function executeBody(input: RunInput): ExecuteRequest {
  const { editor, database } = input;
  return {
    client_id: input.clientId,
    database_id: database.id,
    json: true,
    runAsync: database.allow_run_async,
    catalog: editor.catalog,
    schema: editor.schema,
    sql: input.sql,
    sql_editor_id: sqlEditorIdOf(editor),
    tab: editor.name,
    tmp_table_name: input.ctas ? input.ctas.tableName.trim() : '',
    select_as_cta: Boolean(input.ctas),
    ctas_method: input.ctas?.method ?? 'TABLE',
    templateParams: editor.templateParams,
    queryLimit: editor.queryLimit ?? input.defaultLimit,
    expand_data: true,
  };
}

/** Body of the execute call of a table's data preview (not filed under any tab). */
export function previewBody(input: {
  clientId: string;
  database: Pick<SqlLabDatabase, 'id' | 'allow_run_async'>;
  catalog: string | null;
  schema: string | null;
  sql: string;
}): ExecuteRequest {
  return {
    client_id: input.clientId,
    database_id: input.database.id,
    json: true,
    runAsync: input.database.allow_run_async,
    catalog: input.catalog,
    schema: input.schema,
    sql: input.sql,
    sql_editor_id: null,
    tab: '',
    tmp_table_name: '',
    select_as_cta: false,
    ctas_method: 'TABLE',
    templateParams: null,
    queryLimit: PREVIEW_QUERY_LIMIT,
    expand_data: true,
  };
}

/** The client's record of a query it has just sent (pending when async, else running). */
export function startedQuery(
  body: ExecuteRequest,
  extra: { dbName: string | null; now: number; isDataPreview?: boolean; tableName?: string | null },
): SqlLabQuery {
  const runAsync = body.runAsync === true;
  return {
    id: body.client_id,
    queryId: 0,
    serverId: 0,
    dbId: body.database_id,
    db: extra.dbName,
    sql: body.sql,
    executedSql: null,
    sqlEditorId: body.sql_editor_id ?? null,
    tab: body.tab ?? null,
    schema: body.schema ?? null,
    catalog: body.catalog ?? null,
    ctas: body.select_as_cta === true,
    ctas_method: body.ctas_method ?? 'TABLE',
    tempSchema: null,
    tempTable: body.select_as_cta ? (body.tmp_table_name ?? null) : null,
    state: runAsync ? 'pending' : 'running',
    progress: 0,
    rows: null,
    limit: body.queryLimit ?? null,
    limitingFactor: null,
    errorMessage: null,
    resultsKey: null,
    startDttm: extra.now,
    endDttm: null,
    changed_on: new Date(extra.now).toISOString(),
    userId: null,
    user: null,
    trackingUrl: null,
    extra: {},
    isDataPreview: extra.isDataPreview ?? false,
    tableName: extra.tableName ?? null,
    runAsync,
    templateParams: body.templateParams ?? null,
    queryLimit: body.queryLimit ?? null,
    errors: [],
    awaitingResponse: true,
    resultsLoading: false,
    resultsError: null,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export type ExecuteAnswer =
  | { kind: 'results'; payload: QueryResultsPayload }
  | { kind: 'queued'; query: QueryDto }
  | { kind: 'unknown' };

/** What an execute answer is: finished results (200) or a queued query (202). */
export function parseExecuteAnswer(answer: unknown): ExecuteAnswer {
  if (!isRecord(answer)) return { kind: 'unknown' };
  if (Array.isArray(answer.data) && isRecord(answer.query)) {
    return { kind: 'results', payload: answer as unknown as QueryResultsPayload };
  }
  if (isRecord(answer.query) && typeof answer.query.id === 'string') {
    return { kind: 'queued', query: answer.query as unknown as QueryDto };
  }
  return { kind: 'unknown' };
}

/** The errors of a failed execute answer (`{errors: [...]}`), as SupersetErrors. */
export function answerErrors(body: unknown): SqlLabError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(isRecord).map((e) => ({
    message: typeof e.message === 'string' ? e.message : '',
    error_type: typeof e.error_type === 'string' ? e.error_type : 'GENERIC_BACKEND_ERROR',
    level: e.level === 'warning' || e.level === 'info' ? e.level : 'error',
    extra: isRecord(e.extra) ? e.extra : {},
  }));
}

/** The query of a results payload with the fields it may leave out filled from the payload. */
export function payloadQuery(payload: QueryResultsPayload): QueryDto {
  return {
    ...payload.query,
    state: payload.query.state ?? payload.status,
    rows: payload.query.rows ?? payload.total_rows,
  };
}

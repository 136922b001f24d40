/**
 * SQL Lab's shapes, shared by the server and the web app: the execute request, the query as
 * the client sees it (Superset's `Query.to_dict()`), result payloads, tab state and table
 * schema rows, and SQL Lab's constants.
 */

/** Rows a new tab asks for unless the user picks another limit (Superset's DEFAULT_SQLLAB_LIMIT). */
export const DEFAULT_SQLLAB_LIMIT = 1000;
/** The most rows a query may return; the limit selector offers nothing above it (SQL_MAX_ROW). */
export const DEFAULT_SQL_MAX_ROW = 1_000_000;
/** Rows sent inline with an execute answer; the rest are read by key, page by page. */
export const DISPLAY_MAX_ROW = 10_000;
/** Rows per page of a stored result (the results backend and `GET /api/v1/sqllab/results/`). */
export const RESULTS_PAGE_ROWS = 10_000;
/** The limit selector's choices, cut at the configured maximum. */
export const QUERY_LIMIT_CHOICES = [10, 100, 1000, 10_000, 100_000, 1_000_000] as const;
/** A new tab's SQL. */
export const DEFAULT_SQL = 'SELECT ...';
/** Appended to the default SQL when tabs are not kept on the server. */
export const DEFAULT_SQL_NOT_PERSISTED =
  '-- Note: Unless you save your query, these tabs will NOT persist if you clear your cookies or change browsers.\n\n';
export const UNTITLED_QUERY = 'Untitled Query';
/** Async queries are polled this often (ms). */
export const QUERY_POLL_MS = 1000;
/** Default SQL Lab query timeout in seconds (SQLLAB_TIMEOUT). */
export const DEFAULT_SQLLAB_TIMEOUT_SECONDS = 300;

export type QueryState =
  'pending' | 'running' | 'success' | 'failed' | 'stopped' | 'timed_out' | 'scheduled' | 'fetching';

export const QUERY_STATES: readonly QueryState[] = [
  'pending',
  'running',
  'success',
  'failed',
  'stopped',
  'timed_out',
  'scheduled',
  'fetching',
];

/** States after which a query changes no more. */
export const FINISHED_QUERY_STATES: readonly QueryState[] = [
  'success',
  'failed',
  'stopped',
  'timed_out',
];

export type LimitingFactor = 'QUERY' | 'DROPDOWN' | 'NOT_LIMITED' | 'QUERY_AND_DROPDOWN';
export type CtasMethod = 'TABLE' | 'VIEW';

/** Body of `POST /api/v1/sqllab/execute/`. */
export interface ExecuteRequest {
  client_id: string;
  database_id: number;
  sql: string;
  json?: boolean;
  runAsync?: boolean;
  schema?: string | null;
  catalog?: string | null;
  sql_editor_id?: string | null;
  tab?: string | null;
  tmp_table_name?: string | null;
  /** Schema of the CTAS/CVAS target; the query's schema when not given (a database's
   * `force_ctas_schema` wins over both). */
  tmp_schema_name?: string | null;
  select_as_cta?: boolean;
  ctas_method?: CtasMethod;
  /** JSON text of an object. */
  templateParams?: string | null;
  queryLimit?: number | null;
  expand_data?: boolean;
}

/** A column of a result. */
export interface ResultColumn {
  column_name: string;
  name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
}

/** A query as the client sees it (Superset's `Query.to_dict()`). */
export interface QueryDto {
  /** The client id. */
  id: string;
  /** The server id. */
  queryId: number;
  dbId: number;
  db: string | null;
  sql: string;
  executedSql: string | null;
  sqlEditorId: string | null;
  tab: string | null;
  schema: string | null;
  catalog: string | null;
  ctas: boolean;
  ctas_method: CtasMethod | null;
  tempSchema: string | null;
  tempTable: string | null;
  state: QueryState;
  progress: number;
  rows: number | null;
  limit: number | null;
  limitingFactor: LimitingFactor | null;
  errorMessage: string | null;
  resultsKey: string | null;
  startDttm: number | null;
  endDttm: number | null;
  changed_on: string;
  userId: number | null;
  user: string | null;
  trackingUrl: string | null;
  serverId: number;
  extra: Record<string, unknown>;
}

/** An error of a failed query, Superset's SupersetError. */
export interface SqlLabError {
  message: string;
  error_type: string;
  level: 'error' | 'warning' | 'info';
  extra: Record<string, unknown>;
}

/** Answer of a finished execute and of `GET /api/v1/sqllab/results/`. */
export interface QueryResultsPayload {
  status: QueryState;
  query_id: number;
  query: QueryDto;
  columns: ResultColumn[];
  selected_columns: ResultColumn[];
  expanded_columns: ResultColumn[];
  /** Rows as objects keyed by column name (Superset's shape). */
  data: Array<Record<string, unknown>>;
  /** The position of the first row of `data` in the whole result. */
  offset: number;
  /** Rows in the whole stored result. */
  total_rows: number;
}

/** Answer of an execute that went to the queue (HTTP 202). */
export interface QueryQueuedPayload {
  query: QueryDto;
}

/** A table metadata panel as stored with a tab (`/tableschemaview/`). */
export interface TableSchemaDto {
  id: number;
  tab_state_id: number;
  database_id: number;
  schema: string | null;
  catalog: string | null;
  table: string;
  description: Record<string, unknown> | null;
  expanded: boolean;
}

/** A tab as stored on the server (`GET /tabstateview/{id}`). */
export interface TabStateDto {
  id: number;
  user_id: number;
  label: string;
  active: boolean;
  database_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  query_limit: number | null;
  template_params: string | null;
  autorun: boolean;
  hide_left_bar: boolean;
  saved_query: { id: number } | null;
  latest_query: QueryDto | null;
  extra_json: Record<string, unknown>;
  table_schemas: TableSchemaDto[];
}

/** A new untitled tab's name: one above the highest "Untitled Query N" in use. */
export function nextUntitledName(names: readonly string[]): string {
  let highest = 0;
  const pattern = new RegExp(`^${UNTITLED_QUERY} (\\d+)$`);
  for (const name of names) {
    const m = pattern.exec(name);
    if (m) highest = Math.max(highest, Number(m[1]));
  }
  return `${UNTITLED_QUERY} ${highest + 1}`;
}

/** The name of a copied tab. */
export function copyTabName(name: string): string {
  return `Copy of ${name}`;
}

/** The limit selector's choices up to `maxRow`, with `maxRow` itself when it is not a choice. */
export function queryLimitChoices(maxRow: number): number[] {
  const choices: number[] = QUERY_LIMIT_CHOICES.filter((n) => n <= maxRow);
  if (!choices.includes(maxRow)) choices.push(maxRow);
  return choices;
}

/** What CREATE TABLE/VIEW AS may name (a table or a schema): a plain identifier. */
const CTAS_TARGET_NAME = /^[A-Za-z_][A-Za-z0-9_$]{0,127}$/;

/** Whether a CTAS/CVAS target name (table or schema) is a plain identifier. */
export function isCtasTargetName(name: string): boolean {
  return CTAS_TARGET_NAME.test(name);
}

/** Why a CTAS/CVAS target name is refused. */
export const CTAS_TARGET_NAME_RULE =
  'The table name must start with a letter or an underscore and hold only letters, digits and underscores.';

import type { EngineInformation } from '@strata/core';
import type { GenericDataType, TimeGrain } from '@strata/core';

/**
 * The contract every database backend implements. An `EngineSpec` knows a dialect (quoting,
 * literals, time grains, URIs); `connect` gives a `DatabaseClient` over a pool or an embedded
 * handle, which introspects and executes. Everything here is engine-neutral: no route or
 * service knows which backend it talks to.
 */

/** A column of a table or of a result. */
export interface ColumnInfo {
  name: string;
  /** The database's own type name, e.g. `VARCHAR(255)`, `BIGINT`, `TIMESTAMP WITH TIME ZONE`. */
  type: string;
  generic: GenericDataType;
  nullable: boolean;
  default?: string | null;
  comment?: string | null;
}

export interface TableRef {
  schema: string | null;
  name: string;
  type: 'table' | 'view';
}

export interface ForeignKeyInfo {
  name: string | null;
  constrained_columns: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
}

export interface IndexInfo {
  name: string;
  column_names: string[];
  unique: boolean;
}

export interface TableMetadata {
  name: string;
  schema: string | null;
  type: 'table' | 'view';
  columns: ColumnInfo[];
  primaryKey: { name: string | null; constrained_columns: string[] };
  foreignKeys: ForeignKeyInfo[];
  indexes: IndexInfo[];
  comment: string | null;
}

/** Partition columns (for `table_extra`); most engines have none. */
export interface PartitionInfo {
  cols: string[];
  latest: Record<string, unknown> | null;
  partitionQuery: string | null;
}

export interface ExecuteOptions {
  /** Default schema for unqualified names (search_path / USE / none). */
  schema?: string | null;
  /** Stop after this many rows (the statement itself is not rewritten here). */
  maxRows?: number;
  /** Rows per batch handed to `onBatch`. */
  batchSize?: number;
  onBatch?: (rows: unknown[][]) => void | Promise<void>;
  /**
   * Called once with the result's columns (the same as the final `ExecuteResult.columns`)
   * before the first `onBatch`, and awaited, so the first rows of a large result can be stored
   * or shown while the rest streams. Called for every statement that returns rows, also when
   * it returns none (a SELECT matching nothing: before the call ends); never for one that does
   * not (INSERT without RETURNING, DDL, SET). In a script, only for the last statement. SQLite
   * calls it with the first batch read (or at the end when there are no rows): the types of its
   * expression columns come from their first non-null value in that batch. An error it throws
   * ends the call as one thrown by `onBatch` does.
   */
  onColumns?: (columns: ColumnInfo[]) => void | Promise<void>;
  /**
   * Aborting cancels the statement on the database. The call then settles within a short grace
   * period (`shared/settle.ts`) even when the driver never answers: the connection is destroyed.
   */
  signal?: AbortSignal;
  /**
   * Runs the statement in a read-only transaction where the engine has one (chart data and
   * samples queries), so a function that writes (PostgreSQL's nextval, setval, lo_from_bytea;
   * MariaDB's NEXTVAL, SETVAL) fails even if a check let it through: PostgreSQL `BEGIN READ
   * ONLY`, MySQL/MariaDB `START TRANSACTION READ ONLY`, DuckDB `BEGIN TRANSACTION READ ONLY`,
   * both rolled back after it; SQLite `PRAGMA query_only` for the statement. `execute` only.
   */
  readOnly?: boolean;
  /**
   * The most bytes of values the caller will take (issue 16 point 2; it counts rows in
   * `onBatch` itself). An engine that sees the size of values before it builds them (DuckDB:
   * the lengths in a chunk's string and list records) fails the call with ResultSizeError as
   * soon as the result's text passes this, so a huge value is never made into a string.
   * PostgreSQL reads each DataRow message's length from the connection before node-postgres
   * parses it and fails the call (closing the connection) once the rows' wire bytes pass three
   * times this (UTF-8 takes up to 3 bytes per counted UTF-16 unit), or one row passes V8's
   * longest string. The others leave it to the caller's counting (MariaDB/MySQL values are
   * capped by the server's max_allowed_packet; SQLite runs in child processes).
   */
  maxBytes?: number;
}

/** The result passed `ExecuteOptions.maxBytes` before its values were read. */
export class ResultSizeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The result is larger than ${maxBytes} bytes`);
  }
}

/** Options of `executeScript`: `onStatement(index)` is called before each statement starts. */
export type ScriptOptions = Omit<ExecuteOptions, 'readOnly'> & {
  onStatement?: (index: number) => void;
};

/**
 * Values are JSON-safe: numbers (or decimal strings when they do not fit a double exactly),
 * strings, booleans, null; dates and timestamps as ISO-8601 strings; BIGINTs beyond 2^53 as
 * strings; binary as base64 strings.
 */
export interface ExecuteResult {
  columns: ColumnInfo[];
  /** All rows when `onBatch` is not given; empty otherwise. */
  rows: unknown[][];
  rowCount: number;
  /** True when `maxRows` cut the result. */
  truncated: boolean;
  /** Rows changed, for statements that change rows. */
  affectedRows: number | null;
}

export interface TablesPage {
  tables: TableRef[];
  count: number;
}

export interface DatabaseClient {
  /** Throws an EngineError when the database cannot be reached or refuses the credentials. */
  testConnection(): Promise<void>;
  getSchemas(): Promise<string[]>;
  /** Tables and views of a schema, sorted by name; `search` is a case-insensitive contains. */
  getTables(
    schema: string | null,
    options?: { search?: string; page?: number; pageSize?: number },
  ): Promise<TablesPage>;
  /** Throws EngineError('table_not_found') when there is no such table. */
  getTableMetadata(schema: string | null, table: string): Promise<TableMetadata>;
  getPartitions(schema: string | null, table: string): Promise<PartitionInfo>;
  /** Runs one statement. */
  execute(sql: string, options?: ExecuteOptions): Promise<ExecuteResult>;
  /**
   * Runs statements in order on one connection (one session); the last statement's rows are
   * returned as `execute` returns them (maxRows, batchSize, onColumns, onBatch, signal apply to
   * it).
   * Earlier statements run to completion and their rows are discarded (without being fetched
   * whole: stop reading them after the first batch). `onStatement(index)` is called before each
   * statement starts, for progress. Aborting the signal cancels the running statement on the
   * database and stops the script. An error in statement k stops the script; the EngineError
   * carries `statementIndex: k` in its extra. Each string holds one statement (no trailing
   * semicolon) and is run through the engine's single-statement API, so it can never carry two.
   * Session state the script leaves (temporary tables, settings, current schema) does not reach
   * the next call.
   */
  executeScript(statements: string[], options?: ScriptOptions): Promise<ExecuteResult>;
  /** EXPLAIN-based cost estimate of one statement, as rows of label -> value. */
  estimateCost(sql: string, schema?: string | null): Promise<Array<Record<string, unknown>>>;
  functionNames(): Promise<string[]>;
  close(): Promise<void>;
}

export type EngineErrorKind =
  | 'connection_refused'
  | 'host_unreachable'
  | 'auth_failed'
  | 'database_not_found'
  | 'schema_not_found'
  | 'table_not_found'
  | 'syntax_error'
  | 'query_error'
  | 'cancelled'
  | 'timeout'
  | 'invalid_uri'
  | 'driver_not_found';

export interface EngineErrorExtra {
  line?: number;
  column?: number;
  position?: number;
  /** The statement of a script (0-based) that failed. */
  statementIndex?: number;
}

/** An error from a database, with a kind the API maps to a status and a readable message. */
export class EngineError extends Error {
  constructor(
    readonly kind: EngineErrorKind,
    message: string,
    readonly extra: EngineErrorExtra = {},
  ) {
    super(message);
  }
}

/** What `GET /api/v1/database/available/` lists for an engine. */
export interface EngineDescription {
  engine: string;
  name: string;
  default_driver: string;
  sqlalchemy_uri_placeholder: string;
  available_drivers: string[];
  /** JSON schema of the parameters form, or null when only a URI is taken. */
  parameters: Record<string, unknown> | null;
  engine_information: EngineInformation;
}

export type { EngineInformation } from '@strata/core';

/** Parameters of the parameters form (`validate_parameters`, building a URI). */
export interface ConnectionParameters {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  database?: string;
  /** For file databases (DuckDB, SQLite): the path of the file. */
  path?: string;
  query?: Record<string, string>;
}

export interface ConnectOptions {
  /** The stored password, decrypted, for URIs whose password is masked. */
  password?: string | null;
  /** Directory that relative file paths resolve against (the data dir). */
  dataDir: string;
  /** Connection timeout in milliseconds. */
  connectTimeoutMs?: number;
  /** Open file databases read-only. */
  readOnly?: boolean;
}

export interface EngineSpec {
  /** Backend name as Superset names it: duckdb, sqlite, postgresql, mysql. */
  engine: string;
  /** URI schemes (before any +driver) this spec takes. */
  schemes: string[];
  describe(): EngineDescription;
  /** Builds a URI from form parameters (password included). */
  buildUri(params: ConnectionParameters): string;
  /** Names the missing or wrong parameters (field -> message); empty when they are fine. */
  validateParameters(params: ConnectionParameters): Record<string, string>;
  quoteIdentifier(name: string): string;
  /** An SQL literal for a JS value (strings escaped, dates as timestamps, null). */
  literal(value: string | number | boolean | null | Date): string;
  /** `column` truncated to a grain, or null when the engine has no expression for it. */
  timeGrainExpression(grain: TimeGrain, column: string): string | null;
  /**
   * A naive TIMESTAMP from a number of seconds (`s`) or milliseconds (`ms`) since 1970-01-01
   * UTC (Superset's `epoch_to_dttm` / `epoch_ms_to_dttm`), in the form the engine's grain
   * expressions take: how a temporal column in `epoch_s` / `epoch_ms` is truncated to a grain.
   */
  epochToDttm?(column: string, unit: 's' | 'ms'): string;
  /**
   * Functions a non-admin's SQL fragment (adhoc metric, column, filter, WHERE/HAVING) may call,
   * upper case, unqualified (issue 16 point 1): the engine's `functions-allowed.ts`, plus
   * `STRATA_SQL_ALLOWED_FUNCTIONS` (see `withAllowedFunctions`).
   */
  allowedFunctions: readonly string[];
  /** A character that reads session or server variables in an expression (MySQL's `@`). */
  variablePrefix?: string;
  /** Connects (lazily for pools); errors surface as EngineError. */
  connect(uri: string, options: ConnectOptions): Promise<DatabaseClient>;
}

/** What a database whose engine is not shipped here is described with. */
export const NO_ENGINE_INFORMATION: EngineInformation = {
  supports_file_upload: false,
  disable_ssh_tunneling: true,
  supports_regex: false,
  supports_latest_partition: false,
};

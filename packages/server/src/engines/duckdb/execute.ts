import {
  ResultReturnType,
  type DuckDBConnection,
  type DuckDBDataChunk,
  type DuckDBPreparedStatement,
  type DuckDBResult,
} from '@duckdb/node-api';
import {
  EngineError,
  ResultSizeError,
  type ColumnInfo,
  type ExecuteOptions,
  type ExecuteResult,
  type ScriptOptions,
} from '../types.js';
import { runScript } from '../shared/script.js';
import { quoteIdentifier } from './dialect.js';
import { chunkPayloadSizer, chunkRowReader } from './chunk-rows.js';
import { cancelledError, toEngineError } from './errors.js';
import { duckdbGenericType } from './types.js';

export const DEFAULT_BATCH_SIZE = 10_000;

export interface StatementContext {
  /** The instance's default catalog, to qualify `USE catalog.schema`. */
  catalog: string;
  /** Run inside a read-only transaction (read-only client on a read-write instance). */
  readOnlyTransaction: boolean;
}

/** Points the connection's unqualified names at a schema of the default catalog. */
export async function useSchema(
  connection: DuckDBConnection,
  catalog: string,
  schema: string | null | undefined,
): Promise<void> {
  if (schema) await connection.run(`USE ${quoteIdentifier(catalog)}.${quoteIdentifier(schema)}`);
}

/** Prepares the statement of `sql`, refusing text with none or with several statements. */
export async function prepareSingle(
  connection: DuckDBConnection,
  sql: string,
): Promise<DuckDBPreparedStatement> {
  const extracted = await connection.extractStatements(sql);
  if (extracted.count === 0) throw new EngineError('query_error', 'There is no statement to run');
  if (extracted.count > 1) {
    throw new EngineError(
      'query_error',
      `Only one statement can be run at a time (got ${extracted.count})`,
    );
  }
  return extracted.prepare(0);
}

/**
 * Prepares the single statement of `sql` and starts it as a streaming result. The signal is
 * checked in the same tick as the start: DuckDB clears a pending interrupt when a statement
 * starts, so an abort that came before must be seen here.
 */
async function startSingle(
  connection: DuckDBConnection,
  sql: string,
  signal: AbortSignal | undefined,
): Promise<DuckDBResult> {
  const prepared = await prepareSingle(connection, sql);
  try {
    if (signal?.aborted) throw cancelledError();
    const pending = prepared.startStream();
    return await pending.getResult();
  } finally {
    prepared.destroySync();
  }
}

/** Wraps an error thrown by the caller's `onBatch`, so it is passed on unchanged. */
class ConsumerError {
  constructor(readonly error: unknown) {}
}

function resultColumns(result: DuckDBResult): ColumnInfo[] {
  const names = result.columnNames();
  return result.columnTypes().map((type, i) => {
    const typeName = type.alias ?? type.toString();
    return {
      name: names[i] ?? `column_${i}`,
      type: typeName,
      generic: duckdbGenericType(typeName),
      nullable: true,
    };
  });
}

/**
 * Sets up a connection that nothing else uses for a call: the signal interrupts the running
 * statement, the schema is set, then `work` runs. DuckDB failures become EngineErrors (with the
 * position in `sql` when given); an error thrown by `onBatch` is passed on as it is.
 */
async function onConnection<T>(
  connection: DuckDBConnection,
  options: ExecuteOptions,
  context: StatementContext,
  sql: string | undefined,
  work: (checkCancelled: () => void) => Promise<T>,
): Promise<T> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError();
  const interrupt = (): void => connection.interrupt();
  signal?.addEventListener('abort', interrupt, { once: true });
  const checkCancelled = (): void => {
    if (signal?.aborted) throw cancelledError();
  };
  try {
    await useSchema(connection, context.catalog, options.schema);
    return await work(checkCancelled);
  } catch (e) {
    if (e instanceof ConsumerError) throw e.error;
    if (signal?.aborted) throw cancelledError();
    throw toEngineError(e, sql);
  } finally {
    signal?.removeEventListener('abort', interrupt);
  }
}

/**
 * Runs one statement on a connection that nothing else uses, streaming its rows chunk by chunk:
 * stops reading after `maxRows` (and reports `truncated` when a row was left), hands rows to
 * `onBatch` in batches instead of keeping them, and interrupts the statement when `signal`
 * aborts. DuckDB failures become EngineErrors; an error thrown by `onBatch` is passed on as it is.
 */
export function executeStatement(
  connection: DuckDBConnection,
  sql: string,
  options: ExecuteOptions,
  context: StatementContext,
): Promise<ExecuteResult> {
  return onConnection(connection, options, context, sql, async (checkCancelled) => {
    if (context.readOnlyTransaction) await connection.run('BEGIN TRANSACTION READ ONLY');
    checkCancelled();
    return readRows(connection, sql, options, checkCancelled);
  });
}

/**
 * Runs the statements of a script in order on one connection (its session: `USE`, temporary
 * tables, variables), as `executeStatement` runs one; only the last one's rows are read, an
 * earlier one stops after its first chunk. A read-only client runs each statement in a
 * read-only transaction of its own, so that a COMMIT in the script cannot end it for the next.
 * An error of statement k carries `statementIndex: k`.
 */
export function executeScript(
  connection: DuckDBConnection,
  statements: string[],
  options: ScriptOptions,
  context: StatementContext,
): Promise<ExecuteResult> {
  return onConnection(connection, options, context, undefined, (checkCancelled) =>
    runScript(
      statements,
      options,
      async (sql, index, last) => {
        try {
          if (context.readOnlyTransaction) await readOnlyTransaction(connection, index > 0);
          checkCancelled();
          if (last) return await readRows(connection, sql, options, checkCancelled);
          await skipRows(connection, sql, options.signal);
          checkCancelled();
          return EMPTY_RESULT;
        } catch (e) {
          if (e instanceof ConsumerError || options.signal?.aborted) throw e;
          throw toEngineError(e, sql);
        }
      },
      cancelledError,
    ),
  );
}

const EMPTY_RESULT: ExecuteResult = {
  columns: [],
  rows: [],
  rowCount: 0,
  truncated: false,
  affectedRows: null,
};

/** Ends the read-only transaction of the previous statement (if still open), begins another. */
async function readOnlyTransaction(
  connection: DuckDBConnection,
  endPrevious: boolean,
): Promise<void> {
  if (endPrevious) {
    // Fails when the script's own COMMIT or ROLLBACK already ended it.
    await connection.run('COMMIT').catch(() => undefined);
  }
  await connection.run('BEGIN TRANSACTION READ ONLY');
}

/** Runs a statement whose rows are not wanted: reads its first chunk at most. */
async function skipRows(
  connection: DuckDBConnection,
  sql: string,
  signal: AbortSignal | undefined,
): Promise<void> {
  const result = await startSingle(connection, sql, signal);
  if (result.returnType === ResultReturnType.QUERY_RESULT) await result.fetchChunk();
}

/** Calls the caller's `onColumns` or `onBatch`; what it throws is passed on as it is. */
async function consume<T>(
  callback: ((value: T) => void | Promise<void>) | undefined,
  value: T,
): Promise<void> {
  if (!callback) return;
  try {
    await callback(value);
  } catch (e) {
    throw new ConsumerError(e);
  }
}

/**
 * Runs a statement and reads its rows as `execute` returns them. The next chunk is fetched
 * while the current one is converted and handed on (DuckDB makes it on its own thread), and
 * always awaited before this returns or throws, so the connection is idle afterwards.
 */
async function readRows(
  connection: DuckDBConnection,
  sql: string,
  options: ExecuteOptions,
  checkCancelled: () => void,
): Promise<ExecuteResult> {
  const { signal, onBatch, maxRows } = options;
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const result = await startSingle(connection, sql, signal);
  checkCancelled();
  if (result.returnType !== ResultReturnType.QUERY_RESULT) {
    const affectedRows =
      result.returnType === ResultReturnType.CHANGED_ROWS ? result.rowsChanged : null;
    return { columns: [], rows: [], rowCount: 0, truncated: false, affectedRows };
  }
  const columns = resultColumns(result);
  const readChunk = chunkRowReader(result.columnTypes());
  // Issue 16 point 2: the chunk's text sizes checked against maxBytes before strings are made.
  const maxBytes = options.maxBytes;
  const sizeOf = maxBytes === undefined ? null : chunkPayloadSizer(result.columnTypes());
  let payload = 0;
  const limit = maxRows === undefined || maxRows < 0 ? Infinity : maxRows;
  const kept: unknown[][] = [];
  let batch: unknown[][] = [];
  let rowCount = 0;
  let truncated = false;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    if (onBatch) await consume(onBatch, rows);
    else for (const row of rows) kept.push(row);
    checkCancelled();
  };
  const fetchChunk = (): Promise<DuckDBDataChunk | null> => {
    const fetched = result.fetchChunk();
    // Handled here so that a failure while the caller's onBatch runs is not unhandled; the
    // loop awaits it and sees the failure then.
    fetched.catch(() => undefined);
    return fetched;
  };
  let next: Promise<DuckDBDataChunk | null> | null = fetchChunk();
  try {
    await consume(options.onColumns, columns);
    for (;;) {
      const chunk: DuckDBDataChunk | null = await next;
      next = null;
      checkCancelled();
      if (!chunk || chunk.rowCount === 0) break;
      if (rowCount >= limit) {
        truncated = true;
        break;
      }
      const take = Math.min(chunk.rowCount, limit - rowCount);
      if (sizeOf && maxBytes !== undefined) {
        payload += sizeOf(chunk, take);
        // Passed on as the caller's own error (not an engine failure).
        if (payload > maxBytes) throw new ConsumerError(new ResultSizeError(maxBytes));
      }
      // A chunk read whole may be followed by more (and one more row tells about maxRows).
      if (take === chunk.rowCount) next = fetchChunk();
      const rows = readChunk(chunk, take);
      for (let i = 0; i < take; i++) {
        batch.push(rows[i]!);
        if (batch.length >= batchSize) await flush();
      }
      rowCount += take;
      if (take < chunk.rowCount) {
        truncated = true;
        break;
      }
    }
    await flush();
  } finally {
    if (next) await next.catch(() => undefined);
  }
  return { columns, rows: kept, rowCount, truncated, affectedRows: null };
}

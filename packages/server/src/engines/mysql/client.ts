import mysql from 'mysql2/promise';
import type { Pool, PoolConnection, PoolOptions, ResultSetHeader } from 'mysql2/promise';
import type { Connection as CoreConnection } from 'mysql2';
import {
  EngineError,
  type ColumnInfo,
  type DatabaseClient,
  type ExecuteOptions,
  type ExecuteResult,
  type PartitionInfo,
  type ScriptOptions,
  type TableMetadata,
  type TablesPage,
} from '../types.js';
import type { Endpoint } from '../shared/network-errors.js';
import { runScript } from '../shared/script.js';
import { settleAfterAbort } from '../shared/settle.js';
import { quoteMysqlIdentifier } from './dialect.js';
import { mysqlEngineError } from './errors.js';
import { listFunctionNames, listSchemas, listTables, tableMetadata } from './introspect.js';
import { mysqlColumn, mysqlConverter, type MysqlConverter, type MysqlField } from './values.js';

const DEFAULT_BATCH = 1000;
/** What a connection must have again after a script's reset to be handed on. */
const SESSION_CHECK = `SELECT DATABASE(), @@character_set_client, @@character_set_connection,
  @@character_set_results, @@collation_connection`;

function cancelled(): EngineError {
  return new EngineError('cancelled', 'The query was cancelled');
}

/** The connection ended under a statement (KILL, a server restart, the network). */
function connectionLost(e: unknown): EngineError {
  const cause = e instanceof Error && e.message ? `: ${e.message}` : '';
  return new EngineError(
    'query_error',
    `The connection to the database was lost while the query ran${cause}`,
  );
}

/** The socket under a connection (mysql2 does not declare it on the core class). */
function socketOf(connection: CoreConnection): NodeJS.EventEmitter | null {
  const stream = (connection as unknown as { stream?: NodeJS.EventEmitter }).stream;
  return stream ?? null;
}

/** The callback connection under a promise one: its `query()` streams rows as events. */
function core(conn: PoolConnection): CoreConnection {
  // mysql2's promise typings declare `.connection` as the promise class; it is the core one.
  return conn.connection as unknown as CoreConnection;
}

interface Streamed {
  result: ExecuteResult;
  /** The connection was left mid-result (maxRows reached) and must not be reused. */
  abandoned: boolean;
}

export interface MysqlClientConfig {
  options: PoolOptions;
  endpoint: Endpoint;
  /** The URI's database, restored after a call that switched to another schema. */
  database: string | null;
}

/** A MySQL or MariaDB server behind one mysql2 pool (at most 5 connections). */
export class MysqlClient implements DatabaseClient {
  private readonly pool: Pool;

  constructor(private readonly config: MysqlClientConfig) {
    this.pool = mysql.createPool(config.options);
    // A second error on a pooled connection (after the pool's own once-listener) must not
    // take the process down.
    this.pool.pool.on('connection', (c) => c.on('error', () => undefined));
  }

  private fail(e: unknown, sql?: string): EngineError {
    return mysqlEngineError(e, this.config.endpoint, sql);
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw this.fail(e);
    }
  }

  async testConnection(): Promise<void> {
    await this.guard(() => this.pool.query('SELECT 1'));
  }

  getSchemas(): Promise<string[]> {
    return this.guard(() => listSchemas(this.pool));
  }

  getTables(
    schema: string | null,
    options: { search?: string; page?: number; pageSize?: number } = {},
  ): Promise<TablesPage> {
    return this.guard(() => listTables(this.pool, schema, options));
  }

  getTableMetadata(schema: string | null, table: string): Promise<TableMetadata> {
    return this.guard(() => tableMetadata(this.pool, schema, table));
  }

  async getPartitions(schema: string | null, table: string): Promise<PartitionInfo> {
    await this.getTableMetadata(schema, table);
    return { cols: [], latest: null, partitionQuery: null };
  }

  functionNames(): Promise<string[]> {
    return this.guard(() => listFunctionNames(this.pool));
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  /**
   * With `readOnly`, the statement runs in `START TRANSACTION READ ONLY`, rolled back after it
   * (mysql2 sends one statement per call, so nothing can end that transaction and go on).
   */
  execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    return this.withConnection(options.schema, options.signal, async (conn) => {
      if (!options.readOnly) return this.stream(conn, sql, options);
      await conn.query('START TRANSACTION READ ONLY');
      const out = await this.stream(conn, sql, options);
      // An abandoned result leaves the connection mid-read: it is destroyed, not rolled back.
      if (!out.abandoned) await conn.query('ROLLBACK');
      return out;
    }).then((s) => s.result);
  }

  /**
   * Runs the statements in order on one connection (mysql2 without multipleStatements: one
   * statement per string). The last one is streamed as `execute` streams one; the rows of an
   * earlier one are read off the connection and dropped as they come (MySQL cannot leave a
   * result unread and go on). Afterwards the session is reset (COM_RESET_CONNECTION) before the
   * connection goes back to the pool, or the connection is destroyed.
   */
  executeScript(statements: string[], options: ScriptOptions = {}): Promise<ExecuteResult> {
    return this.withConnection(
      options.schema,
      options.signal,
      (conn) =>
        runScript(
          statements,
          options,
          async (sql, _index, last) => {
            if (last) return this.stream(conn, sql, options);
            const out = await this.stream(conn, sql, { signal: options.signal }, true);
            // Left mid-result: only an abort does that; the script stops here.
            if (out.abandoned) throw cancelled();
            return out;
          },
          cancelled,
        ),
      true,
    ).then((s) => s.result);
  }

  /**
   * Runs `work` on a connection of its own, `USE schema` first; afterwards the connection goes
   * back to the URI's database, or is destroyed when it cannot (no database in the URI, result
   * left unread, statement cancelled: a late KILL QUERY must not hit the next user). With
   * `session` (a script), the session is reset instead, and the connection is destroyed unless
   * it is then as it was before (database and character sets).
   */
  private withConnection(
    schema: string | null | undefined,
    signal: AbortSignal | undefined,
    work: (conn: PoolConnection) => Promise<Streamed>,
    session = false,
  ): Promise<Streamed> {
    if (signal?.aborted) return Promise.reject(cancelled());
    let conn: PoolConnection | null = null;
    let givenUp = false;
    const run = (async () => {
      const taken = await this.guard(() => this.pool.getConnection());
      if (givenUp) {
        // The call was given up while waiting for a free connection: it is not used.
        taken.release();
        throw cancelled();
      }
      conn = taken;
      return this.onConnection(taken, schema, signal, work, session);
    })();
    // Once aborted, the call ends within the grace period even when the driver never answers
    // (a server gone away without closing the socket): the connection is destroyed then.
    return settleAfterAbort(run, signal, {
      cancelled,
      abandon: () => {
        givenUp = true;
        (conn as PoolConnection | null)?.destroy();
      },
    });
  }

  private async onConnection(
    conn: PoolConnection,
    schema: string | null | undefined,
    signal: AbortSignal | undefined,
    work: (conn: PoolConnection) => Promise<Streamed>,
    session: boolean,
  ): Promise<Streamed> {
    const threadId = conn.threadId;
    let killing: Promise<unknown> | null = null;
    const onAbort = (): void => {
      killing = this.killQuery(threadId);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let discard = false;
    let switched = false;
    let before: string | null = null;
    try {
      // Aborted while waiting for a free connection: nothing to kill, do not start.
      if (signal?.aborted) throw cancelled();
      if (session) before = await this.sessionState(conn);
      if (schema) {
        switched = true;
        try {
          await conn.query(`USE ${quoteMysqlIdentifier(schema)}`);
        } catch (e) {
          if ((e as { code?: unknown }).code === 'ER_BAD_DB_ERROR') {
            throw new EngineError('schema_not_found', `Unknown database '${schema}'`);
          }
          throw e;
        }
      }
      const out = await work(conn);
      discard = out.abandoned;
      // KILL QUERY ends SLEEP() and some statements without an error: the signal decides.
      if (signal?.aborted) throw cancelled();
      return out;
    } catch (e) {
      if (signal?.aborted) throw cancelled();
      discard = true;
      throw e instanceof EngineError ? e : this.fail(e);
    } finally {
      signal?.removeEventListener('abort', onAbort);
      if (killing) await killing;
      if (signal?.aborted) discard = true;
      if (!discard && session)
        discard = !(before !== null && (await this.resetSession(conn, before)));
      else if (!discard && switched) discard = !(await this.restoreDatabase(conn));
      if (discard) conn.destroy();
      else conn.release();
    }
  }

  /**
   * `KILL QUERY` from a connection of its own, outside the pool: with every pooled connection
   * busy, waiting for one would delay the kill until something else finished.
   */
  private async killQuery(threadId: number): Promise<void> {
    const { connectionLimit: _l, maxIdle: _m, idleTimeout: _i, ...options } = this.config.options;
    try {
      const killer = await mysql.createConnection(options);
      killer.on('error', () => undefined);
      try {
        await killer.query(`KILL QUERY ${Number(threadId)}`);
      } finally {
        await killer.end().catch(() => undefined);
      }
    } catch {
      // The statement runs on; the connection is destroyed afterwards anyway.
    }
  }

  /** The database and character sets of a connection, as one comparable text. */
  private async sessionState(conn: PoolConnection): Promise<string> {
    const [rows] = await conn.query({ sql: SESSION_CHECK, rowsAsArray: true });
    return JSON.stringify(rows);
  }

  /**
   * Forgets what a script set (COM_RESET_CONNECTION: temporary tables, user variables, session
   * variables, prepared statements, an open transaction, locks), goes back to the URI's database
   * and checks that the connection is as `before`; false when it is not or cannot be.
   */
  private async resetSession(conn: PoolConnection, before: string): Promise<boolean> {
    try {
      await conn.reset();
      if (this.config.database) {
        await conn.query(`USE ${quoteMysqlIdentifier(this.config.database)}`);
      }
      return (await this.sessionState(conn)) === before;
    } catch {
      return false;
    }
  }

  private async restoreDatabase(conn: PoolConnection): Promise<boolean> {
    if (!this.config.database) return false;
    try {
      await conn.query(`USE ${quoteMysqlIdentifier(this.config.database)}`);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Streams one statement's result, pausing the socket while `onBatch` works; with `drop`, its
   * rows are read and dropped (none kept, converted or counted).
   */
  private stream(
    conn: PoolConnection,
    sql: string,
    options: ExecuteOptions,
    drop = false,
  ): Promise<Streamed> {
    const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    const { onBatch, onColumns, signal } = options;
    const connection = core(conn);
    return new Promise<Streamed>((resolve, reject) => {
      let columns: ColumnInfo[] | null = null;
      let converters: MysqlConverter[] = [];
      let header: ResultSetHeader | null = null;
      const rows: unknown[][] = [];
      let batch: unknown[][] = [];
      let count = 0;
      let truncated = false;
      /** No more rows are taken (end, maxRows, cancel or failure). */
      let stopped = false;
      let settled = false;
      let delivering: Promise<void> = Promise.resolve();

      // The connection ending under the statement (KILL from another session, a restart of
      // the server, the network) reaches mysql2's connection, not the query: without these
      // listeners the call would wait for ever.
      const socket = socketOf(connection);
      const onError = (e: unknown): void => fail(connectionLost(e));
      const onClose = (): void => fail(connectionLost(new Error('the server closed it')));
      connection.on('error', onError);
      socket?.on('close', onClose);
      const detach = (): void => {
        connection.removeListener('error', onError);
        socket?.removeListener('close', onClose);
      };
      const reject_ = (e: unknown): void => {
        if (settled) return;
        settled = true;
        stopped = true;
        detach();
        reject(e instanceof EngineError ? e : this.fail(e, sql));
      };
      /** A failure of the query itself; ignored once the result is decided. */
      const fail = (e: unknown): void => {
        if (!stopped) reject_(e);
      };
      const deliver = (): void => {
        if (!batch.length || !onBatch) return;
        const b = batch;
        batch = [];
        connection.pause();
        delivering = delivering
          .then(() => onBatch(b))
          .then(() => {
            if (!stopped) connection.resume();
          });
        delivering.catch(reject_);
      };
      const finish = (abandoned: boolean): void => {
        if (stopped) return;
        deliver();
        stopped = true;
        delivering.then(() => {
          if (settled) return;
          settled = true;
          detach();
          // The last batch paused the connection: it goes back to the pool reading again.
          if (!abandoned) connection.resume();
          const result: ExecuteResult = columns
            ? { columns, rows, rowCount: count, truncated, affectedRows: null }
            : {
                columns: [],
                rows: [],
                rowCount: 0,
                truncated: false,
                affectedRows: header?.affectedRows ?? null,
              };
          resolve({ result, abandoned });
        }, reject_);
      };

      const query = connection.query({ sql, rowsAsArray: true });
      // Handlers never throw into mysql2's packet loop: a failure rejects the call instead.
      const guarded =
        <A extends unknown[]>(fn: (...args: A) => void) =>
        (...args: A): void => {
          try {
            fn(...args);
          } catch (e) {
            connection.pause();
            fail(e);
          }
        };
      query.on(
        'fields',
        guarded((fields: MysqlField[] | undefined) => {
          // Emitted with no fields for statements without a result set.
          if (!fields) return;
          const first = columns === null;
          columns = fields.map(mysqlColumn);
          converters = fields.map(mysqlConverter);
          if (first && onColumns && !drop) {
            // Handed over before any row: the rows wait (socket paused) until it is done.
            const reported = columns;
            connection.pause();
            delivering = delivering
              .then(() => onColumns(reported))
              .then(() => {
                if (!stopped) connection.resume();
              });
            delivering.catch(reject_);
          }
        }),
      );
      const onRow = (row: unknown): void => {
        if (stopped) return;
        if (drop) {
          if (signal?.aborted) {
            connection.pause();
            finish(true);
          }
          return;
        }
        if (!columns) {
          header = row as ResultSetHeader;
          return;
        }
        if (count >= maxRows || signal?.aborted) {
          // One row past maxRows: stop reading; the connection is dropped afterwards.
          truncated = !signal?.aborted;
          connection.pause();
          finish(true);
          return;
        }
        const values = (row as unknown[]).map((v, i) => (v === null ? null : converters[i]!(v)));
        count++;
        if (onBatch) {
          batch.push(values);
          if (batch.length >= batchSize) deliver();
        } else rows.push(values);
      };
      query.on('result', guarded(onRow));
      query.on('error', fail);
      query.on('end', () => finish(false));
    });
  }

  /** `EXPLAIN` of the statement, its rows as label -> value. */
  async estimateCost(sql: string, schema?: string | null): Promise<Array<Record<string, unknown>>> {
    const text = sql.trim().replace(/;+\s*$/, '');
    const { result } = await this.withConnection(schema, undefined, (conn) =>
      this.stream(conn, `EXPLAIN ${text}`, {}),
    );
    return result.rows.map((row) =>
      Object.fromEntries(result.columns.map((c, i) => [c.name, row[i]])),
    );
  }
}

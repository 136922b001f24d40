import pg from 'pg';
import type { GenericDataType } from '@strata/core';
import {
  EngineError,
  ResultSizeError,
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
import { pgEngineError, type SqlContext } from './errors.js';
import { GuardedClient } from './guarded-client.js';
import {
  listFunctionNames,
  listSchemas,
  listTables,
  partitions,
  pgGenericType,
  tableMetadata,
} from './introspect.js';
import { firstKeyword, splitStatements, type Statement } from './sql-text.js';
import { converterFor, type Converter, type PgTypeInfo } from './values.js';

/** Every value as the server's text: conversion happens here, never in pg's global parsers. */
const RAW_TYPES: pg.CustomTypesConfig = {
  getTypeParser: (() => (text: string) => text) as unknown as pg.CustomTypesConfig['getTypeParser'],
};

/** Statements that can feed a cursor (DECLARE takes SELECT, VALUES and TABLE). */
const CURSOR_STATEMENTS = new Set(['select', 'with', 'values', 'table']);
const CURSOR = 'strata_cursor';
const DECLARE = `DECLARE ${CURSOR} NO SCROLL CURSOR FOR `;
const DEFAULT_BATCH = 1000;
const CHANGING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY']);
/** Run on every new connection: ISO output is what the value converters read. */
const SESSION_SETUP = 'SET DateStyle TO ISO';
const EMPTY_RESULT: ExecuteResult = {
  columns: [],
  rows: [],
  rowCount: 0,
  truncated: false,
  affectedRows: null,
};

/**
 * pg's query config with the protocol choice @types/pg does not declare: `extended` sends
 * Parse/Bind/Execute, which refuses a text holding more than one statement.
 */
type ArrayQuery = pg.QueryArrayConfig & { queryMode?: 'extended' };

function arrayQuery(text: string, extended: boolean): ArrayQuery {
  return {
    text,
    rowMode: 'array',
    types: RAW_TYPES,
    ...(extended ? { queryMode: 'extended' } : {}),
  };
}

interface RawResult {
  command: string;
  rowCount: number | null;
  fields: pg.FieldDef[];
  rows: Array<Array<string | null>>;
}

/** DECLARE refused the statement (data-modifying WITH, SELECT INTO): it is run directly. */
class NotCursorable extends Error {}

function cancelled(): EngineError {
  return new EngineError('cancelled', 'The query was cancelled');
}

function processId(client: pg.PoolClient): number | null {
  // pg sets processID from BackendKeyData; @types/pg does not declare it.
  const pid = (client as unknown as { processID?: unknown }).processID;
  return typeof pid === 'number' ? pid : null;
}

/** Closes a client's socket at once: its running query fails, the client is then thrown away. */
function destroySocket(client: pg.PoolClient): void {
  // pg keeps the socket on `connection.stream`; @types/pg does not declare either.
  const stream = (client as unknown as { connection?: { stream?: { destroy?: () => void } } })
    .connection?.stream;
  stream?.destroy?.();
}

export interface PostgresClientConfig {
  connectionString: string;
  endpoint: Endpoint;
  connectTimeoutMs: number;
}

/** A PostgreSQL database behind one pool (at most 5 connections). */
export class PostgresClient implements DatabaseClient {
  private readonly pool: pg.Pool;
  private readonly endpoint: Endpoint;
  private readonly clientConfig: pg.ClientConfig;
  private readonly types = new Map<number, PgTypeInfo>();

  constructor(config: PostgresClientConfig) {
    this.endpoint = config.endpoint;
    this.clientConfig = {
      connectionString: config.connectionString,
      connectionTimeoutMillis: config.connectTimeoutMs,
      application_name: 'strata',
    };
    this.pool = new pg.Pool({
      ...this.clientConfig,
      max: 5,
      idleTimeoutMillis: 30_000,
      // Its incoming rows are metered before pg parses them (ExecuteOptions.maxBytes).
      Client: GuardedClient,
      // Awaited before the client is handed out.
      onConnect: (client) => client.query(SESSION_SETUP),
    });
    // An idle connection dropped by the server must not take the process down.
    this.pool.on('error', () => undefined);
    this.pool.on('connect', (client) => client.on('error', () => undefined));
  }

  private fail(e: unknown, context?: SqlContext): EngineError | ResultSizeError {
    if (e instanceof ResultSizeError) return e;
    return pgEngineError(e, this.endpoint, context);
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

  getPartitions(schema: string | null, table: string): Promise<PartitionInfo> {
    return this.guard(() => partitions(this.pool, schema, table));
  }

  functionNames(): Promise<string[]> {
    return this.guard(() => listFunctionNames(this.pool));
  }

  async close(): Promise<void> {
    await this.pool.end().catch(() => undefined);
  }

  /**
   * Runs `work` on a connection of its own with `schema` first in the search path, then puts
   * the connection back as it found it (search path reset, no open transaction; with `session`,
   * everything the session set: DISCARD ALL), or throws it away when that cannot be ensured or
   * when the statement was cancelled.
   */
  private withConnection<T>(
    schema: string | null | undefined,
    signal: AbortSignal | undefined,
    work: (client: pg.PoolClient) => Promise<T>,
    session = false,
    maxBytes?: number,
  ): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    let client: pg.PoolClient | null = null;
    let givenUp = false;
    const run = (async () => {
      const taken = await this.guard(() => this.pool.connect());
      if (givenUp) {
        // The call was given up while waiting for a free connection: it is not used.
        taken.release();
        throw cancelled();
      }
      client = taken;
      return this.onConnection(taken, schema, signal, work, session, maxBytes);
    })();
    // Once aborted, the call ends within the grace period even when the server never answers
    // the cancel (gone away without closing the socket): the socket is destroyed then, which
    // fails the running query, and the connection is thrown away.
    return settleAfterAbort(run, signal, {
      cancelled,
      abandon: () => {
        givenUp = true;
        const taken = client as pg.PoolClient | null;
        if (taken) destroySocket(taken);
      },
    });
  }

  private async onConnection<T>(
    client: pg.PoolClient,
    schema: string | null | undefined,
    signal: AbortSignal | undefined,
    work: (client: pg.PoolClient) => Promise<T>,
    session: boolean,
    maxBytes: number | undefined,
  ): Promise<T> {
    const metered = client instanceof GuardedClient ? client : null;
    metered?.limitRows(maxBytes);
    let cancelling: Promise<unknown> | null = null;
    const pid = processId(client);
    const onAbort = (): void => {
      if (pid !== null) cancelling = this.cancelBackend(pid);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    let discard = false;
    try {
      // Aborted while waiting for a free connection: nothing to cancel, do not start.
      if (signal?.aborted) throw cancelled();
      if (schema) await this.setSchema(client, schema);
      const result = await work(client);
      if (signal?.aborted) throw cancelled();
      return result;
    } catch (e) {
      if (signal?.aborted) throw cancelled();
      throw this.fail(e);
    } finally {
      metered?.unlimitRows();
      signal?.removeEventListener('abort', onAbort);
      // A cancel may land after the statement ended: never hand such a connection on.
      if (cancelling) await cancelling;
      if (signal?.aborted) discard = true;
      if (!discard) discard = !(await this.reset(client, Boolean(schema), session));
      client.release(discard ? true : undefined);
    }
  }

  /**
   * `pg_cancel_backend` from a connection of its own, outside the pool: with every pooled
   * connection busy, waiting for one would delay the cancel until something else finished.
   */
  private async cancelBackend(pid: number): Promise<void> {
    const canceller = new pg.Client(this.clientConfig);
    canceller.on('error', () => undefined);
    try {
      await canceller.connect();
      await canceller.query('SELECT pg_cancel_backend($1)', [pid]);
    } catch {
      // The statement runs on; the connection is discarded afterwards anyway.
    } finally {
      await canceller.end().catch(() => undefined);
    }
  }

  private async setSchema(client: pg.PoolClient, schema: string): Promise<void> {
    const { rows } = await client.query<{ found: boolean }>(
      `SELECT set_config('search_path', quote_ident($1), false) IS NOT NULL
              AND EXISTS (SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = $1) AS found`,
      [schema],
    );
    if (!rows[0]?.found) {
      throw new EngineError('schema_not_found', `schema "${schema}" does not exist`);
    }
  }

  /**
   * Rolls back what the statement left open and resets the search path; false on failure. With
   * `session` (after a script), DISCARD ALL forgets everything the session made or set
   * (temporary tables, settings, prepared statements, cursors, advisory locks, LISTEN), then the
   * connection's own setup is done again. The pool never names its statements, so the DEALLOCATE
   * ALL in DISCARD ALL leaves no prepared statement of pg's behind.
   */
  private async reset(
    client: pg.PoolClient,
    schemaSet: boolean,
    session: boolean,
  ): Promise<boolean> {
    try {
      if (client.getTransactionStatus() !== 'I') await client.query('ROLLBACK');
      if (session) {
        await client.query('DISCARD ALL');
        await client.query(SESSION_SETUP);
      } else if (schemaSet) await client.query('RESET search_path');
      return client.getTransactionStatus() === 'I';
    } catch {
      return false;
    }
  }

  /**
   * Type information of result columns, read from pg_type once per type and client, on the
   * connection the statement runs on (another one might not be free).
   */
  private async typeInfo(client: pg.PoolClient, oids: number[]): Promise<void> {
    let missing = [...new Set(oids)].filter((o) => !this.types.has(o));
    for (let round = 0; missing.length && round < 3; round++) {
      const { rows } = await client.query<{
        oid: number;
        display: string;
        base: string;
        category: string;
        elem: number;
      }>(
        `SELECT t.oid::int8::float8 AS oid, format_type(t.oid, NULL) AS display,
                b.typname AS base, b.typcategory AS category, b.typelem::int8::float8 AS elem
           FROM pg_catalog.pg_type t
           JOIN pg_catalog.pg_type b
             ON b.oid = CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE t.oid END
          WHERE t.oid = ANY($1::oid[])`,
        [missing],
      );
      for (const r of rows) this.types.set(r.oid, r);
      // Array elements are needed too; unknown oids are remembered as plain text.
      for (const o of missing) {
        if (!this.types.has(o))
          this.types.set(o, { display: 'unknown', base: '', category: '', elem: 0 });
      }
      missing = rows.map((r) => r.elem).filter((o) => o && !this.types.has(o));
    }
  }

  private async describeFields(
    client: pg.PoolClient,
    fields: pg.FieldDef[],
  ): Promise<{ columns: ColumnInfo[]; converters: Converter[] }> {
    await this.typeInfo(
      client,
      fields.map((f) => f.dataTypeID),
    );
    const columns = fields.map((f) => {
      const type = this.types.get(f.dataTypeID)?.display ?? 'unknown';
      const generic: GenericDataType = pgGenericType(type);
      return { name: f.name, type, generic, nullable: true };
    });
    const converters = fields.map((f) =>
      converterFor(this.types.get(f.dataTypeID), (oid) => this.types.get(oid)),
    );
    return { columns, converters };
  }

  /**
   * With `readOnly`, the statement runs inside `BEGIN READ ONLY` (a function that writes, such
   * as nextval, setval or lo_from_bytea, fails), sent through the extended protocol so the text
   * can hold one statement only (no COMMIT that ends the transaction and goes on); the
   * connection's reset rolls the transaction back.
   */
  execute(sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
    const readOnly = options.readOnly === true;
    return this.withConnection(
      options.schema,
      options.signal,
      async (client) => {
        if (readOnly) await client.query('BEGIN READ ONLY');
        const statements = splitStatements(sql);
        const only = statements.length === 1 ? statements[0]! : null;
        if (only && CURSOR_STATEMENTS.has(firstKeyword(only.text))) {
          try {
            return await this.runCursor(client, sql, only, readOnly, (c) =>
              this.fetchAll(c, options),
            );
          } catch (e) {
            if (!(e instanceof NotCursorable)) throw e;
          }
        }
        return this.runDirect(client, sql, options, readOnly);
      },
      false,
      options.maxBytes,
    );
  }

  /**
   * Runs the statements in order on one connection, each through the extended protocol (one
   * statement per Parse), the last one as `execute` runs one; an earlier row-returning one stops
   * after its first batch (MOVE over a cursor), any other runs to completion with its rows
   * dropped as they come. The connection is DISCARDed ALL before it goes back to the pool.
   */
  executeScript(statements: string[], options: ScriptOptions = {}): Promise<ExecuteResult> {
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    return this.withConnection(
      options.schema,
      options.signal,
      (client) =>
        runScript(
          statements,
          options,
          async (sql, _index, last) => {
            const statement: Statement = { text: sql, offset: 0 };
            try {
              if (CURSOR_STATEMENTS.has(firstKeyword(sql))) {
                try {
                  return await this.runCursor(client, sql, statement, true, async (c) => {
                    if (!last) {
                      await c.query(`MOVE FORWARD ${batchSize} IN ${CURSOR}`);
                      return EMPTY_RESULT;
                    }
                    return this.fetchAll(c, options);
                  });
                } catch (e) {
                  if (!(e instanceof NotCursorable)) throw e;
                }
              }
              if (last) return await this.runDirect(client, sql, options, true);
              await this.runDropping(client, sql);
              return EMPTY_RESULT;
            } catch (e) {
              throw this.fail(e, { sql, shift: 0 });
            }
          },
          cancelled,
        ),
      true,
      options.maxBytes,
    );
  }

  /**
   * A row-returning statement through a server-side cursor, read by `read`. Outside a
   * transaction the cursor gets one of its own; inside one (a script's BEGIN) it is declared
   * under a savepoint, so that a refused DECLARE leaves the transaction as it was and nothing
   * commits it early.
   */
  private async runCursor(
    client: pg.PoolClient,
    sql: string,
    statement: Statement,
    extended: boolean,
    read: (client: pg.PoolClient) => Promise<ExecuteResult>,
  ): Promise<ExecuteResult> {
    const own = client.getTransactionStatus() === 'I';
    await client.query(own ? 'BEGIN' : `SAVEPOINT ${CURSOR}`);
    try {
      await client.query(arrayQuery(DECLARE + statement.text, extended));
    } catch (e) {
      if (own) await client.query('ROLLBACK').catch(() => undefined);
      else
        await client
          .query(`ROLLBACK TO SAVEPOINT ${CURSOR}; RELEASE SAVEPOINT ${CURSOR}`)
          .catch(() => undefined);
      const code = (e as { code?: unknown }).code;
      const message = e instanceof Error ? e.message : '';
      if (code === '0A000' || (code === '42601' && /\bINTO\b/.test(message))) {
        throw new NotCursorable();
      }
      throw this.fail(e, { sql, shift: statement.offset - DECLARE.length });
    }
    try {
      if (!own) await client.query(`RELEASE SAVEPOINT ${CURSOR}`);
      const result = await read(client);
      await client.query(`CLOSE ${CURSOR}`);
      if (own) await client.query('COMMIT');
      return result;
    } catch (e) {
      // Inside the script's transaction the failure aborted it: the script stops there.
      if (own) await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }

  /** Runs a statement to completion, its rows dropped as they arrive (never kept). */
  private runDropping(client: pg.PoolClient, sql: string): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const query = new pg.Query(arrayQuery(sql, true));
      // With a row listener pg does not keep the rows.
      query.on('row', () => undefined);
      query.on('end', () => resolve());
      query.on('error', reject);
      client.query(query);
    });
  }

  private async fetchAll(client: pg.PoolClient, options: ExecuteOptions): Promise<ExecuteResult> {
    const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
    const rows: unknown[][] = [];
    let described: { columns: ColumnInfo[]; converters: Converter[] } | null = null;
    let count = 0;
    let truncated = false;
    for (;;) {
      if (options.signal?.aborted) throw cancelled();
      // One row more than allowed tells whether maxRows cut the result.
      const want = Math.min(batchSize, maxRows - count + 1);
      const res = (await client.query({
        text: `FETCH FORWARD ${want} FROM ${CURSOR}`,
        rowMode: 'array',
        types: RAW_TYPES,
      })) as unknown as RawResult;
      if (!described) {
        described = await this.describeFields(client, res.fields);
        if (options.onColumns) await options.onColumns(described.columns);
      }
      const conv = described.converters;
      let batch = res.rows.map((r) => r.map((v, i) => (v === null ? null : conv[i]!(v))));
      if (count + batch.length > maxRows) {
        batch = batch.slice(0, maxRows - count);
        truncated = true;
      }
      count += batch.length;
      if (batch.length) {
        if (options.onBatch) await options.onBatch(batch);
        else for (const r of batch) rows.push(r);
      }
      if (truncated || res.rows.length < want) break;
    }
    return { columns: described.columns, rows, rowCount: count, truncated, affectedRows: null };
  }

  /**
   * Anything else (DDL, DML, SHOW, EXPLAIN, several statements unless `extended`): run as is,
   * last result kept.
   */
  private async runDirect(
    client: pg.PoolClient,
    sql: string,
    options: ExecuteOptions,
    extended: boolean,
  ): Promise<ExecuteResult> {
    let raw: RawResult | RawResult[];
    try {
      raw = (await client.query(arrayQuery(sql, extended))) as unknown as RawResult | RawResult[];
    } catch (e) {
      throw this.fail(e, { sql, shift: 0 });
    }
    const last = Array.isArray(raw) ? raw[raw.length - 1] : raw;
    if (!last) return { columns: [], rows: [], rowCount: 0, truncated: false, affectedRows: null };
    const changing = CHANGING_COMMANDS.has(last.command) || last.fields.length === 0;
    const affectedRows = changing ? last.rowCount : null;
    if (last.fields.length === 0) {
      return { columns: [], rows: [], rowCount: 0, truncated: false, affectedRows };
    }
    const { columns, converters } = await this.describeFields(client, last.fields);
    if (options.onColumns) await options.onColumns(columns);
    const maxRows = options.maxRows ?? Number.POSITIVE_INFINITY;
    const truncated = last.rows.length > maxRows;
    const kept = truncated ? last.rows.slice(0, maxRows) : last.rows;
    const rows = kept.map((r) => r.map((v, i) => (v === null ? null : converters[i]!(v))));
    if (options.onBatch) {
      const size = Math.max(1, options.batchSize ?? DEFAULT_BATCH);
      for (let i = 0; i < rows.length; i += size) await options.onBatch(rows.slice(i, i + size));
    }
    return {
      columns,
      rows: options.onBatch ? [] : rows,
      rowCount: rows.length,
      truncated,
      affectedRows,
    };
  }

  /** `EXPLAIN (FORMAT JSON)` of each statement: its start-up and total cost. */
  estimateCost(sql: string, schema?: string | null): Promise<Array<Record<string, unknown>>> {
    const prefix = 'EXPLAIN (FORMAT JSON) ';
    return this.withConnection(schema, undefined, async (client) => {
      const out: Array<Record<string, unknown>> = [];
      for (const statement of splitStatements(sql)) {
        let plan: unknown;
        try {
          const res = await client.query<{ 'QUERY PLAN': unknown }>(prefix + statement.text);
          plan = res.rows[0]?.['QUERY PLAN'];
        } catch (e) {
          throw this.fail(e, { sql, shift: statement.offset - prefix.length });
        }
        const top = (Array.isArray(plan) ? plan[0] : null) as {
          Plan?: Record<string, unknown>;
        } | null;
        out.push({
          'Startup cost': top?.Plan?.['Startup Cost'] ?? null,
          'Total cost': top?.Plan?.['Total Cost'] ?? null,
        });
      }
      return out;
    });
  }
}

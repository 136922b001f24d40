import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { MetadataDialect } from '../config/config.js';
import type { MetadataSchema } from './schema.js';

export type MetadataDb = Kysely<MetadataSchema>;

export interface MetadataStore {
  db: MetadataDb;
  dialect: MetadataDialect;
  close(): Promise<void>;
}

/** better-sqlite3 cannot bind booleans or Dates: write them as 0/1 and ISO text. */
function sqliteParam(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  return value;
}

/** Prepared statements kept per SQL text (most queries repeat; preparing was a hot spot). */
const STATEMENT_CACHE_SIZE = 500;

function wrapSqlite(raw: BetterSqlite3.Database): SqliteDatabase {
  const cache = new Map<string, BetterSqlite3.Statement>();
  const prepared = (sql: string): BetterSqlite3.Statement => {
    const hit = cache.get(sql);
    // A statement still iterating cannot run again: such a caller gets a fresh one.
    if (hit && !hit.busy) {
      cache.delete(sql);
      cache.set(sql, hit);
      return hit;
    }
    const stmt = raw.prepare(sql);
    if (!hit) {
      cache.set(sql, stmt);
      if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    return stmt;
  };
  return {
    close: () => raw.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = prepared(sql);
      const map = (params: ReadonlyArray<unknown>) => params.map(sqliteParam);
      return {
        reader: stmt.reader,
        all: (params) => stmt.all(...map(params)),
        run: (params) => stmt.run(...map(params)),
        iterate: (params) => stmt.iterate(...map(params)),
      } as SqliteStatement;
    },
  };
}

/** Path of a `sqlite:///…` URL: `sqlite:////abs/path.db` or `sqlite:///relative.db`. */
export function sqlitePathFromUrl(url: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  const rest = url.replace(/^sqlite:\/\//, '');
  if (rest === '/:memory:' || rest === ':memory:') return ':memory:';
  // sqlite:///abs -> "/abs" (three slashes = absolute here, as we always build absolute paths)
  return rest.startsWith('/') ? rest : path.resolve(rest);
}

/** Opens the metadata store for a URL (sqlite:///… or postgresql://…). */
export function openMetadataStore(url: string, dialect: MetadataDialect): MetadataStore {
  if (dialect === 'sqlite') {
    const file = sqlitePathFromUrl(url);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
    const raw = new BetterSqlite3(file);
    raw.pragma('journal_mode = WAL');
    // WAL with NORMAL: a commit is not synced on its own (the usual setting for WAL; the store
    // cannot be corrupted, a crash may lose the last commits). Each write is much cheaper.
    raw.pragma('synchronous = NORMAL');
    raw.pragma('foreign_keys = ON');
    raw.pragma('busy_timeout = 5000');
    const db = new Kysely<MetadataSchema>({
      dialect: new SqliteDialect({ database: wrapSqlite(raw) }),
    });
    return { db, dialect, close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // A terminated connection (restart, failover, idle_session_timeout, a pooler,
  // pg_terminate_backend) emits 'error' on its client. pg-pool listens on idle clients only
  // (the pool's 'error' below) and stops listening while a client is checked out, where an
  // unhandled 'error' ends the process. Every client therefore gets its own listener: the
  // query in flight fails (answered 503, see unavailable.ts) and pg-pool drops the broken
  // client on release, so the next request connects afresh.
  pool.on('connect', (client) => client.on('error', () => undefined));
  pool.on('error', () => undefined);
  const db = new Kysely<MetadataSchema>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect, close: () => db.destroy() };
}

/** Timestamps come back as text (SQLite) or Date (PostgreSQL): one ISO form for answers. */
export function toIso(value: string | Date | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

export function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}

/** Booleans come back as 0/1 on SQLite. */
export function toBool(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

export function nowIso(): string {
  return new Date().toISOString();
}

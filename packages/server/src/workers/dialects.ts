/**
 * The quoting of each shipped engine by its `EngineSpec.engine` name, for code that runs in a
 * worker thread: functions cannot be sent to a worker, so the worker looks them up here. These
 * are the engines' own functions (their `dialect.ts` modules, which import nothing heavy), and
 * `dialects.test.ts` checks they are the very functions each shipped spec uses.
 */
import * as duckdb from '../engines/duckdb/dialect.js';
import * as mysql from '../engines/mysql/dialect.js';
import * as postgresql from '../engines/postgresql/dialect.js';
import * as sqlite from '../engines/sqlite/dialect.js';
import type { EngineSpec } from '../engines/types.js';

export type WorkerDialect = Pick<EngineSpec, 'literal' | 'quoteIdentifier'>;

const DIALECTS: Readonly<Record<string, WorkerDialect>> = {
  duckdb: { literal: duckdb.literal, quoteIdentifier: duckdb.quoteIdentifier },
  postgresql: { literal: postgresql.pgLiteral, quoteIdentifier: postgresql.quotePgIdentifier },
  mysql: { literal: mysql.mysqlLiteral, quoteIdentifier: mysql.quoteMysqlIdentifier },
  sqlite: { literal: sqlite.literal, quoteIdentifier: sqlite.quoteIdentifier },
};

/** Whether work for this engine can run in a worker (its quoting is known there). */
export const hasWorkerDialect = (engine: string): boolean => Object.hasOwn(DIALECTS, engine);

/** The quoting of an engine; an unknown engine is a programming error. */
export function workerDialect(engine: string): WorkerDialect {
  if (!hasWorkerDialect(engine)) throw new Error(`No worker dialect for engine ${engine}`);
  return DIALECTS[engine]!;
}

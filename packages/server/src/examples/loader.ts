import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDBInstance } from '@duckdb/node-api';
import { EXAMPLE_TABLES } from './catalogue.js';
import { loadTable } from './load-table.js';
import { ensureRegistry, tablesToLoad, type LoadReason } from './registry.js';
import { EXAMPLE_SQL_MACROS } from './sql-macros.js';
import type { ExampleTable } from './types.js';

export type { LoadReason } from './registry.js';

/** The examples-data directory shipped with the server (two levels above both src/ and dist/ modules). */
export function examplesDataDir(): string {
  return fileURLToPath(new URL('../../examples-data/', import.meta.url));
}

export interface LoadExamplesOptions {
  onProgress?(message: string): void;
  /** Load only these tables (catalogue names); default: all. */
  tables?: readonly string[];
}

export interface LoadedTable {
  table_name: string;
  reason: LoadReason;
  rows: number;
  ms: number;
}

export interface LoadReport {
  /** Tables (re)built by this run, in catalogue order. */
  loaded: LoadedTable[];
  /** Tables already present and complete, left alone. */
  present: string[];
  /** Whole run, opening and checkpointing included. */
  ms: number;
}

/**
 * Loads the example tables into the DuckDB database file `dbFile` (created if missing), schema
 * `main`, from the files in `dataDir`. Only tables that are missing, outdated or incomplete are
 * (re)built, each in its own transaction; a second run with everything in place does nothing.
 * Throws on the first table that cannot be loaded (that table is left as it was).
 *
 * The loader opens the file itself, so run it before anything else opens that database:
 * DuckDB lets one process write a file, and one instance per file is the rule within a process.
 */
export async function loadExamples(
  dbFile: string,
  dataDir: string,
  options: LoadExamplesOptions = {},
): Promise<LoadReport> {
  const started = performance.now();
  const tables = selectTables(options.tables);
  const progress = (message: string) => options.onProgress?.(`examples: ${message}`);

  await mkdir(dirname(dbFile), { recursive: true });
  const instance = await DuckDBInstance.create(dbFile);
  try {
    const conn = await instance.connect();
    try {
      await ensureRegistry(conn);
      const reasons = await tablesToLoad(conn, tables);
      const loaded: LoadedTable[] = [];
      const present: string[] = [];
      if ([...reasons.values()].some((reason) => reason !== null)) {
        for (const macro of EXAMPLE_SQL_MACROS) await conn.run(macro);
      }
      for (const table of tables) {
        const reason = reasons.get(table.table_name) ?? null;
        if (reason === null) {
          present.push(table.table_name);
          continue;
        }
        progress(`loading ${table.table_name} (${reason})`);
        const tableStarted = performance.now();
        const rows = await loadTable(conn, table, dataDir);
        const ms = Math.round(performance.now() - tableStarted);
        loaded.push({ table_name: table.table_name, reason, rows, ms });
        progress(`loaded ${table.table_name}: ${rows} rows in ${ms} ms`);
      }
      if (loaded.length > 0) await conn.run('CHECKPOINT');
      const ms = Math.round(performance.now() - started);
      progress(`${loaded.length} table(s) loaded, ${present.length} already present, ${ms} ms`);
      return { loaded, present, ms };
    } finally {
      conn.closeSync();
    }
  } finally {
    instance.closeSync();
  }
}

function selectTables(names: readonly string[] | undefined): readonly ExampleTable[] {
  if (!names) return EXAMPLE_TABLES;
  const unknown = names.filter((name) => !EXAMPLE_TABLES.some((t) => t.table_name === name));
  if (unknown.length > 0) throw new Error(`examples: unknown table(s): ${unknown.join(', ')}`);
  return EXAMPLE_TABLES.filter((table) => names.includes(table.table_name));
}

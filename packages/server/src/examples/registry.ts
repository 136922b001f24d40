import type { DuckDBConnection } from '@duckdb/node-api';
import { qualifiedName } from './table-sql.js';
import { literal } from './sql-text.js';
import type { ExampleTable } from './types.js';

/**
 * `main._strata_examples`: which example tables were loaded, at which catalogue version and
 * with how many rows. A table is reloaded when it is missing, when its entry or version
 * differs from the catalogue, or when its columns or row count no longer match.
 */
export const REGISTRY_TABLE = 'main._strata_examples';

/** Why a table is (re)loaded. */
export type LoadReason = 'missing' | 'outdated' | 'incomplete';

export async function ensureRegistry(conn: DuckDBConnection): Promise<void> {
  await conn.run(
    `CREATE TABLE IF NOT EXISTS ${REGISTRY_TABLE} (
       table_name VARCHAR PRIMARY KEY,
       version INTEGER NOT NULL,
       row_count BIGINT NOT NULL,
       loaded_at TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT current_timestamp
     )`,
  );
}

export async function recordLoad(
  conn: DuckDBConnection,
  table: ExampleTable,
  rowCount: number,
): Promise<void> {
  await conn.run(
    `INSERT OR REPLACE INTO ${REGISTRY_TABLE} (table_name, version, row_count, loaded_at)
     VALUES (${literal(table.table_name)}, ${table.version}, ${rowCount}, current_timestamp)`,
  );
}

export async function countRows(conn: DuckDBConnection, table: ExampleTable): Promise<number> {
  const reader = await conn.runAndReadAll(`SELECT count(*) FROM ${qualifiedName(table)}`);
  return Number(reader.getRowsJS()[0]?.[0] ?? 0);
}

/**
 * For each table, why it must be loaded, or null when it is present and complete: same
 * version as recorded, the catalogue's columns and types in order, and the recorded row count.
 */
export async function tablesToLoad(
  conn: DuckDBConnection,
  tables: readonly ExampleTable[],
): Promise<Map<string, LoadReason | null>> {
  const registry = new Map<string, { version: number; rowCount: number }>();
  const entries = await conn.runAndReadAll(
    `SELECT table_name, version, row_count FROM ${REGISTRY_TABLE}`,
  );
  for (const [name, version, rowCount] of entries.getRowsJS()) {
    registry.set(String(name), { version: Number(version), rowCount: Number(rowCount) });
  }

  const shapes = new Map<string, string>();
  const columns = await conn.runAndReadAll(
    `SELECT table_name, string_agg(column_name || ' ' || data_type, ', ' ORDER BY ordinal_position)
     FROM information_schema.columns
     WHERE table_catalog = current_database() AND table_schema = 'main'
     GROUP BY table_name`,
  );
  for (const [name, shape] of columns.getRowsJS()) shapes.set(String(name), String(shape));

  const reasons = new Map<string, LoadReason | null>();
  for (const table of tables) {
    const shape = shapes.get(table.table_name);
    const entry = registry.get(table.table_name);
    const expectedShape = table.columns.map((c) => `${c.column_name} ${c.type}`).join(', ');
    if (shape === undefined) reasons.set(table.table_name, 'missing');
    else if (!entry || entry.version !== table.version) reasons.set(table.table_name, 'outdated');
    else if (shape !== expectedShape) reasons.set(table.table_name, 'incomplete');
    else {
      const rows = await countRows(conn, table);
      const complete = rows === entry.rowCount && (table.rows === null || rows === table.rows);
      reasons.set(table.table_name, complete ? null : 'incomplete');
    }
  }
  return reasons;
}

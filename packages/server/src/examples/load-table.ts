import type { DuckDBConnection } from '@duckdb/node-api';
import { countRows, recordLoad } from './registry.js';
import { literal } from './sql-text.js';
import { tableLoadSql, type StagingStep } from './table-sql.js';
import type { ExampleTable } from './types.js';

/**
 * (Re)builds one example table. The source files are first copied into temporary tables (their
 * rowid numbering the rows in file order); then, in one transaction: drop, create with the
 * catalogue's exact types, insert with explicit conversions, check the row count, record it.
 * Any failure rolls the transaction back, so the database never keeps half a table (a previous
 * complete version stays in place). Returns the row count.
 */
export async function loadTable(
  conn: DuckDBConnection,
  table: ExampleTable,
  dataDir: string,
): Promise<number> {
  const sql = tableLoadSql(table, dataDir);
  try {
    for (const step of sql.staging) await stage(conn, step);
    await conn.run('BEGIN TRANSACTION');
    try {
      await conn.run(sql.drop);
      await conn.run(sql.create);
      await conn.run(sql.insert);
      const rows = await countRows(conn, table);
      if (table.rows !== null && rows !== table.rows) {
        throw new Error(`expected ${table.rows} rows, got ${rows}`);
      }
      await recordLoad(conn, table, rows);
      await conn.run('COMMIT');
      return rows;
    } catch (error) {
      await rollback(conn);
      throw error;
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`examples: could not load ${table.table_name}: ${message}`, { cause: error });
  } finally {
    for (const step of sql.staging) await conn.run(`DROP TABLE IF EXISTS ${step.name}`);
  }
}

/**
 * Copies a file into its temporary table and checks it: a CSV file's header must be the one
 * the catalogue declares (JSON fields are read by name), and rowids must number the rows
 * 0…n-1 in file order, since `s.rowid` feeds row-derived values and the insertion order.
 */
async function stage(conn: DuckDBConnection, step: StagingStep): Promise<void> {
  await conn.run(step.sql);
  if (step.file.format === 'csv') {
    const reader = await conn.runAndReadAll(
      `SELECT name FROM pragma_table_info(${literal(step.name)}) ORDER BY cid`,
    );
    const actual = reader.getRowsJS().map((row) => String(row[0]));
    const expected = step.file.header;
    if (actual.length !== expected.length || actual.some((name, i) => name !== expected[i])) {
      throw new Error(
        `${step.file.file}: header is [${actual.join(', ')}], expected [${expected.join(', ')}]`,
      );
    }
  }
  const numbering = await conn.runAndReadAll(
    `SELECT count(*) = 0 OR (min(rowid) = 0 AND max(rowid) = count(*) - 1) FROM ${step.name}`,
  );
  if (numbering.getRowsJS()[0]?.[0] !== true) {
    throw new Error(`${step.file.file}: staged rows are not numbered 0…n-1`);
  }
}

async function rollback(conn: DuckDBConnection): Promise<void> {
  try {
    await conn.run('ROLLBACK');
  } catch {
    // No transaction left to roll back (DuckDB already ended it): nothing was committed.
  }
}

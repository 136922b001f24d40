import { jsonSafeValue } from '../shared/values.js';
import type { ColumnInfo, ExecuteOptions, ExecuteResult } from '../types.js';
import type { Runner } from './runner.js';
import { sqliteGenericType, typeOfValue } from './types.js';

export const DEFAULT_BATCH_SIZE = 10_000;

/** Whether a statement is an INSERT/UPDATE/DELETE/REPLACE (possibly after a WITH clause). */
export function looksLikeDml(sql: string): boolean {
  const text = sql.replace(/^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)+/, '');
  return /^(insert|update|delete|replace|with\b[\s\S]*\b(insert|update|delete|replace))\b/i.test(
    text,
  );
}

/**
 * Runs one statement on a runner. Rows are made JSON-safe batch by batch and handed to
 * `onBatch` (or kept); expression columns, which have no declared type, take the type of their
 * first non-null value.
 */
export async function executeOn(
  runner: Runner,
  sql: string,
  options: ExecuteOptions,
): Promise<ExecuteResult> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const maxRows = options.maxRows === undefined || options.maxRows < 0 ? null : options.maxRows;
  const kept: unknown[][] = [];
  const seenTypes: Array<string | null> = [];
  const done = await runner.exec(sql, { maxRows, batchSize }, async (raw) => {
    for (const row of raw) {
      row.forEach((v, i) => {
        if (!seenTypes[i]) seenTypes[i] = typeOfValue(v);
      });
    }
    const rows = raw.map((row) => row.map(jsonSafeValue));
    if (options.onBatch) await options.onBatch(rows);
    else for (const row of rows) kept.push(row);
  });
  const columns: ColumnInfo[] = done.columns.map((c, i) => {
    const type = c.type ?? seenTypes[i] ?? '';
    return { name: c.name, type, generic: sqliteGenericType(type), nullable: true };
  });
  const affectedRows =
    done.changes === null ? null : done.changed ? done.changes : looksLikeDml(sql) ? 0 : null;
  return { columns, rows: kept, rowCount: done.rowCount, truncated: done.truncated, affectedRows };
}

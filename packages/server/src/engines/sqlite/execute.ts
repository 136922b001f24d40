import { noStatementsError } from '../shared/script.js';
import { jsonSafeValue } from '../shared/values.js';
import type { ColumnInfo, ExecuteOptions, ExecuteResult, ScriptOptions } from '../types.js';
import type { ExecDone, Runner, RunnerColumn } from './runner.js';
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
 * first non-null value (in the first batch when the columns are reported by `onColumns`).
 */
export function executeOn(
  runner: Runner,
  sql: string,
  options: ExecuteOptions,
): Promise<ExecuteResult> {
  return collect(sql, options, (limits, onRows, onColumns) =>
    runner.exec(sql, { ...limits, readOnly: options.readOnly }, onRows, onColumns),
  );
}

/**
 * Runs the statements of a script on one runner (one connection), in order; the last one's
 * rows are returned as `executeOn` returns them.
 */
export async function executeScriptOn(
  runner: Runner,
  statements: string[],
  options: ScriptOptions,
): Promise<ExecuteResult> {
  const last = statements[statements.length - 1];
  if (last === undefined) throw noStatementsError();
  return collect(last, options, (limits, onRows, onColumns) =>
    runner.script(statements, limits, (index) => options.onStatement?.(index), onRows, onColumns),
  );
}

/**
 * The result of `sql` run by `run`, its rows made JSON-safe and typed. `onColumns` is called
 * with the first batch (the types of expression columns come from its values), or at the end
 * for a statement that returned no rows; the result has the columns it was given.
 */
async function collect(
  sql: string,
  options: ExecuteOptions,
  run: (
    limits: { maxRows: number | null; batchSize: number },
    onRows: (rows: unknown[][]) => Promise<void>,
    onColumns: (columns: RunnerColumn[]) => void,
  ) => Promise<ExecDone>,
): Promise<ExecuteResult> {
  const batchSize = Math.max(1, options.batchSize ?? DEFAULT_BATCH_SIZE);
  const maxRows = options.maxRows === undefined || options.maxRows < 0 ? null : options.maxRows;
  const kept: unknown[][] = [];
  const seenTypes: Array<string | null> = [];
  const describe = (raw: RunnerColumn[]): ColumnInfo[] =>
    raw.map((c, i) => {
      const type = c.type ?? seenTypes[i] ?? '';
      return { name: c.name, type, generic: sqliteGenericType(type), nullable: true };
    });
  let rawColumns: RunnerColumn[] | null = null;
  let reported: ColumnInfo[] | null = null;
  const done = await run(
    { maxRows, batchSize },
    async (raw) => {
      for (const row of raw) {
        row.forEach((v, i) => {
          if (!seenTypes[i]) seenTypes[i] = typeOfValue(v);
        });
      }
      const rows = raw.map((row) => row.map(jsonSafeValue));
      if (options.onColumns && !reported && rawColumns) {
        reported = describe(rawColumns);
        await options.onColumns(reported);
      }
      if (options.onBatch) await options.onBatch(rows);
      else for (const row of rows) kept.push(row);
    },
    (columns) => {
      rawColumns = columns;
    },
  );
  const returnsRows = done.changes === null && done.columns.length > 0;
  const columns = reported ?? describe(done.columns);
  if (options.onColumns && !reported && returnsRows) await options.onColumns(columns);
  const affectedRows =
    done.changes === null ? null : done.changed ? done.changes : looksLikeDml(sql) ? 0 : null;
  return { columns, rows: kept, rowCount: done.rowCount, truncated: done.truncated, affectedRows };
}

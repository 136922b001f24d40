import { EngineError, type DatabaseClient, type EngineSpec } from '../engines/types.js';
import type { Engine } from '../sql/guard.js';
import { ENGINES } from '../sql/guard-lex.js';
import { checkScript } from '../workers/cpu.js';
import type { StatementSpan } from './statement-check.js';

export {
  checkStatements,
  statementSpans,
  type CheckedStatement,
  type StatementSpan,
} from './statement-check.js';

/**
 * SQL validation for the editor's live markers (`POST /api/v1/database/{id}/validate_sql/`):
 * each statement is judged by the DML guard, then compiled by the database itself with
 * EXPLAIN (which plans a statement without running it), so syntax errors, unknown tables and
 * unknown columns come back with the database's own message at their line and column.
 */

export interface ValidationAnnotation {
  line_number: number;
  start_column: number | null;
  end_column: number | null;
  message: string;
}

/** 1-based line and column of an offset. */
export function lineColumnAt(sql: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < sql.length; i += 1) {
    if (sql[i] === '\n') {
      line += 1;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * Where an error at (line, column) of the text sent (`prefix` + statement) is in the script.
 * Columns on the first line lose the prefix and gain the statement's own column.
 */
export function mapPosition(
  script: string,
  statement: StatementSpan,
  prefixLength: number,
  line: number,
  column: number | null,
): { line: number; column: number | null } {
  const at = lineColumnAt(script, statement.start);
  if (line <= 1) {
    return {
      line: at.line,
      column: column === null ? null : Math.max(1, at.column + column - 1 - prefixLength),
    };
  }
  return { line: at.line + line - 1, column };
}

const NOT_ABOUT_THE_SQL = new Set([
  'connection_refused',
  'host_unreachable',
  'auth_failed',
  'database_not_found',
  'timeout',
  'cancelled',
  'invalid_uri',
  'driver_not_found',
]);

const STATEMENT_TIMEOUT_MS = 5000;

export async function validateSql(
  client: DatabaseClient,
  spec: EngineSpec,
  sql: string,
  options: { schema: string | null; allowDml: boolean },
): Promise<ValidationAnnotation[]> {
  const engine: Engine = (ENGINES as readonly string[]).includes(spec.engine)
    ? (spec.engine as Engine)
    : 'postgresql';
  const annotations: ValidationAnnotation[] = [];
  const checked = await checkScript(sql, engine, options.allowDml);
  if (!checked.ok) {
    return [{ line_number: 1, start_column: null, end_column: null, message: checked.message }];
  }
  for (const { span: statement, problem, explain } of checked.statements) {
    const at = lineColumnAt(sql, statement.start);
    if (problem !== null) {
      annotations.push({
        line_number: at.line,
        start_column: at.column,
        end_column: null,
        message: problem,
      });
      continue;
    }
    if (!explain) continue;
    const prefix = 'EXPLAIN ';
    try {
      await client.execute(prefix + statement.text, {
        schema: options.schema,
        maxRows: 1,
        signal: AbortSignal.timeout(STATEMENT_TIMEOUT_MS),
      });
    } catch (e) {
      if (!(e instanceof EngineError) || NOT_ABOUT_THE_SQL.has(e.kind)) continue;
      const line = e.extra.line ?? 1;
      const pos =
        e.extra.line !== undefined
          ? mapPosition(sql, statement, prefix.length, line, e.extra.column ?? null)
          : { line: at.line, column: null };
      annotations.push({
        line_number: pos.line,
        start_column: pos.column,
        end_column: null,
        message: e.message,
      });
    }
  }
  return annotations;
}

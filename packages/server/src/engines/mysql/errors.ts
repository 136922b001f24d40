import { EngineError, type EngineErrorKind } from '../types.js';
import { errorCode, lineAndColumn, networkError, type Endpoint } from '../shared/network-errors.js';

const KINDS: Record<string, EngineErrorKind> = {
  ER_ACCESS_DENIED_ERROR: 'auth_failed',
  ER_DBACCESS_DENIED_ERROR: 'auth_failed',
  ER_BAD_DB_ERROR: 'database_not_found',
  ER_NO_SUCH_TABLE: 'table_not_found',
  ER_PARSE_ERROR: 'syntax_error',
  ER_QUERY_INTERRUPTED: 'cancelled',
};

/**
 * Line (from "… at line N") and column (where the quoted "near '…'" text starts on that line)
 * of a MySQL syntax error in the SQL that was sent.
 */
export function syntaxErrorPlace(
  message: string,
  sql: string,
): { line?: number; column?: number; position?: number } {
  const m = /near '([\s\S]*)' at line (\d+)\s*$/.exec(message);
  if (!m) return {};
  const line = Number(m[2]);
  const lines = sql.split('\n');
  const text = lines[line - 1];
  if (text === undefined) return { line };
  const near = m[1]!.split('\n')[0]!;
  const index = near ? text.indexOf(near) : text.trimEnd().length;
  if (index === -1) return { line };
  const before = lines.slice(0, line - 1).join('\n');
  const position =
    Array.from(before).length + (line > 1 ? 1 : 0) + Array.from(text.slice(0, index)).length + 1;
  return { ...lineAndColumn(sql, position), position };
}

/** A mysql2 failure as an EngineError (network codes, then the server's error code). */
export function mysqlEngineError(e: unknown, at: Endpoint, sql?: string): EngineError {
  if (e instanceof EngineError) return e;
  const net = networkError(e, at);
  if (net) return net;
  const code = errorCode(e);
  const sqlMessage = (e as { sqlMessage?: unknown }).sqlMessage;
  const message =
    typeof sqlMessage === 'string' && sqlMessage
      ? sqlMessage
      : e instanceof Error
        ? e.message
        : String(e);
  const kind = (code && KINDS[code]) || 'query_error';
  const extra = kind === 'syntax_error' && sql !== undefined ? syntaxErrorPlace(message, sql) : {};
  return new EngineError(kind, message, extra);
}

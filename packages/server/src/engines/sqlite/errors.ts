import { EngineError } from '../types.js';

/** An error as the runner reports it. */
export interface RunnerError {
  message: string;
  code: string | null;
}

/**
 * Line and column (1-based) of the token SQLite names in `near "…": syntax error` or
 * `unrecognized token: "…"`, when that token occurs exactly once in the statement (SQLite gives
 * no offset through better-sqlite3, so an ambiguous token gives no position).
 */
export function tokenPosition(
  message: string,
  sql: string | undefined,
): { line?: number; column?: number } {
  const token = /(?:near|unrecognized token:) "(.*)"/s.exec(message)?.[1];
  if (!token || !sql) return {};
  const at = sql.indexOf(token);
  if (at < 0 || sql.indexOf(token, at + 1) >= 0) return {};
  const before = sql.slice(0, at);
  const line = before.split('\n').length;
  return { line, column: at - (before.lastIndexOf('\n') + 1) + 1 };
}

/** A SQLite failure as an EngineError, with the kind the API maps to a status and type. */
export function sqliteError(error: RunnerError, sql?: string, file?: string): EngineError {
  const { message, code } = error;
  const where = file ?? 'the database file';
  if (
    code === 'SQLITE_CANTOPEN' ||
    /unable to open database file|directory does not exist/i.test(message)
  ) {
    return new EngineError(
      'database_not_found',
      `Unable to open the database file ${where}: ${message}`,
    );
  }
  if (code === 'SQLITE_NOTADB' || /file is not a database/i.test(message)) {
    return new EngineError('database_not_found', `${where} is not a SQLite database`);
  }
  if (/syntax error|incomplete input|unrecognized token/.test(message)) {
    return new EngineError('syntax_error', message, tokenPosition(message, sql));
  }
  if (/^no such table: /.test(message)) return new EngineError('table_not_found', message);
  if (/^unknown database /.test(message)) return new EngineError('schema_not_found', message);
  return new EngineError('query_error', message);
}

export function cancelledError(): EngineError {
  return new EngineError('cancelled', 'The query was cancelled');
}

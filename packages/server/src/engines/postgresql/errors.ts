import { EngineError, type EngineErrorKind } from '../types.js';
import { errorCode, lineAndColumn, networkError, type Endpoint } from '../shared/network-errors.js';

const KINDS: Record<string, EngineErrorKind> = {
  '28P01': 'auth_failed',
  '28000': 'auth_failed',
  '3D000': 'database_not_found',
  '3F000': 'schema_not_found',
  '42P01': 'table_not_found',
  '42601': 'syntax_error',
  '57014': 'cancelled',
};

export interface SqlContext {
  /** The SQL as the caller wrote it. */
  sql: string;
  /** Added to the server's 1-based position to get the position in `sql` (prefixes we sent). */
  shift: number;
}

/**
 * A pg failure as an EngineError: connection problems by their Node code, server errors by
 * SQLSTATE, with line and column of the error position in the caller's SQL when there is one.
 */
export function pgEngineError(e: unknown, at: Endpoint, context?: SqlContext): EngineError {
  if (e instanceof EngineError) return e;
  const net = networkError(e, at);
  if (net) return net;
  const message = e instanceof Error ? e.message : String(e);
  if (message === 'timeout exceeded when trying to connect') {
    // pg-pool: every connection of the pool stayed busy for connectionTimeoutMillis.
    return new EngineError(
      'timeout',
      `Timed out waiting for a free connection to ${at.host}:${at.port}`,
    );
  }
  if (/connection timeout|timeout expired/i.test(message)) {
    return new EngineError(
      'host_unreachable',
      `Could not connect to ${at.host}:${at.port}: timed out`,
    );
  }
  const code = errorCode(e);
  const kind = (code && KINDS[code]) || 'query_error';
  const extra: { line?: number; column?: number; position?: number } = {};
  const rawPosition = Number((e as { position?: unknown }).position);
  if (context && Number.isInteger(rawPosition) && rawPosition > 0) {
    const position = rawPosition + context.shift;
    if (position >= 1 && position <= Array.from(context.sql).length + 1) {
      extra.position = position;
      Object.assign(extra, lineAndColumn(context.sql, position));
    }
  }
  return new EngineError(kind, message, extra);
}

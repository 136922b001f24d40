import { EngineError } from '../types.js';

/** Where a connection goes, for messages. */
export interface Endpoint {
  host: string;
  port: number;
}

/** The `code` of a driver error; Node's connect errors may come wrapped in an AggregateError. */
export function errorCode(e: unknown): string | undefined {
  if (typeof e !== 'object' || e === null) return undefined;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && code) return code;
  if (e instanceof AggregateError) {
    for (const inner of e.errors) {
      const c = errorCode(inner);
      if (c) return c;
    }
  }
  return undefined;
}

/** 1-based line and column of a 1-based character position in a text. */
export function lineAndColumn(sql: string, position: number): { line: number; column: number } {
  const before = Array.from(sql)
    .slice(0, Math.max(0, position - 1))
    .join('');
  const lines = before.split('\n');
  return { line: lines.length, column: Array.from(lines[lines.length - 1]!).length + 1 };
}

/** Errors of the network layer (the same codes for every driver). */
export function networkError(e: unknown, at: Endpoint): EngineError | null {
  const where = `${at.host}:${at.port}`;
  switch (errorCode(e)) {
    case 'ECONNREFUSED':
      return new EngineError(
        'connection_refused',
        `Could not connect to ${where}: connection refused`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return new EngineError(
        'host_unreachable',
        `Could not connect to ${where}: host "${at.host}" cannot be resolved`,
      );
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new EngineError(
        'host_unreachable',
        `Could not connect to ${where}: host unreachable (${errorCode(e)})`,
      );
    default:
      return null;
  }
}

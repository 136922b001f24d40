import { ApiError } from '../api/errors.js';
import { EngineError, type EngineErrorKind } from '../engines/types.js';

/** Superset's error types for each kind of engine failure. */
const ERROR_TYPES: Record<EngineErrorKind, string> = {
  connection_refused: 'CONNECTION_PORT_CLOSED_ERROR',
  host_unreachable: 'CONNECTION_INVALID_HOSTNAME_ERROR',
  auth_failed: 'CONNECTION_ACCESS_DENIED_ERROR',
  database_not_found: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
  schema_not_found: 'SCHEMA_DOES_NOT_EXIST_ERROR',
  table_not_found: 'TABLE_DOES_NOT_EXIST_ERROR',
  syntax_error: 'SYNTAX_ERROR',
  query_error: 'GENERIC_DB_ENGINE_ERROR',
  cancelled: 'GENERIC_DB_ENGINE_ERROR',
  timeout: 'CONNECTION_HOST_DOWN_ERROR',
  invalid_uri: 'GENERIC_DB_ENGINE_ERROR',
  driver_not_found: 'GENERIC_DB_ENGINE_ERROR',
};

export function engineErrorType(kind: EngineErrorKind): string {
  return ERROR_TYPES[kind];
}

/**
 * An engine failure as an API answer: `{message, errors: [{message, error_type, level, extra}]}`,
 * 404 for a missing table or schema, 422 otherwise. Anything else is passed on unchanged.
 */
export function toApiError(e: unknown, notFoundStatus = 404): unknown {
  if (!(e instanceof EngineError)) return e;
  const status =
    e.kind === 'table_not_found' || e.kind === 'schema_not_found' ? notFoundStatus : 422;
  const item = {
    message: e.message,
    error_type: ERROR_TYPES[e.kind],
    level: 'error',
    extra: { ...e.extra, engine_error: e.kind },
  };
  return new ApiError(status, e.message, { message: e.message, errors: [item] });
}

/** Runs an engine call and turns its failures into API errors. */
export async function engineCall<T>(fn: () => Promise<T>, notFoundStatus = 404): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw toApiError(e, notFoundStatus);
  }
}

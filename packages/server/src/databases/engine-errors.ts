import { MESSAGES } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { EngineError, type EngineErrorKind } from '../engines/types.js';
import { FileDatabaseRefused } from './file-policy.js';

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

/** Superset's answer of a failed connection test or parameters check: a list of errors. */
export function errorsAnswer(
  status: number,
  message: string,
  errorType: string,
  level: 'error' | 'warning',
  extra: Record<string, unknown>,
): ApiError {
  return new ApiError(status, message, {
    message,
    errors: [{ message, error_type: errorType, level, extra }],
  });
}

/** A connection test's failure as Superset's list of errors (test_connection's answer). */
export function connectionTestError(e: EngineError): ApiError {
  if (e instanceof FileDatabaseRefused)
    return errorsAnswer(422, e.message, e.errorType, 'error', {});
  return errorsAnswer(422, e.message, ERROR_TYPES[e.kind], 'error', { engine_error: e.kind });
}

/**
 * A database not saved because its connection failed (Superset's DatabaseConnectionFailedError:
 * 422, "Connection failed, please check your connection settings"); the engine's own error,
 * when there is one, in `errors` as test_connection gives it. Anything else thrown by a driver
 * is not echoed.
 */
export function connectionFailedAnswer(e: unknown): ApiError {
  const message = MESSAGES.databaseConnectionFailed;
  if (!(e instanceof EngineError)) return new ApiError(422, message);
  const tested = connectionTestError(e).body as { errors: unknown[] };
  return new ApiError(422, message, { message, errors: tested.errors });
}

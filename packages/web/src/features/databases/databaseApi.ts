import { MESSAGES } from '@strata/core';
import { ApiError, api, itemUrl, resourceBase, serverMessage } from '../../app/api';

export const DATABASE_RESOURCE = 'database';

const base = resourceBase(DATABASE_RESOURCE);

/** The database endpoints the connection modal uses. */
export const DATABASE_URLS = {
  available: `${base}/available/`,
  testConnection: `${base}/test_connection/`,
  validateParameters: `${base}/validate_parameters/`,
  create: `${base}/`,
  item: (id: number) => itemUrl(DATABASE_RESOURCE, id),
} as const;

/** The names in a `function_names` answer (strings only; anything else is dropped). */
export function functionNamesOf(answer: unknown): string[] {
  const names = (answer as { function_names?: unknown } | null)?.function_names;
  return Array.isArray(names) ? names.filter((n): n is string => typeof n === 'string') : [];
}

const functionNamesCache = new Map<number, Promise<string[]>>();

/**
 * `GET /api/v1/database/{id}/function_names/`: the database's SQL function names, asked once
 * per database and kept for the page's life. A failed call is forgotten, so the next editor
 * asks again.
 */
export function fetchFunctionNames(dbId: number): Promise<string[]> {
  let pending = functionNamesCache.get(dbId);
  if (!pending) {
    pending = api.get<unknown>(`${base}/${dbId}/function_names/`).then(functionNamesOf);
    pending.catch(() => functionNamesCache.delete(dbId));
    functionNamesCache.set(dbId, pending);
  }
  return pending;
}

/**
 * What to show when the server refused to save a database because its connection failed
 * (create, or an edit that changes the connection; Superset's "Connection failed, please check
 * your connection settings"): the engine's error it carries, else that message. Null for any
 * other failure.
 */
export function connectionRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { message?: unknown; errors?: unknown } | null;
  if (body?.message !== MESSAGES.databaseConnectionFailed) return null;
  return serverMessage({ errors: body.errors }) ?? MESSAGES.databaseConnectionFailed;
}

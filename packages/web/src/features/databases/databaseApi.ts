import { api, errorMessage, itemUrl, resourceBase } from '../../app/api';

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

/** The connection test before a new database is saved failed; `message` is the server's. */
export class ConnectionTestFailed extends Error {}

/**
 * Connects a new database as Superset does: the connection is tested first and a database whose
 * test fails is not saved (ConnectionTestFailed with the test's message); `create` runs only
 * after a test that passed.
 */
export async function testThenCreate<T>(
  test: () => Promise<unknown>,
  create: () => Promise<T>,
): Promise<T> {
  try {
    await test();
  } catch (e) {
    throw new ConnectionTestFailed(errorMessage(e));
  }
  return create();
}

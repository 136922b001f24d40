/**
 * When a stored database password may be reused for a URI that carries the mask (Superset's
 * CVE class of test_connection leaking stored credentials): only for a caller who may edit that
 * database, and only towards the same target: scheme, host, port, user, database and query
 * (pg and mysql read a host from the query too) all unchanged. Anything else would send the
 * stored password to whatever host the caller names.
 */
import { backendOf, PASSWORD_MASK, splitUriPassword } from './uri.js';

/** The answer when a masked password cannot be taken from the stored database. */
export const PASSWORD_NEEDED =
  'Provide the password of the connection: the stored password is only used for the same host, port, user and database, by those who may edit that database.';

/** The parts of a URI that name where a connection goes and as whom; null when not a URL. */
export function connectionTarget(uri: string): string | null {
  const { masked } = splitUriPassword(uri.trim());
  let url: URL;
  try {
    url = new URL(masked);
  } catch {
    return null;
  }
  const query = [...url.searchParams.entries()]
    .map(([k, v]) => `${k}=${v}`)
    .sort()
    .join('&');
  let user: string;
  try {
    user = decodeURIComponent(url.username);
  } catch {
    user = url.username;
  }
  // The engine, not its driver: `postgresql+psycopg2` (the parameters form) and `postgresql`
  // (a typed URI) connect alike.
  const backend = backendOf(masked);
  return JSON.stringify([
    backend === 'postgres' ? 'postgresql' : backend,
    url.hostname.toLowerCase(),
    url.port,
    user,
    url.pathname,
    query,
    url.hash,
  ]);
}

/** Whether two URIs connect to the same place as the same user (passwords aside). */
export function sameConnectionTarget(a: string, b: string): boolean {
  const ta = connectionTarget(a);
  return ta !== null && ta === connectionTarget(b);
}

/** True when the URI's password is the mask (the caller asks for the stored one). */
export function asksForStoredPassword(uri: string): boolean {
  return splitUriPassword(uri).password === PASSWORD_MASK;
}

/**
 * Whether the stored password of `stored` may replace the mask of `uri`: the database has one,
 * the caller may edit that database, and the target is unchanged.
 */
export function mayReuseStoredPassword(
  uri: string,
  stored: { sqlalchemy_uri: string; password: string | null } | null | undefined,
  mayEdit: boolean,
): boolean {
  if (!stored || stored.password === null || !mayEdit) return false;
  return sameConnectionTarget(uri, stored.sqlalchemy_uri);
}

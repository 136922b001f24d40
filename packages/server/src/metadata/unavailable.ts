/**
 * Failures that mean "the metadata store cannot be reached right now" rather than "this request
 * is wrong" or "our code is wrong": a PostgreSQL connection terminated (restart, failover,
 * `idle_session_timeout`, a pooler, `pg_terminate_backend`), refused or reset, or a SQLite
 * store busy or locked past its busy timeout. The API answers them 503 with our own message
 * (`METADATA_UNAVAILABLE_MESSAGE`), never the driver's text, and the next request gets a fresh
 * connection from the pool.
 */

export const METADATA_UNAVAILABLE_MESSAGE =
  'The metadata database is unavailable at the moment. Please try again in a few seconds.';

/** SQLSTATE classes and codes of a lost or refused PostgreSQL connection. */
const PG_CONNECTION_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a failover left us on a standby
]);

/** Node's socket errors when the server is gone or unreachable. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** The texts node-postgres (pg, pg-pool) uses for a connection it lost or could not make. */
const PG_CONNECTION_TEXTS = [
  /^Connection terminated/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^timeout exceeded when trying to connect$/,
  /^Connection terminated due to connection timeout$/,
];

function codeOf(error: object): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

/** Whether an error (or one of its causes) means the metadata store is unreachable for now. */
export function isMetadataUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = codeOf(e);
    if (code !== null) {
      if (PG_CONNECTION_STATES.has(code) || code.startsWith('08')) return true;
      if (SOCKET_CODES.has(code)) return true;
      // better-sqlite3: SQLITE_BUSY, SQLITE_BUSY_SNAPSHOT, SQLITE_LOCKED, SQLITE_LOCKED_SHAREDCACHE…
      if (/^SQLITE_(BUSY|LOCKED)(_|$)/.test(code)) return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && PG_CONNECTION_TEXTS.some((re) => re.test(message)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

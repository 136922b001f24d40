import { parseFileUri } from '../engines/shared/file-uri.js';
/** Superset masks a stored password as this text in every answer. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

/** Backends the app has drivers for (SQLAlchemy-style scheme, before any `+driver`). */
export const SUPPORTED_BACKENDS = [
  'duckdb',
  'sqlite',
  'postgresql',
  'postgres',
  'mysql',
  'mariadb',
] as const;

/** The backend name of a SQLAlchemy-style URI: `postgresql+psycopg2://…` -> `postgresql`. */
export function backendOf(uri: string): string {
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(uri)?.[1] ?? '';
  return scheme.split('+')[0]!.toLowerCase();
}

const AUTHORITY = /^([a-zA-Z][a-zA-Z0-9+.-]*:\/\/)([^:/@?#]*)(?::([^@/?#]*))?@/;

/** Replaces the password of a URI with the mask; a URI without one is returned as it is. */
export function maskUriPassword(uri: string): string {
  const m = AUTHORITY.exec(uri);
  if (!m || m[3] === undefined) return uri;
  return `${m[1]}${m[2]}:${PASSWORD_MASK}@${uri.slice(m[0].length)}`;
}

export interface SplitUri {
  /** The URI with its password replaced by the mask (what is stored and shown). */
  masked: string;
  /** The password, decoded; null when the URI has none; PASSWORD_MASK when it was masked. */
  password: string | null;
}

/** Takes the password out of a URI, so it can be kept encrypted apart from it. */
export function splitUriPassword(uri: string): SplitUri {
  const m = AUTHORITY.exec(uri);
  if (!m || m[3] === undefined) return { masked: uri, password: null };
  const raw = m[3];
  let password: string;
  try {
    password = decodeURIComponent(raw);
  } catch {
    password = raw;
  }
  return { masked: `${m[1]}${m[2]}:${PASSWORD_MASK}@${uri.slice(m[0].length)}`, password };
}

/** Puts a password back into a masked URI (URL-encoded). */
export function withUriPassword(masked: string, password: string | null): string {
  if (password === null) return masked;
  return masked.replace(`:${PASSWORD_MASK}@`, `:${encodeURIComponent(password)}@`);
}

/** Why a URI cannot be used, or null when it can. */
export function uriProblem(uri: string): string | null {
  const backend = backendOf(uri);
  if (!backend)
    return 'Invalid connection string: expected backend://… (for example postgresql://user@host/db)';
  if (!(SUPPORTED_BACKENDS as readonly string[]).includes(backend)) {
    return `Could not load database driver: ${backend}`;
  }
  if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:\/\//.test(uri)) {
    return 'Invalid connection string: expected backend://… (for example postgresql://user@host/db)';
  }
  return null;
}

/** The file-database backends: their URIs name a file on this host. */
export const FILE_BACKENDS: Readonly<Record<string, string>> = {
  sqlite: 'SQLite',
  duckdb: 'DuckDB',
};

/** Whether a URI is a file database's (SQLite, DuckDB), in memory or on disk. */
export function isFileDatabaseUri(uri: string): boolean {
  return Object.hasOwn(FILE_BACKENDS, backendOf(uri));
}

/**
 * The file a file-database URI (sqlite, duckdb) points at, read by the engines' own parser
 * (`parseFileUri`), so the check and the open can never disagree: `scheme:////abs` absolute,
 * `scheme:///rel` relative to the data dir (escapes refused), `?…` and `#…` ignored; null for
 * other URIs and in-memory databases. Throws the engine's EngineError for a malformed URI.
 */
export function fileDatabasePath(uri: string, dataDir: string): string | null {
  const backend = backendOf(uri);
  if (!isFileDatabaseUri(uri)) return null;
  const target = parseFileUri(uri, [backend], dataDir);
  return target.kind === 'file' ? target.path : null;
}

/**
 * The parameters form of a URI (Superset answers them with a database): host, port, user,
 * database and query for network databases, the path for file ones; the password masked.
 */
export function uriParameters(uri: string): Record<string, unknown> {
  const backend = backendOf(uri);
  if (backend === 'sqlite' || backend === 'duckdb') {
    const m = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/\/?(.*?)(\?.*)?$/.exec(uri);
    return { path: m?.[1] ?? '' };
  }
  try {
    const u = new URL(uri.replace(/^[a-zA-Z][a-zA-Z0-9+.-]*:/, 'http:'));
    return {
      host: decodeURIComponent(u.hostname),
      port: u.port ? Number(u.port) : null,
      username: decodeURIComponent(u.username),
      ...(u.password ? { password: PASSWORD_MASK } : {}),
      database: decodeURIComponent(u.pathname.replace(/^\//, '')),
      query: Object.fromEntries(u.searchParams.entries()),
    };
  } catch {
    return {};
  }
}

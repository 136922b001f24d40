import { PASSWORD_MASK, splitUriPassword, withUriPassword } from '../../databases/uri.js';
import { EngineError } from '../types.js';

/** What a connection URI names, with the password put back when the stored URI masks it. */
export interface NetworkTarget {
  /** The URI with a driver-neutral scheme and the real password. */
  url: URL;
  host: string;
  port: number;
  user: string;
  password: string | null;
  /** The database named in the path, or null when the path is empty. */
  database: string | null;
  params: URLSearchParams;
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Parses `backend[+driver]://user:pass@host:port/db?k=v` for a network engine. `password` is the
 * stored password, used when the URI carries the mask instead.
 */
export function parseNetworkUri(
  uri: string,
  scheme: string,
  defaultPort: number,
  password?: string | null,
): NetworkTarget {
  const m = /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\//.exec(uri);
  if (!m) throw new EngineError('invalid_uri', `Invalid connection string: ${scheme}://… expected`);
  let text = `${scheme}://${uri.slice(m[0].length)}`;
  if (splitUriPassword(text).password === PASSWORD_MASK) {
    text = password ? withUriPassword(text, password) : text.replace(`:${PASSWORD_MASK}@`, '@');
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new EngineError('invalid_uri', `Invalid connection string for ${scheme}`);
  }
  const host =
    url.hostname.replace(/^\[(.*)\]$/, '$1') || url.searchParams.get('host') || 'localhost';
  const port = url.port ? Number(url.port) : defaultPort;
  const database = decode(url.pathname.replace(/^\//, ''));
  return {
    url,
    host,
    port,
    user: decode(url.username),
    password: url.password ? decode(url.password) : null,
    database: database || null,
    params: url.searchParams,
  };
}

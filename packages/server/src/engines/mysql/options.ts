import type { PoolOptions } from 'mysql2/promise';
import { parseNetworkUri } from '../shared/network-uri.js';

/**
 * mysql2 pool options of a `mysql[+driver]://` or `mariadb://` URI. Query parameters taken:
 * `charset`, `ssl`/`ssl_mode` (REQUIRED: encrypted; VERIFY_CA/VERIFY_IDENTITY: verified too),
 * `unix_socket`/`socket`.
 */
export function mysqlPoolOptions(
  uri: string,
  password: string | null | undefined,
  connectTimeoutMs: number,
): { options: PoolOptions; host: string; port: number; database: string | null } {
  const target = parseNetworkUri(uri, 'mysql', 3306, password);
  const q = target.params;
  const options: PoolOptions = {
    host: target.host,
    port: target.port,
    user: target.user,
    password: target.password ?? undefined,
    database: target.database ?? undefined,
    connectionLimit: 5,
    maxIdle: 5,
    idleTimeout: 30_000,
    connectTimeout: connectTimeoutMs,
    enableKeepAlive: true,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    jsonStrings: true,
    multipleStatements: false,
  };
  const charset = q.get('charset');
  if (charset) options.charset = charset;
  const socket = q.get('unix_socket') ?? q.get('socket');
  if (socket) options.socketPath = socket;
  const sslMode = (q.get('ssl_mode') ?? '').toUpperCase();
  const ssl = (q.get('ssl') ?? '').toLowerCase();
  if (sslMode === 'VERIFY_CA' || sslMode === 'VERIFY_IDENTITY') {
    options.ssl = { rejectUnauthorized: true };
  } else if (sslMode === 'REQUIRED' || ssl === 'true' || ssl === '1') {
    options.ssl = { rejectUnauthorized: false };
  }
  return { options, host: target.host, port: target.port, database: target.database };
}

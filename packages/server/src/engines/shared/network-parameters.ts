import { MESSAGES } from '@strata/core';
import type { ConnectionParameters } from '../types.js';

/**
 * The host/port/username/password/database form shared by the network engines (Superset's
 * BasicParametersMixin): its JSON schema, its checks and the URI it builds.
 */

export const NETWORK_PARAMETERS_SCHEMA: Record<string, unknown> = {
  type: 'object',
  properties: {
    host: { type: 'string', description: 'Hostname or IP address' },
    port: {
      type: 'integer',
      format: 'int32',
      minimum: 0,
      maximum: 65536,
      description: 'Database port',
    },
    username: { type: 'string', nullable: true, description: 'Username' },
    password: { type: 'string', nullable: true, description: 'Password' },
    database: { type: 'string', description: 'Database name' },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
  },
  required: ['database', 'host', 'port', 'username'],
};

const REQUIRED = ['host', 'port', 'username', 'database'] as const;

/** Field -> message for missing or wrong parameters; empty when they are fine. */
export function validateNetworkParameters(params: ConnectionParameters): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of REQUIRED) {
    const value: unknown = params[field];
    if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
      errors[field] = MESSAGES.requiredField;
    }
  }
  if (!errors.port) {
    const port: unknown = params.port;
    const n = typeof port === 'string' && /^\d+$/.test(port.trim()) ? Number(port) : port;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 65535) {
      errors.port = 'Port must be a valid integer between 0 and 65535 (inclusive).';
    }
  }
  return errors;
}

/** `scheme://user:password@host:port/database?query`, every part URL-encoded. */
export function buildNetworkUri(scheme: string, params: ConnectionParameters): string {
  const user = params.username ? encodeURIComponent(params.username) : '';
  const password = params.password ? `:${encodeURIComponent(params.password)}` : '';
  const auth = user || password ? `${user}${password}@` : '';
  const host = params.host ?? '';
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  const port = params.port !== undefined && params.port !== null ? `:${params.port}` : '';
  const database = params.database ? `/${encodeURIComponent(params.database)}` : '/';
  const query = new URLSearchParams(params.query ?? {}).toString();
  return `${scheme}://${auth}${hostPart}${port}${database}${query ? `?${query}` : ''}`;
}

import type { EngineSpec } from '../types.js';
import { PostgresClient } from './client.js';
import { pgLiteral, quotePgIdentifier } from './dialect.js';
import { postgresEpochToDttm, postgresTimeGrain } from './grains.js';
import { parseNetworkUri } from '../shared/network-uri.js';
import {
  NETWORK_PARAMETERS_SCHEMA,
  buildNetworkUri,
  validateNetworkParameters,
} from '../shared/network-parameters.js';
import { POSTGRESQL_ALLOWED_FUNCTIONS } from './functions-allowed.js';

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/** PostgreSQL through `pg`: `postgresql://`, `postgres://`, `postgresql+psycopg2://`. */
export const postgresqlEngine: EngineSpec = {
  engine: 'postgresql',
  schemes: ['postgresql', 'postgres'],

  describe() {
    return {
      engine: 'postgresql',
      name: 'PostgreSQL',
      default_driver: 'psycopg2',
      sqlalchemy_uri_placeholder:
        'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
      available_drivers: ['psycopg2'],
      parameters: NETWORK_PARAMETERS_SCHEMA,
      engine_information: {
        supports_file_upload: true,
        disable_ssh_tunneling: true,
        supports_regex: true,
        supports_latest_partition: false,
      },
    };
  },

  buildUri: (params) => buildNetworkUri('postgresql+psycopg2', params),
  validateParameters: validateNetworkParameters,
  quoteIdentifier: quotePgIdentifier,
  literal: pgLiteral,
  timeGrainExpression: postgresTimeGrain,
  epochToDttm: postgresEpochToDttm,
  allowedFunctions: POSTGRESQL_ALLOWED_FUNCTIONS,

  async connect(uri, options) {
    const target = parseNetworkUri(uri, 'postgresql', 5432, options.password);
    return new PostgresClient({
      connectionString: target.url.toString(),
      endpoint: { host: target.host, port: target.port },
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    });
  },
};

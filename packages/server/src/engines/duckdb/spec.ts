import type { TimeGrain } from '@strata/core';
import type {
  ConnectionParameters,
  ConnectOptions,
  DatabaseClient,
  EngineDescription,
  EngineSpec,
} from '../types.js';
import { DuckDBClient } from './client.js';
import { literal, quoteIdentifier } from './dialect.js';
import { timeGrainExpression } from './grains.js';
import { acquireInstance } from './instances.js';
import { fileUri, parseFileUri } from '../shared/file-uri.js';

const SCHEMES = ['duckdb'];

const PARAMETERS = {
  type: 'object',
  properties: {
    path: {
      type: 'string',
      description:
        'Path of the DuckDB file: absolute, or relative to the data directory; :memory: for an in-memory database',
    },
  },
  required: ['path'],
};

export const duckdbEngine: EngineSpec = {
  engine: 'duckdb',
  schemes: SCHEMES,

  describe(): EngineDescription {
    return {
      engine: 'duckdb',
      name: 'DuckDB',
      default_driver: 'duckdb_engine',
      sqlalchemy_uri_placeholder: 'duckdb:///path/to/file.duckdb',
      available_drivers: ['duckdb_engine'],
      parameters: PARAMETERS,
      engine_information: { supports_file_upload: true, disable_ssh_tunneling: true },
    };
  },

  buildUri(params: ConnectionParameters): string {
    return fileUri('duckdb', params.path ?? '');
  },

  validateParameters(params: ConnectionParameters): Record<string, string> {
    return params.path?.trim() ? {} : { path: 'This is a required field' };
  },

  quoteIdentifier,
  literal,

  timeGrainExpression(grain: TimeGrain, column: string): string | null {
    return timeGrainExpression(grain, column);
  },

  async connect(uri: string, options: ConnectOptions): Promise<DatabaseClient> {
    const target = parseFileUri(uri, SCHEMES, options.dataDir);
    const readOnly = options.readOnly ?? false;
    const lease = await acquireInstance(target, readOnly);
    return new DuckDBClient(lease, readOnly);
  },
};

import type { TimeGrain } from '@strata/core';
import type { ConnectOptions, DatabaseClient, EngineDescription, EngineSpec } from '../types.js';
import { DuckDBClient } from './client.js';
import { literal, quoteIdentifier } from './dialect.js';
import { epochToDttm, timeGrainExpression } from './grains.js';
import { acquireInstance } from './instances.js';
import { fileDatabaseForm, parseFileUri } from '../shared/file-uri.js';
import { DUCKDB_ALLOWED_FUNCTIONS } from './functions-allowed.js';

const SCHEMES = ['duckdb'];

const FORM = fileDatabaseForm('duckdb', 'DuckDB');

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
      parameters: FORM.parameters,
      engine_information: {
        supports_file_upload: true,
        disable_ssh_tunneling: true,
        supports_regex: true,
        supports_latest_partition: false,
      },
    };
  },

  buildUri: FORM.buildUri,
  validateParameters: FORM.validateParameters,

  quoteIdentifier,
  literal,

  timeGrainExpression(grain: TimeGrain, column: string): string | null {
    return timeGrainExpression(grain, column);
  },

  epochToDttm,
  allowedFunctions: DUCKDB_ALLOWED_FUNCTIONS,

  async connect(uri: string, options: ConnectOptions): Promise<DatabaseClient> {
    const target = parseFileUri(uri, SCHEMES, options.dataDir);
    const readOnly = options.readOnly ?? false;
    const lease = await acquireInstance(target, readOnly);
    return new DuckDBClient(lease, readOnly);
  },
};

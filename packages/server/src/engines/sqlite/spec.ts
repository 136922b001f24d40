import type { TimeGrain } from '@strata/core';
import type { ConnectOptions, DatabaseClient, EngineDescription, EngineSpec } from '../types.js';
import { fileDatabaseForm, parseFileUri } from '../shared/file-uri.js';
import { SqliteClient } from './client.js';
import { literal, quoteIdentifier } from './dialect.js';
import { epochToDttm, timeGrainExpression } from './grains.js';
import { RunnerPool } from './pool.js';
import { Runner } from './runner.js';
import { SQLITE_ALLOWED_FUNCTIONS } from './functions-allowed.js';

const SCHEMES = ['sqlite'];

/** Runner processes per file database: a long query leaves room for the schema browser. */
const MAX_RUNNERS = 3;
/**
 * An idle runner (~50 MB of memory; ~30-100 ms to start again) is stopped after 30 s, the last
 * one after a further 5 minutes.
 */
const IDLE_MS = 30_000;
const LAST_IDLE_MS = 5 * 60_000;

const FORM = fileDatabaseForm('sqlite', 'SQLite');

export const sqliteEngine: EngineSpec = {
  engine: 'sqlite',
  schemes: SCHEMES,

  describe(): EngineDescription {
    return {
      engine: 'sqlite',
      name: 'SQLite',
      default_driver: 'pysqlite',
      sqlalchemy_uri_placeholder: 'sqlite:////path/to/file.db',
      available_drivers: ['pysqlite'],
      parameters: FORM.parameters,
      engine_information: {
        supports_file_upload: true,
        disable_ssh_tunneling: true,
        supports_regex: false,
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
  allowedFunctions: SQLITE_ALLOWED_FUNCTIONS,

  /**
   * Checks the URI and returns a client; runner processes start with the first call. The file
   * must exist (it is never created): calls fail with database_not_found otherwise.
   */
  async connect(uri: string, options: ConnectOptions): Promise<DatabaseClient> {
    const target = parseFileUri(uri, SCHEMES, options.dataDir);
    const memory = target.kind === 'memory';
    const config = { file: memory ? ':memory:' : target.path, readOnly: options.readOnly ?? false };
    const pool = new RunnerPool(
      () => new Runner(config),
      // An in-memory database lives in its one runner: never more, never stopped when idle.
      memory
        ? { max: 1, idleMs: IDLE_MS, lastIdleMs: null }
        : { max: MAX_RUNNERS, idleMs: IDLE_MS, lastIdleMs: LAST_IDLE_MS },
    );
    return new SqliteClient(pool);
  },
};

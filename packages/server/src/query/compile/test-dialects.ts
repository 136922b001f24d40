/** Dialects of the four engines from their pure modules (no driver loaded), for unit tests. */
import * as duckdb from '../../engines/duckdb/dialect.js';
import {
  epochToDttm as duckdbEpoch,
  timeGrainExpression as duckdbGrain,
} from '../../engines/duckdb/grains.js';
import { mysqlLiteral, quoteMysqlIdentifier } from '../../engines/mysql/dialect.js';
import { mysqlEpochToDttm, mysqlTimeGrain } from '../../engines/mysql/grains.js';
import { pgLiteral, quotePgIdentifier } from '../../engines/postgresql/dialect.js';
import { postgresEpochToDttm, postgresTimeGrain } from '../../engines/postgresql/grains.js';
import * as sqlite from '../../engines/sqlite/dialect.js';
import {
  epochToDttm as sqliteEpoch,
  timeGrainExpression as sqliteGrain,
} from '../../engines/sqlite/grains.js';
import { DUCKDB_ALLOWED_FUNCTIONS } from '../../engines/duckdb/functions-allowed.js';
import { MYSQL_ALLOWED_FUNCTIONS } from '../../engines/mysql/functions-allowed.js';
import { POSTGRESQL_ALLOWED_FUNCTIONS } from '../../engines/postgresql/functions-allowed.js';
import { SQLITE_ALLOWED_FUNCTIONS } from '../../engines/sqlite/functions-allowed.js';
import type { CompileDialect } from './types.js';

export const DIALECTS: Record<'duckdb' | 'sqlite' | 'postgresql' | 'mysql', CompileDialect> = {
  duckdb: {
    engine: 'duckdb',
    quoteIdentifier: duckdb.quoteIdentifier,
    literal: duckdb.literal,
    timeGrainExpression: duckdbGrain,
    epochToDttm: duckdbEpoch,
    allowedFunctions: new Set(DUCKDB_ALLOWED_FUNCTIONS),
  },
  sqlite: {
    engine: 'sqlite',
    quoteIdentifier: sqlite.quoteIdentifier,
    literal: sqlite.literal,
    timeGrainExpression: sqliteGrain,
    epochToDttm: sqliteEpoch,
    allowedFunctions: new Set(SQLITE_ALLOWED_FUNCTIONS),
  },
  postgresql: {
    engine: 'postgresql',
    quoteIdentifier: quotePgIdentifier,
    literal: pgLiteral,
    timeGrainExpression: postgresTimeGrain,
    epochToDttm: postgresEpochToDttm,
    allowedFunctions: new Set(POSTGRESQL_ALLOWED_FUNCTIONS),
  },
  mysql: {
    engine: 'mysql',
    quoteIdentifier: quoteMysqlIdentifier,
    literal: mysqlLiteral,
    timeGrainExpression: mysqlTimeGrain,
    epochToDttm: mysqlEpochToDttm,
    allowedFunctions: new Set(MYSQL_ALLOWED_FUNCTIONS),
    variablePrefix: '@',
  },
};

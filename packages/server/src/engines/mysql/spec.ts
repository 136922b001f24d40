import type { EngineSpec } from '../types.js';
import {
  NETWORK_PARAMETERS_SCHEMA,
  buildNetworkUri,
  validateNetworkParameters,
} from '../shared/network-parameters.js';
import { MysqlClient } from './client.js';
import { mysqlLiteral, quoteMysqlIdentifier } from './dialect.js';
import { mysqlEpochToDttm, mysqlTimeGrain } from './grains.js';
import { mysqlPoolOptions } from './options.js';
import { MYSQL_ALLOWED_FUNCTIONS } from './functions-allowed.js';

const DEFAULT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * MySQL and MariaDB through `mysql2`: `mysql://`, `mysql+mysqldb://`, `mysql+pymysql://`,
 * `mariadb://`.
 */
export const mysqlEngine: EngineSpec = {
  engine: 'mysql',
  schemes: ['mysql', 'mariadb'],

  describe() {
    return {
      engine: 'mysql',
      name: 'MySQL',
      default_driver: 'mysqldb',
      sqlalchemy_uri_placeholder: 'mysql://user:password@host:port/dbname',
      available_drivers: ['mysqldb', 'pymysql'],
      parameters: NETWORK_PARAMETERS_SCHEMA,
      engine_information: {
        supports_file_upload: true,
        disable_ssh_tunneling: true,
        supports_regex: true,
        supports_latest_partition: false,
      },
    };
  },

  buildUri: (params) => buildNetworkUri('mysql+mysqldb', params),
  validateParameters: validateNetworkParameters,
  quoteIdentifier: quoteMysqlIdentifier,
  literal: mysqlLiteral,
  timeGrainExpression: mysqlTimeGrain,
  epochToDttm: mysqlEpochToDttm,
  allowedFunctions: MYSQL_ALLOWED_FUNCTIONS,
  variablePrefix: '@',

  async connect(uri, options) {
    const {
      options: poolOptions,
      host,
      port,
      database,
    } = mysqlPoolOptions(
      uri,
      options.password,
      options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    );
    return new MysqlClient({ options: poolOptions, endpoint: { host, port }, database });
  },
};

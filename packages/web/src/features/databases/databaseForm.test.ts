import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@strata/core';
import {
  PASSWORD_MASK,
  cleanParameters,
  connectionBody,
  databaseFormValues,
  databaseSavePayload,
  jsonTextProblem,
  mapValidationErrors,
  newDatabaseValues,
  parametersFromUri,
  parseQueryText,
  saveFieldErrors,
  testConnectionBody,
} from './databaseForm';
import type { ConnectionContext } from './databaseForm';
import { engineForBackend, hasParametersForm, humanize, parameterFields } from './engines';
import type { AvailableEngine, ParametersSchema } from './engines';

const NETWORK_SCHEMA: ParametersSchema = {
  type: 'object',
  properties: {
    query: { type: 'object', description: 'Additional parameters' },
    username: { type: 'string', nullable: true, description: 'Username' },
    password: { type: 'string', nullable: true, description: 'Password' },
    host: { type: 'string', description: 'Hostname or IP address' },
    database: { type: 'string', description: 'Database name' },
    port: { type: 'integer', format: 'int32', minimum: 0, maximum: 65536 },
    ssl_mode: { type: ['string', 'null'], default: 'prefer' },
    tags: { type: 'array' },
  },
  required: ['database', 'host', 'port', 'username'],
};

const postgres: AvailableEngine = {
  engine: 'postgresql',
  name: 'PostgreSQL',
  sqlalchemy_uri_placeholder: 'postgresql://user:password@host:port/dbname',
  parameters: NETWORK_SCHEMA,
};
const sqlite: AvailableEngine = {
  engine: 'sqlite',
  name: 'SQLite',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};
const uriOnly: AvailableEngine = { engine: 'duckdb', name: 'DuckDB', parameters: null };

const pgFields = parameterFields(NETWORK_SCHEMA);
const sqliteFields = parameterFields(sqlite.parameters);

describe('parameterFields', () => {
  it('orders the known fields, marks required ones and skips what cannot be entered', () => {
    expect(pgFields.map((f) => [f.name, f.kind, f.required])).toEqual([
      ['host', 'text', true],
      ['port', 'number', true],
      ['database', 'text', true],
      ['username', 'text', true],
      ['password', 'password', false],
      ['query', 'query', false],
      ['ssl_mode', 'text', false],
    ]);
    expect(pgFields[0]).toMatchObject({ label: 'Host', description: 'Hostname or IP address' });
    expect(pgFields[1]).toMatchObject({ label: 'Port', min: 0, max: 65536 });
    expect(pgFields[6]).toMatchObject({ label: 'Ssl mode', placeholder: 'e.g. prefer' });
  });

  it('gives no fields without a schema', () => {
    expect(parameterFields(null)).toEqual([]);
    expect(parameterFields({ type: 'object' })).toEqual([]);
    expect(hasParametersForm(uriOnly)).toBe(false);
    expect(hasParametersForm(sqlite)).toBe(true);
  });

  it('humanizes names', () => {
    expect(humanize('service_account-info')).toBe('Service account info');
  });
});

describe('engineForBackend', () => {
  it('finds the engine of a backend, aliases included', () => {
    const engines = [postgres, sqlite, uriOnly];
    expect(engineForBackend(engines, 'postgres')).toBe(postgres);
    expect(engineForBackend(engines, 'SQLite')).toBe(sqlite);
    expect(engineForBackend(engines, 'oracle')).toBe(null);
    expect(engineForBackend(engines, null)).toBe(null);
  });
});

describe('parametersFromUri', () => {
  it('reads a network URI, keeping the mask', () => {
    expect(
      parametersFromUri(
        `postgresql+psycopg2://ana%40x:${PASSWORD_MASK}@db.example.com:5433/sales%20db?sslmode=require`,
        pgFields,
      ),
    ).toEqual({
      host: 'db.example.com',
      port: 5433,
      username: 'ana@x',
      password: PASSWORD_MASK,
      database: 'sales db',
      query: 'sslmode=require',
    });
    expect(parametersFromUri('postgresql://[::1]/x', pgFields)).toEqual({
      host: '::1',
      database: 'x',
    });
  });

  it('reads a file path for file engines', () => {
    expect(parametersFromUri('sqlite:////tmp/data/x.db', sqliteFields)).toEqual({
      path: '/tmp/data/x.db',
    });
    expect(parametersFromUri('sqlite:///relative.db', sqliteFields)).toEqual({
      path: 'relative.db',
    });
  });

  it('gives null for text that is no URI', () => {
    expect(parametersFromUri('not a uri', pgFields)).toBe(null);
  });
});

describe('cleanParameters and connection bodies', () => {
  const pg: ConnectionContext = { mode: 'parameters', engine: postgres, fields: pgFields };

  it('drops blanks, trims texts, converts numbers and the query text', () => {
    expect(
      cleanParameters(
        {
          host: ' localhost ',
          port: '5432',
          database: 'test',
          username: 'postgres',
          password: ' secret ',
          query: '?a=1&b=two',
          ssl_mode: '',
          unknown: 'x',
        },
        pgFields,
      ),
    ).toEqual({
      host: 'localhost',
      port: 5432,
      database: 'test',
      username: 'postgres',
      password: ' secret ',
      query: { a: '1', b: 'two' },
    });
    expect(parseQueryText('  ')).toBeUndefined();
  });

  it('builds URI or parameters bodies', () => {
    const values = { sqlalchemy_uri: ' sqlite:////tmp/x.db ', parameters: { host: 'h' } };
    expect(connectionBody(values, { ...pg, mode: 'uri' })).toEqual({
      sqlalchemy_uri: 'sqlite:////tmp/x.db',
    });
    expect(connectionBody(values, pg)).toEqual({
      engine: 'postgresql',
      parameters: { host: 'h' },
    });
    expect(testConnectionBody(values, { ...pg, mode: 'uri' }, 'Stored')).toEqual({
      sqlalchemy_uri: 'sqlite:////tmp/x.db',
      database_name: 'Stored',
    });
    expect(testConnectionBody(values, pg)).not.toHaveProperty('database_name');
  });

  it('builds the save payload with flags, timeout and extra', () => {
    const values = {
      ...newDatabaseValues(postgres),
      database_name: ' Sales ',
      parameters: { host: 'h', port: 5432, database: 'd', username: 'u', password: 'p' },
      allow_dml: true,
      cache_timeout: 60.7,
      extra: ' {"a":1} ',
    };
    expect(databaseSavePayload(values, pg, { extraKnown: false })).toEqual({
      database_name: 'Sales',
      engine: 'postgresql',
      parameters: { host: 'h', port: 5432, database: 'd', username: 'u', password: 'p' },
      configuration_method: 'dynamic_form',
      expose_in_sqllab: true,
      allow_run_async: false,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: false,
      impersonate_user: false,
      cache_timeout: 60,
      extra: '{"a":1}',
    });
    const edit = databaseSavePayload(
      { ...values, extra: '', cache_timeout: null, sqlalchemy_uri: 'sqlite:///x.db' },
      { ...pg, mode: 'uri' },
      { extraKnown: false },
    );
    expect(edit).not.toHaveProperty('extra');
    expect(edit).toMatchObject({
      sqlalchemy_uri: 'sqlite:///x.db',
      configuration_method: 'sqlalchemy_form',
      cache_timeout: null,
    });
    expect(databaseSavePayload({ ...values, extra: '' }, pg, { extraKnown: true }).extra).toBe('');
  });
});

describe('databaseFormValues', () => {
  it('fills the form from a stored database, parameters from its masked URI', () => {
    const values = databaseFormValues(
      {
        id: 3,
        database_name: 'Analytics',
        sqlalchemy_uri: `postgresql://u:${PASSWORD_MASK}@h:5432/d`,
        backend: 'postgresql',
        allow_dml: true,
        cache_timeout: 30,
      },
      pgFields,
    );
    expect(values).toMatchObject({
      database_name: 'Analytics',
      sqlalchemy_uri: `postgresql://u:${PASSWORD_MASK}@h:5432/d`,
      parameters: { host: 'h', port: 5432, username: 'u', password: PASSWORD_MASK, database: 'd' },
      expose_in_sqllab: true,
      allow_dml: true,
      cache_timeout: 30,
      extra: '',
    });
  });

  it('prefers parameters the server gives', () => {
    expect(
      databaseFormValues(
        {
          id: 1,
          database_name: 'x',
          sqlalchemy_uri: 'postgresql://a@b/c',
          parameters: { host: 'h', port: 1, query: { a: '1' }, nested: { x: 1 } },
        },
        pgFields,
      ).parameters,
    ).toEqual({ host: 'h', port: 1, query: 'a=1' });
  });
});

describe('jsonTextProblem', () => {
  it('accepts blank text and JSON, refuses the rest', () => {
    expect(jsonTextProblem('')).toBe(null);
    expect(jsonTextProblem('{"a": 1}', true)).toBe(null);
    expect(jsonTextProblem('[1]', true)).toBe('Must be a JSON object');
    expect(jsonTextProblem('{oops')).toMatch(/^Invalid JSON/);
  });
});

describe('mapValidationErrors', () => {
  const missing = {
    message: 'One or more parameters are missing: host, port',
    errors: [
      {
        message: 'One or more parameters are missing: host, port',
        error_type: 'CONNECTION_MISSING_PARAMETERS_ERROR',
        level: 'warning',
        extra: { missing: ['host', 'port', 'nope'], invalid: [] },
      },
    ],
  };

  it('maps every missing field to the required text when forced', () => {
    expect(mapValidationErrors(missing, { force: true, fields: pgFields })).toEqual({
      fields: { host: [MESSAGES.requiredField], port: [MESSAGES.requiredField] },
      form: [],
    });
  });

  it('only flags the fields already left when not forced', () => {
    expect(
      mapValidationErrors(missing, { force: false, touched: ['port'], fields: pgFields }),
    ).toEqual({ fields: { port: [MESSAGES.requiredField] }, form: [] });
  });

  it('puts a one-field error under it and the rest under the form', () => {
    const body = {
      errors: [
        {
          message: 'Port must be a valid integer between 0 and 65535 (inclusive).',
          error_type: 'CONNECTION_INVALID_PORT_ERROR',
          level: 'error',
          extra: { invalid: ['port'] },
        },
        {
          message: 'Could not connect to the host',
          error_type: 'CONNECTION_INVALID_HOSTNAME_ERROR',
          level: 'error',
          extra: { invalid: ['host', 'port'] },
        },
        {
          message: 'Access denied',
          error_type: 'CONNECTION_ACCESS_DENIED_ERROR',
          level: 'error',
          extra: { invalid: ['username', 'password'] },
        },
      ],
    };
    expect(mapValidationErrors(body, { force: false, fields: pgFields })).toEqual({
      fields: { port: ['Port must be a valid integer between 0 and 65535 (inclusive).'] },
      form: ['Could not connect to the host'],
    });
    expect(mapValidationErrors(body, { force: true, fields: pgFields }).form).toEqual([
      'Could not connect to the host',
      'Access denied',
    ]);
  });

  it('reads a plain message and ignores junk', () => {
    expect(mapValidationErrors({ message: 'Boom' }, { force: false, fields: pgFields })).toEqual({
      fields: {},
      form: ['Boom'],
    });
    expect(mapValidationErrors(null, { force: true, fields: pgFields })).toEqual({
      fields: {},
      form: [],
    });
  });
});

describe('saveFieldErrors', () => {
  it('puts field errors on the fields and the rest in text', () => {
    expect(
      saveFieldErrors(
        {
          message: {
            database_name: ['A database with the same name already exists.'],
            'parameters.host': ['This is a required field'],
            parameters: { port: ['Bad port'] },
            sqlalchemy_uri: ['Not here'],
            driver: 'Unknown',
          },
        },
        { mode: 'parameters', fields: pgFields },
      ),
    ).toEqual({
      fields: [
        { name: ['database_name'], errors: ['A database with the same name already exists.'] },
        { name: ['parameters', 'host'], errors: ['This is a required field'] },
        { name: ['parameters', 'port'], errors: ['Bad port'] },
      ],
      other: ['sqlalchemy_uri: Not here', 'driver: Unknown'],
    });
  });

  it('keeps URI errors on the URI field in URI mode and passes plain messages on', () => {
    expect(
      saveFieldErrors(
        { message: { sqlalchemy_uri: ['Could not load database driver: oracle'] } },
        { mode: 'uri', fields: pgFields },
      ).fields,
    ).toEqual([{ name: ['sqlalchemy_uri'], errors: ['Could not load database driver: oracle'] }]);
    expect(saveFieldErrors({ message: 'Forbidden' }, { mode: 'uri', fields: [] })).toEqual({
      fields: [],
      other: ['Forbidden'],
    });
  });
});

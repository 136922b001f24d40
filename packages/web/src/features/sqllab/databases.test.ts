import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONF,
  confFrom,
  databaseList,
  defaultSchemaOf,
  initialDatabaseId,
  toSqlLabDatabase,
} from './databases';

describe('databases', () => {
  it('reads a database with every flag', () => {
    expect(
      toSqlLabDatabase({
        id: 1,
        database_name: 'examples',
        backend: 'duckdb',
        allow_run_async: true,
        allows_cost_estimate: true,
        force_ctas_schema: 'scratch',
        disable_data_preview: true,
      }),
    ).toEqual({
      id: 1,
      database_name: 'examples',
      backend: 'duckdb',
      allow_run_async: true,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allows_cost_estimate: true,
      force_ctas_schema: 'scratch',
      disable_data_preview: true,
      expose_in_sqllab: true,
    });
    expect(toSqlLabDatabase({ id: 2, database_name: 'x', engine: 'sqlite' })?.backend).toBe(
      'sqlite',
    );
    expect(toSqlLabDatabase({ id: 'x', database_name: 'x' })).toBe(null);
    expect(toSqlLabDatabase({ id: 3, database_name: 'y' })).toMatchObject({
      allows_cost_estimate: false,
      force_ctas_schema: null,
    });
  });

  it('lists exposed databases by name', () => {
    const a = toSqlLabDatabase({ id: 1, database_name: 'b' })!;
    const b = toSqlLabDatabase({ id: 2, database_name: 'a' })!;
    const hidden = toSqlLabDatabase({ id: 3, database_name: 'c', expose_in_sqllab: false })!;
    expect(databaseList({ 1: a, 2: b, 3: hidden }).map((d) => d.id)).toEqual([2, 1]);
    expect(initialDatabaseId([b, a], 1)).toBe(1);
    expect(initialDatabaseId([b, a], 9)).toBe(2);
    expect(initialDatabaseId([], null)).toBe(null);
  });

  it('reads the configuration with defaults', () => {
    expect(confFrom(undefined)).toEqual(DEFAULT_CONF);
    expect(
      confFrom({ DEFAULT_SQLLAB_LIMIT: 5000, SQL_MAX_ROW: 100, DISPLAY_MAX_ROW: 'x' }),
    ).toEqual({
      DEFAULT_SQLLAB_LIMIT: 100,
      SQL_MAX_ROW: 100,
      DISPLAY_MAX_ROW: DEFAULT_CONF.DISPLAY_MAX_ROW,
      SCHEDULED_QUERIES: null,
    });
    const form = { JSONSCHEMA: { properties: { a: { type: 'string' } } } };
    expect(confFrom({ SCHEDULED_QUERIES: form }).SCHEDULED_QUERIES).toBe(form);
    expect(confFrom({ SCHEDULED_QUERIES: { JSONSCHEMA: 1 } }).SCHEDULED_QUERIES).toBeNull();
  });

  it('picks a usual default schema', () => {
    expect(defaultSchemaOf(['only'])).toBe('only');
    expect(defaultSchemaOf(['information_schema', 'main'])).toBe('main');
    expect(defaultSchemaOf(['a', 'public'])).toBe('public');
    expect(defaultSchemaOf(['a', 'b'])).toBe(null);
    expect(defaultSchemaOf([])).toBe(null);
  });
});

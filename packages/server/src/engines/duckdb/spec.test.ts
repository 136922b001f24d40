import { describe, expect, it } from 'vitest';
import { duckdbEngine } from './index.js';

describe('duckdbEngine', () => {
  it('describes itself for the database form', () => {
    const d = duckdbEngine.describe();
    expect(d).toMatchObject({
      engine: 'duckdb',
      name: 'DuckDB',
      default_driver: 'duckdb_engine',
      sqlalchemy_uri_placeholder: 'duckdb:///path/to/file.duckdb',
      engine_information: { supports_file_upload: true },
    });
    expect(d.parameters).toMatchObject({
      properties: { path: { type: 'string' } },
      required: ['path'],
    });
    expect(duckdbEngine.schemes).toEqual(['duckdb']);
  });

  it('builds URIs and validates parameters', () => {
    expect(duckdbEngine.buildUri({ path: '/data/a.duckdb' })).toBe('duckdb:////data/a.duckdb');
    expect(duckdbEngine.validateParameters({})).toEqual({ path: 'This is a required field' });
    expect(duckdbEngine.validateParameters({ path: '  ' })).toEqual({
      path: 'This is a required field',
    });
    expect(duckdbEngine.validateParameters({ path: 'a.duckdb' })).toEqual({});
  });
});

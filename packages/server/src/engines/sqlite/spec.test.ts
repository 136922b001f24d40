import { describe, expect, it } from 'vitest';
import { sqliteEngine } from './index.js';

describe('sqliteEngine', () => {
  it('describes itself for the database form', () => {
    expect(sqliteEngine.describe()).toMatchObject({
      engine: 'sqlite',
      name: 'SQLite',
      default_driver: 'pysqlite',
      sqlalchemy_uri_placeholder: 'sqlite:////path/to/file.db',
      parameters: { properties: { path: { type: 'string' } } },
    });
  });

  it('builds URIs and validates parameters', () => {
    expect(sqliteEngine.buildUri({ path: '/data/a.db' })).toBe('sqlite:////data/a.db');
    expect(sqliteEngine.buildUri({ path: 'a.db' })).toBe('sqlite:///a.db');
    expect(sqliteEngine.validateParameters({})).toEqual({ path: 'This is a required field' });
    expect(sqliteEngine.validateParameters({ path: 'a.db' })).toEqual({});
  });

  it('refuses a URI escaping the data dir without starting anything', async () => {
    await expect(
      sqliteEngine.connect('sqlite:///../x.db', { dataDir: '/srv/data' }),
    ).rejects.toMatchObject({
      kind: 'invalid_uri',
    });
  });
});

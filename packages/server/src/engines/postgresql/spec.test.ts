import { describe, expect, it } from 'vitest';
import { postgresqlEngine } from './index.js';

describe('postgresqlEngine', () => {
  it('describes itself as Superset does', () => {
    const d = postgresqlEngine.describe();
    expect(d).toMatchObject({
      engine: 'postgresql',
      name: 'PostgreSQL',
      default_driver: 'psycopg2',
      sqlalchemy_uri_placeholder:
        'postgresql://user:password@host:port/dbname[?key=value&key=value...]',
    });
    expect(d.parameters).toMatchObject({
      required: ['database', 'host', 'port', 'username'],
    });
    expect(Object.keys((d.parameters as { properties: object }).properties)).toEqual([
      'host',
      'port',
      'username',
      'password',
      'database',
      'query',
    ]);
    expect(postgresqlEngine.schemes).toEqual(['postgresql', 'postgres']);
  });

  it('builds a psycopg2 URI', () => {
    expect(
      postgresqlEngine.buildUri({
        host: 'h',
        port: 5432,
        username: 'u',
        password: 'p',
        database: 'd',
      }),
    ).toBe('postgresql+psycopg2://u:p@h:5432/d');
  });
});

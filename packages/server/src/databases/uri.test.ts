import { describe, expect, it } from 'vitest';
import {
  fileDatabasePath,
  maskUriPassword,
  splitUriPassword,
  uriProblem,
  withUriPassword,
  uriParameters,
} from './uri.js';

describe('database URIs', () => {
  it('masks, splits and restores passwords', () => {
    expect(maskUriPassword('postgresql://u:p%40ss@h:5432/db')).toBe(
      'postgresql://u:XXXXXXXXXX@h:5432/db',
    );
    expect(maskUriPassword('sqlite:////tmp/a.db')).toBe('sqlite:////tmp/a.db');
    const split = splitUriPassword('mysql://root:p%40ss@h/db');
    expect(split).toEqual({ masked: 'mysql://root:XXXXXXXXXX@h/db', password: 'p@ss' });
    expect(withUriPassword(split.masked, split.password)).toBe('mysql://root:p%40ss@h/db');
    expect(splitUriPassword('postgresql://u@h/db')).toEqual({
      masked: 'postgresql://u@h/db',
      password: null,
    });
  });

  it('finds the file of file databases as the engines resolve it', () => {
    expect(fileDatabasePath('sqlite:////srv/x.db', '/data')).toBe('/srv/x.db');
    expect(fileDatabasePath('duckdb:///examples.duckdb', '/data')).toBe('/data/examples.duckdb');
    expect(fileDatabasePath('sqlite:///sub/../strata.db', '/data')).toBe('/data/strata.db');
    expect(fileDatabasePath('duckdb:///:memory:', '/data')).toBeNull();
    expect(fileDatabasePath('postgresql://u@h/db', '/data')).toBeNull();
  });

  it('names unsupported or malformed URIs', () => {
    expect(uriProblem('postgresql+psycopg2://u@h/db')).toBeNull();
    expect(uriProblem('oracle://u@h/db')).toMatch(/driver: oracle/);
    expect(uriProblem('nonsense')).toMatch(/Invalid connection string/);
  });
});

describe('uriParameters', () => {
  it('reads the parameters form back from a URI, the password masked', () => {
    expect(
      uriParameters('postgresql+psycopg2://bob:XXXXXXXXXX@db.local:5433/sales?sslmode=require'),
    ).toEqual({
      host: 'db.local',
      port: 5433,
      username: 'bob',
      password: 'XXXXXXXXXX',
      database: 'sales',
      query: { sslmode: 'require' },
    });
    expect(uriParameters('mysql://root@127.0.0.1/test')).toMatchObject({
      host: '127.0.0.1',
      port: null,
      username: 'root',
      database: 'test',
    });
    expect(uriParameters('duckdb:///examples.duckdb')).toEqual({ path: 'examples.duckdb' });
  });
});

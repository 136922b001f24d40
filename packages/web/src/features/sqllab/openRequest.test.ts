import { describe, expect, it } from 'vitest';
import {
  parseOpenRequest,
  readDatasetAnswer,
  readQueryAnswer,
  readSharedState,
  searchWithoutOpenParams,
} from './openRequest';

describe('parseOpenRequest', () => {
  it('reads permalinks on both paths', () => {
    expect(parseOpenRequest('/sqllab/p/abc%20d/', '')).toEqual({ kind: 'permalink', key: 'abc d' });
    expect(parseOpenRequest('/superset/sqllab/p/k1', '')).toEqual({ kind: 'permalink', key: 'k1' });
  });

  it('reads a saved query, a past query and a legacy shared id', () => {
    expect(parseOpenRequest('/sqllab/', '?savedQueryId=12')).toEqual({
      kind: 'savedQuery',
      id: 12,
    });
    expect(parseOpenRequest('/sqllab/', '?savedQueryId=abc')).toBe(null);
    expect(parseOpenRequest('/sqllab/', '?queryId=77')).toEqual({ kind: 'query', id: '77' });
    expect(parseOpenRequest('/sqllab/', '?id=5')).toEqual({ kind: 'kv', id: '5' });
  });

  it('reads new SQL with its database, schema, name and autorun', () => {
    expect(
      parseOpenRequest('/sqllab/', '?dbid=3&schema=main&sql=SELECT%201&name=Mine&autorun=true&x=1'),
    ).toEqual({
      kind: 'new',
      dbId: 3,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      name: 'Mine',
      autorun: true,
    });
    expect(parseOpenRequest('/sqllab/', '?new=true')).toMatchObject({ kind: 'new', sql: null });
  });

  it('reads nothing from a plain address', () => {
    expect(parseOpenRequest('/sqllab/', '')).toBe(null);
    expect(parseOpenRequest('/sqllab/', '?foo=bar')).toBe(null);
  });
});

describe('searchWithoutOpenParams', () => {
  it('keeps the other parameters for url_param', () => {
    expect(searchWithoutOpenParams('?savedQueryId=1&foo=bar')).toBe('?foo=bar');
    expect(searchWithoutOpenParams('?dbid=1&sql=x&autorun=true')).toBe('');
    expect(searchWithoutOpenParams('')).toBe('');
  });
});

describe('shared states', () => {
  it('reads a permalink state, bare or wrapped', () => {
    const state = {
      dbId: 2,
      name: 'N',
      schema: 's',
      autorun: true,
      sql: 'S',
      templateParams: { a: 1 },
    };
    const expected = {
      dbId: 2,
      name: 'N',
      catalog: null,
      schema: 's',
      autorun: true,
      sql: 'S',
      templateParams: '{"a":1}',
    };
    expect(readSharedState(state)).toEqual(expected);
    expect(readSharedState({ result: { state } })).toEqual(expected);
    expect(readSharedState({ state: JSON.stringify(state) })).toEqual(expected);
    expect(readSharedState({ message: 'x' })).toBe(null);
    expect(readSharedState(JSON.stringify(state))).toEqual(expected);
    expect(readSharedState(5)).toBe(null);
  });

  it('reads a past query', () => {
    expect(
      readQueryAnswer({
        result: { sql: 'S', database: { id: 4 }, schema: 'm', tab_name: 'T' },
      }),
    ).toEqual({
      dbId: 4,
      name: 'T',
      catalog: null,
      schema: 'm',
      sql: 'S',
      autorun: false,
      templateParams: null,
    });
    expect(readQueryAnswer(null)).toBe(null);
  });
});

describe('opening a dataset by its key', () => {
  it('reads ?datasourceKey= (with SQL or without)', () => {
    expect(parseOpenRequest('/sqllab/', '?datasourceKey=12__table')).toEqual({
      kind: 'datasource',
      key: '12__table',
      datasetId: 12,
      sql: null,
    });
    expect(parseOpenRequest('/sqllab/', '?datasourceKey=bad&sql=SELECT%201')).toEqual({
      kind: 'datasource',
      key: 'bad',
      datasetId: null,
      sql: 'SELECT 1',
    });
    expect(searchWithoutOpenParams('?datasourceKey=1__table&x=1')).toBe('?x=1');
  });

  it("opens the dataset's SQL, its SELECT *, or nothing without a database", () => {
    const base = { table_name: 't', schema: 's', database: { id: 3 } };
    expect(readDatasetAnswer({ result: base })).toMatchObject({
      dbId: 3,
      name: 'Query t',
      schema: 's',
      sql: 'SELECT * FROM s.t',
    });
    expect(readDatasetAnswer({ result: { ...base, sql: 'SELECT 1' } })?.sql).toBe('SELECT 1');
    expect(
      readDatasetAnswer({ result: { ...base, select_star: 'SELECT * FROM "s"."t"' } })?.sql,
    ).toBe('SELECT * FROM "s"."t"');
    expect(readDatasetAnswer({ result: { table_name: 't' } })).toBeNull();
    expect(readDatasetAnswer(null)).toBeNull();
  });
});

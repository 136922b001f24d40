import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.js';
import { fileUri, parseFileUri, resolveDataPath } from './file-uri.js';

const dataDir = '/srv/data';
const parse = (uri: string) => parseFileUri(uri, ['duckdb', 'sqlite'], dataDir);

function kindOf(fn: () => unknown): string | null {
  try {
    fn();
    return null;
  } catch (e) {
    return e instanceof EngineError ? e.kind : 'other';
  }
}

describe('parseFileUri', () => {
  it('reads absolute, relative and in-memory targets', () => {
    expect(parse('duckdb:////abs/dir/file.duckdb')).toEqual({
      kind: 'file',
      path: '/abs/dir/file.duckdb',
    });
    expect(parse('duckdb:///rel.duckdb')).toEqual({ kind: 'file', path: '/srv/data/rel.duckdb' });
    expect(parse('duckdb:///a/b/../c.duckdb')).toEqual({
      kind: 'file',
      path: '/srv/data/a/c.duckdb',
    });
    expect(parse('sqlite+pysqlite:///x.db?mode=ro')).toEqual({
      kind: 'file',
      path: '/srv/data/x.db',
    });
    expect(parse('sqlite:///my%20file.db')).toEqual({ kind: 'file', path: '/srv/data/my file.db' });
    expect(parse('duckdb:///:memory:')).toEqual({ kind: 'memory' });
    expect(parse('sqlite://')).toEqual({ kind: 'memory' });
    expect(parse('sqlite:///')).toEqual({ kind: 'memory' });
  });

  it('refuses other schemes, hosts, and relative paths escaping the data dir', () => {
    expect(kindOf(() => parse('postgresql://u@h/db'))).toBe('invalid_uri');
    expect(kindOf(() => parse('duckdb://host/file.duckdb'))).toBe('invalid_uri');
    expect(kindOf(() => parse('duckdb:///../outside.duckdb'))).toBe('invalid_uri');
    expect(kindOf(() => parse('sqlite:///a/../../outside.db'))).toBe('invalid_uri');
    expect(kindOf(() => parse('sqlite:///%2e%2e/outside.db'))).toBe('invalid_uri');
    expect(kindOf(() => parse('sqlite:///..'))).toBe('invalid_uri');
    expect(kindOf(() => parse('sqlite:///a%00b.db'))).toBe('invalid_uri');
    // A name merely starting with two dots stays inside.
    expect(parse('sqlite:///..hidden.db')).toEqual({ kind: 'file', path: '/srv/data/..hidden.db' });
  });
});

describe('resolveDataPath', () => {
  it('keeps absolute paths and resolves relative ones in the data dir', () => {
    expect(resolveDataPath('/x/../y.db', dataDir, 'sqlite')).toBe('/y.db');
    expect(resolveDataPath('y.db', dataDir, 'sqlite')).toBe(path.join(dataDir, 'y.db'));
    expect(() => resolveDataPath('../y.db', dataDir, 'sqlite')).toThrow(
      /outside the data directory/,
    );
  });
});

describe('fileUri', () => {
  it('builds URIs that parse back to the same path', () => {
    expect(fileUri('duckdb', '/abs/a.duckdb')).toBe('duckdb:////abs/a.duckdb');
    expect(fileUri('duckdb', 'rel.duckdb')).toBe('duckdb:///rel.duckdb');
    expect(fileUri('sqlite', ':memory:')).toBe('sqlite:///:memory:');
    for (const p of ['/abs/we ird?#%.db', 'rel/x%20y.db']) {
      const target = parse(fileUri('sqlite', p));
      expect(target).toEqual({ kind: 'file', path: path.resolve(dataDir, p) });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { EngineError } from '../types.js';
import { lineAndColumn } from '../shared/network-errors.js';
import { pgEngineError } from './errors.js';

const at = { host: 'db.example', port: 5432 };
const pgError = (code: string, message: string, position?: string) =>
  Object.assign(new Error(message), { code, position });

describe('pgEngineError', () => {
  it('maps network failures', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(pgEngineError(refused, at)).toMatchObject({
      kind: 'connection_refused',
      message: 'Could not connect to db.example:5432: connection refused',
    });
    for (const code of ['ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']) {
      const e = Object.assign(new Error(code), { code });
      expect(pgEngineError(e, at).kind, code).toBe('host_unreachable');
    }
    const wrapped = new AggregateError([refused], 'all failed');
    expect(pgEngineError(wrapped, at).kind).toBe('connection_refused');
    expect(
      pgEngineError(new Error('Connection terminated due to connection timeout'), at).kind,
    ).toBe('host_unreachable');
    expect(pgEngineError(new Error('timeout exceeded when trying to connect'), at).kind).toBe(
      'timeout',
    );
  });

  it('maps SQLSTATEs and keeps the server message', () => {
    const cases: Array<[string, string]> = [
      ['28P01', 'auth_failed'],
      ['28000', 'auth_failed'],
      ['3D000', 'database_not_found'],
      ['3F000', 'schema_not_found'],
      ['42P01', 'table_not_found'],
      ['57014', 'cancelled'],
      ['22012', 'query_error'],
    ];
    for (const [code, kind] of cases) {
      const e = pgEngineError(pgError(code, `message ${code}`), at);
      expect(e, code).toBeInstanceOf(EngineError);
      expect(e.kind, code).toBe(kind);
      expect(e.message).toBe(`message ${code}`);
    }
    expect(
      pgEngineError(pgError('28P01', 'password authentication failed for user "x"'), at).message,
    ).toBe('password authentication failed for user "x"');
  });

  it('places a syntax error in the caller’s SQL, shifted by what was prepended', () => {
    const sql = 'SELECT 1\nFROM t\nWHERE = 2';
    const sent = `PREFIX ${sql}`;
    const position = String(sent.indexOf('= 2') + 1);
    const e = pgEngineError(pgError('42601', 'syntax error at or near "="', position), at, {
      sql,
      shift: -'PREFIX '.length,
    });
    expect(e.kind).toBe('syntax_error');
    expect(e.extra).toEqual({ line: 3, column: 7, position: sql.indexOf('= 2') + 1 });
    const inPrefix = pgEngineError(pgError('42601', 'x', '2'), at, { sql, shift: -7 });
    expect(inPrefix.extra).toEqual({});
  });

  it('passes EngineErrors through', () => {
    const e = new EngineError('schema_not_found', 'nope');
    expect(pgEngineError(e, at)).toBe(e);
  });
});

describe('lineAndColumn', () => {
  it('counts characters, not bytes', () => {
    expect(lineAndColumn('ab\ncd', 1)).toEqual({ line: 1, column: 1 });
    expect(lineAndColumn('ab\ncd', 5)).toEqual({ line: 2, column: 2 });
    expect(lineAndColumn('é😀\nx', 4)).toEqual({ line: 2, column: 1 });
  });
});

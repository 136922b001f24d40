import { describe, expect, it } from 'vitest';
import { sqliteError, tokenPosition } from './errors.js';

describe('SQLite errors', () => {
  it('maps messages and codes to kinds', () => {
    const kind = (message: string, code: string | null = 'SQLITE_ERROR') =>
      sqliteError({ message, code }).kind;
    expect(kind('unable to open database file', 'SQLITE_CANTOPEN')).toBe('database_not_found');
    expect(kind('file is not a database', 'SQLITE_NOTADB')).toBe('database_not_found');
    expect(kind('near "SELEC": syntax error')).toBe('syntax_error');
    expect(kind('incomplete input')).toBe('syntax_error');
    expect(kind('unrecognized token: "\'abc"')).toBe('syntax_error');
    expect(kind('no such table: nope')).toBe('table_not_found');
    expect(kind('unknown database other')).toBe('schema_not_found');
    expect(kind('attempt to write a readonly database', 'SQLITE_READONLY')).toBe('query_error');
    expect(
      sqliteError(
        { message: 'unable to open database file', code: 'SQLITE_CANTOPEN' },
        undefined,
        '/x.db',
      ).message,
    ).toMatch(/^Unable to open the database file \/x\.db/);
  });

  it('places the token of a syntax error when it occurs once', () => {
    expect(tokenPosition('near "SELEC": syntax error', 'SELEC 1')).toEqual({ line: 1, column: 1 });
    expect(tokenPosition('near "x": syntax error', 'SELECT 1,\n  2 x y')).toEqual({
      line: 2,
      column: 5,
    });
    expect(tokenPosition('near "a": syntax error', 'SELECT a a')).toEqual({});
    expect(tokenPosition('incomplete input', 'SELECT 1 +')).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { mysqlEngineError, syntaxErrorPlace } from './errors.js';

const at = { host: 'db.example', port: 3306 };
const serverError = (code: string, sqlMessage: string) =>
  Object.assign(new Error(sqlMessage), { code, sqlMessage, errno: 1 });

describe('mysqlEngineError', () => {
  it('maps codes to kinds', () => {
    const cases: Array<[string, string]> = [
      ['ER_ACCESS_DENIED_ERROR', 'auth_failed'],
      ['ER_BAD_DB_ERROR', 'database_not_found'],
      ['ER_NO_SUCH_TABLE', 'table_not_found'],
      ['ER_PARSE_ERROR', 'syntax_error'],
      ['ER_QUERY_INTERRUPTED', 'cancelled'],
      ['ER_BAD_FIELD_ERROR', 'query_error'],
      ['ECONNREFUSED', 'connection_refused'],
      ['ENOTFOUND', 'host_unreachable'],
      ['ETIMEDOUT', 'host_unreachable'],
    ];
    for (const [code, kind] of cases) {
      expect(mysqlEngineError(serverError(code, 'm'), at).kind, code).toBe(kind);
    }
    expect(
      mysqlEngineError(serverError('ER_BAD_DB_ERROR', "Unknown database 'x'"), at).message,
    ).toBe("Unknown database 'x'");
  });

  it('places syntax errors from the message', () => {
    const sql = 'SELECT 1\nFROM t\nWHERE a = = 1';
    const message =
      "You have an error in your SQL syntax; check the manual that corresponds to your MariaDB server version for the right syntax to use near '= 1' at line 3";
    const e = mysqlEngineError(serverError('ER_PARSE_ERROR', message), at, sql);
    expect(e.extra).toEqual({ line: 3, column: 11, position: sql.lastIndexOf('= 1') + 1 });
  });
});

describe('syntaxErrorPlace', () => {
  it('finds the line when the near text is not found, and the end for an empty one', () => {
    expect(syntaxErrorPlace("... near 'zzz' at line 1", 'SELECT 1')).toEqual({ line: 1 });
    expect(syntaxErrorPlace("... near '' at line 1", 'SELECT 1 +')).toMatchObject({
      line: 1,
      column: 11,
    });
    expect(syntaxErrorPlace('Something else', 'x')).toEqual({});
    expect(syntaxErrorPlace("near 'FROM\nx' at line 2", 'SELECT\nFROM\nx')).toEqual({
      line: 2,
      column: 1,
      position: 8,
    });
  });
});

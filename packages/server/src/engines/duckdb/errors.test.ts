import { describe, expect, it } from 'vitest';
import { errorPosition, toEngineError } from './errors.js';

describe('DuckDB error positions', () => {
  it('reads the line and the caret column', () => {
    expect(
      errorPosition('Parser Error: syntax error at or near "SELEC"\n\nLINE 1: SELEC 1\n        ^'),
    ).toEqual({
      line: 1,
      column: 1,
    });
    expect(errorPosition('Parser Error: x\n\nLINE 2:   2 FRM x\n                ^')).toEqual({
      line: 2,
      column: 9,
    });
    expect(errorPosition('Binder Error: no position here')).toEqual({});
  });

  it('finds the column of a long line shown as a window', () => {
    const line = `SELECT ${Array.from({ length: 30 }, (_, i) => `a = ${i}`).join(' AND ')} AND a ==== 1`;
    const at = line.indexOf('====');
    const window = line.slice(at - 20, at + 10);
    const message = `Catalog Error: x\n\nLINE 1: ...${window}...\n${' '.repeat('LINE 1: ...'.length + 20)}^`;
    expect(errorPosition(message, line)).toEqual({ line: 1, column: at + 1 });
    expect(errorPosition(message)).toEqual({ line: 1 });
  });
});

describe('toEngineError', () => {
  it('maps DuckDB messages to kinds', () => {
    const kind = (m: string) => toEngineError(new Error(m)).kind;
    expect(kind('Failed to extract statements: Parser Error: syntax error at end of input')).toBe(
      'syntax_error',
    );
    expect(kind('Catalog Error: Table with name nope does not exist!')).toBe('table_not_found');
    expect(
      kind(
        'Catalog Error: Table with name "s.t" does not exist because schema "s" does not exist.',
      ),
    ).toBe('schema_not_found');
    expect(kind('Catalog Error: SET schema: No catalog + schema named "memory.nope" found.')).toBe(
      'schema_not_found',
    );
    expect(kind('INTERRUPT Error: Interrupted!')).toBe('cancelled');
    expect(kind('IO Error: Cannot open file "/x/y.duckdb": No such file or directory')).toBe(
      'database_not_found',
    );
    expect(kind('Binder Error: Referenced column "x" not found')).toBe('query_error');
    expect(
      toEngineError(new Error('Failed to extract statements: Parser Error: oops')).message,
    ).toBe('Parser Error: oops');
  });
});

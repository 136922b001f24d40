import { describe, expect, it } from 'vitest';
import { lineColumnAt, mapPosition, statementSpans } from './validate.js';

describe('statement spans', () => {
  it('gives each statement with its offset, respecting quotes and comments', () => {
    const sql = "SELECT ';' AS a;\n  -- c;\n  SELECT 2;  ";
    const spans = statementSpans(sql, 'postgresql');
    expect(spans.map((s) => s.text)).toEqual(["SELECT ';' AS a", '-- c;\n  SELECT 2']);
    expect(sql.slice(spans[1]!.start, spans[1]!.start + 4)).toBe('-- c');
  });

  it('maps an error position in EXPLAIN text back to the script', () => {
    const sql = 'SELECT 1;\nSELECT x\nFROM y';
    const [, second] = statementSpans(sql, 'duckdb');
    expect(lineColumnAt(sql, second!.start)).toEqual({ line: 2, column: 1 });
    // "EXPLAIN SELECT x" column 16 is x: column 8 of the statement's line.
    expect(mapPosition(sql, second!, 8, 1, 16)).toEqual({ line: 2, column: 8 });
    expect(mapPosition(sql, second!, 8, 2, 6)).toEqual({ line: 3, column: 6 });
  });
});

import { describe, expect, it } from 'vitest';
import { literal, quoteIdentifier } from './dialect.js';

describe('DuckDB quoting', () => {
  it('double-quotes identifiers, doubling inner quotes', () => {
    expect(quoteIdentifier('plain')).toBe('"plain"');
    expect(quoteIdentifier('we"ird; DROP')).toBe('"we""ird; DROP"');
  });

  it('writes literals of every JS value', () => {
    expect(literal("it's")).toBe("'it''s'");
    expect(literal("'; DROP TABLE t; --")).toBe("'''; DROP TABLE t; --'");
    expect(literal('back\\slash')).toBe("'back\\slash'");
    expect(literal(42)).toBe('42');
    expect(literal(-1.5e-7)).toBe('-1.5e-7');
    expect(literal(Number.NaN)).toBe("CAST('NaN' AS DOUBLE)");
    expect(literal(Number.NEGATIVE_INFINITY)).toBe("CAST('-Infinity' AS DOUBLE)");
    expect(literal(true)).toBe('TRUE');
    expect(literal(false)).toBe('FALSE');
    expect(literal(null)).toBe('NULL');
    expect(literal(new Date('2024-03-13T14:37:52.123Z'))).toBe(
      "TIMESTAMP '2024-03-13 14:37:52.123'",
    );
    expect(literal(new Date('invalid'))).toBe('NULL');
  });
});

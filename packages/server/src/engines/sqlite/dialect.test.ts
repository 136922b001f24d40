import { describe, expect, it } from 'vitest';
import { literal, quoteIdentifier } from './dialect.js';

describe('SQLite quoting', () => {
  it('double-quotes identifiers and writes literals', () => {
    expect(quoteIdentifier('a"b')).toBe('"a""b"');
    expect(literal("it's; --")).toBe("'it''s; --'");
    expect(literal(3.25)).toBe('3.25');
    expect(literal(Number.POSITIVE_INFINITY)).toBe('9e999');
    expect(literal(Number.NaN)).toBe('NULL');
    expect(literal(true)).toBe('TRUE');
    expect(literal(null)).toBe('NULL');
    expect(literal(new Date('2024-03-13T14:37:52.123Z'))).toBe("'2024-03-13 14:37:52.123'");
  });
});

import { describe, expect, it } from 'vitest';
import { pgLiteral, quotePgIdentifier } from './dialect.js';

describe('PostgreSQL quoting', () => {
  it('quotes identifiers by doubling double quotes', () => {
    expect(quotePgIdentifier('a')).toBe('"a"');
    expect(quotePgIdentifier('we"ird')).toBe('"we""ird"');
  });

  it('writes literals', () => {
    expect(pgLiteral(null)).toBe('NULL');
    expect(pgLiteral(true)).toBe('TRUE');
    expect(pgLiteral(false)).toBe('FALSE');
    expect(pgLiteral(-1.5)).toBe('-1.5');
    expect(pgLiteral(Number.NaN)).toBe("'NaN'::double precision");
    expect(pgLiteral(Number.NEGATIVE_INFINITY)).toBe("'-Infinity'::double precision");
    expect(pgLiteral("O'Reilly")).toBe("'O''Reilly'");
    expect(pgLiteral("a\\'b")).toBe("E'a\\\\''b'");
    expect(pgLiteral(new Date('2024-03-04T05:06:07.089Z'))).toBe(
      "TIMESTAMP '2024-03-04 05:06:07.089'",
    );
  });
});

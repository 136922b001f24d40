import { describe, expect, it } from 'vitest';
import { mysqlLiteral, quoteMysqlIdentifier } from './dialect.js';

describe('MySQL quoting', () => {
  it('quotes identifiers with backticks, doubled inside', () => {
    expect(quoteMysqlIdentifier('a')).toBe('`a`');
    expect(quoteMysqlIdentifier('a`b')).toBe('`a``b`');
  });

  it('writes literals', () => {
    expect(mysqlLiteral(null)).toBe('NULL');
    expect(mysqlLiteral(true)).toBe('TRUE');
    expect(mysqlLiteral(3)).toBe('3');
    expect(mysqlLiteral(Number.NaN)).toBe('NULL');
    expect(mysqlLiteral("O'Reilly")).toBe("'O''Reilly'");
    expect(mysqlLiteral("\\'; --")).toBe("'\\\\''; --'");
    expect(mysqlLiteral('nul\0')).toBe("'nul\\0'");
    expect(mysqlLiteral(new Date('2024-03-04T05:06:07.089Z'))).toBe(
      "TIMESTAMP '2024-03-04 05:06:07.089'",
    );
  });
});

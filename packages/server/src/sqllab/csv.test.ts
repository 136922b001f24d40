import { describe, expect, it } from 'vitest';
import { csvField, csvLine, safeFileName } from './csv.js';

describe('CSV', () => {
  it('quotes fields with commas, quotes and line breaks', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', null, 3, true])).toBe(
      'a,"b,c","say ""hi""","two\nlines",,3,true\r\n',
    );
  });

  it('neutralises spreadsheet formulas but not numbers', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField('+1e5')).toBe('+1e5');
  });

  it('writes objects as JSON', () => {
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('makes safe file names', () => {
    expect(safeFileName('../../etc/passwd', 'csv')).toBe('etc_passwd.csv');
    expect(safeFileName('Untitled Query 1_2024', 'csv')).toBe('Untitled_Query_1_2024.csv');
    expect(safeFileName('', 'csv')).toBe('query.csv');
  });
});

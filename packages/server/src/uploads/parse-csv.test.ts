import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CSV_OPTIONS, openCsv, type CsvOptions } from './parse-csv.js';
import { UploadError, type RawCell } from './types.js';

/** Opens CSV text (each read of the rows reads the text again, as from a file). */
async function csv(text: string, options: Partial<CsvOptions> = {}) {
  return openCsv('memory.csv', { ...DEFAULT_CSV_OPTIONS, ...options }, () =>
    Readable.from([Buffer.from(text)]),
  );
}

async function all(text: string, options: Partial<CsvOptions> = {}) {
  const source = await csv(text, options);
  const rows: Array<{ cells: RawCell[]; where: string }> = [];
  for await (const r of source.rows()) rows.push(r);
  return { columns: source.columns, rows };
}

async function failure(text: string, options: Partial<CsvOptions> = {}): Promise<string> {
  try {
    await all(text, options);
  } catch (e) {
    expect(e).toBeInstanceOf(UploadError);
    return (e as Error).message;
  }
  throw new Error('expected an UploadError');
}

describe('CSV parsing', () => {
  it('reads quotes, delimiters inside quotes, line breaks and NULLs', async () => {
    const { columns, rows } = await all(
      '\uFEFFa,b,c\n"x, y","say ""hi""",NULL\n\n"multi\nline",,nan\n',
    );
    expect(columns).toEqual(['a', 'b', 'c']);
    expect(rows).toEqual([
      { cells: ['x, y', 'say "hi"', null], where: 'row 1, line 2' },
      { cells: ['multi\nline', null, null], where: 'row 2, line 5' },
    ]);
  });

  it('takes the delimiter, the header row, skipped rows and a row limit', async () => {
    const text = 'title\nignored;too\nx;y\n1;2\n3;4\n5;6\n';
    const { columns, rows } = await all(text, {
      delimiter: ';',
      skipRows: 1,
      headerRow: 1,
      rowsToRead: 2,
    });
    expect(columns).toEqual(['x', 'y']);
    expect(rows.map((r) => r.cells)).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('reads only the given null values when some are given', async () => {
    const { rows } = await all('a,b\nNULL,-\n', { nullValues: new Set(['-', '']) });
    expect(rows[0]!.cells).toEqual(['NULL', null]);
  });

  it('names the line of ragged rows and quoting errors', async () => {
    expect(await failure('a,b\n1,2\n3\n')).toBe(
      'The CSV file cannot be parsed: expected 2 fields in line 3, saw 1',
    );
    expect(await failure('a,b\n1,2\n3,4,5\n')).toMatch(/line 3, saw 3/);
    expect(await failure('a,b\n1,"2\n3,4\n')).toMatch(
      /a quoted field starting on line 2 is not closed/,
    );
    expect(await failure('a,b\n\n1,2\n"3,4\n')).toMatch(/starting on line 4 is not closed/);
    expect(await failure('a,b\n1,"2"x\n')).toMatch(/after a closing quote on line 2/);
  });

  it('refuses empty files and files without their header row', async () => {
    await expect(csv('')).rejects.toThrow('The file is empty');
    await expect(csv('\n\n')).rejects.toThrow('The file is empty');
    await expect(csv('a\n', { headerRow: 2 })).rejects.toThrow(/header is expected on row 3/);
    expect((await all('a,b\n')).rows).toEqual([]);
  });
});

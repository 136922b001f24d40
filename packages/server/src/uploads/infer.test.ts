import { describe, expect, it } from 'vitest';
import {
  ColumnInference,
  convertCell,
  convertedRows,
  parseDateText,
  parseDatetimeText,
  planColumns,
  previewTypes,
} from './infer.js';
import { UploadError, type RawCell, type TabularSource } from './types.js';

function infer(values: RawCell[]) {
  const i = new ColumnInference();
  for (const v of values) i.observe(v);
  return i.result();
}

function source(columns: string[], rows: RawCell[][]): TabularSource {
  return {
    columns,
    declared: columns.map(() => null),
    async *rows() {
      for (const [n, cells] of rows.entries()) yield { cells, where: `row ${n + 1}` };
    },
  };
}

describe('type inference', () => {
  it('picks the narrowest type every value fits', () => {
    expect(infer(['1', '-2', '+3', null])).toBe('integer');
    expect(infer(['1', '2.5', '1e3'])).toBe('float');
    expect(infer(['true', 'FALSE', 'True'])).toBe('boolean');
    expect(infer(['2024-01-05', '2024-02-29'])).toBe('date');
    expect(infer(['2024-01-05', '2024-01-05 10:00', '2024-01-05T10:00:00.5+02:00'])).toBe(
      'datetime',
    );
    expect(infer(['1', 'x'])).toBe('string');
    expect(infer(['1', 'true'])).toBe('string');
    expect(infer([null, null])).toBe('string');
    expect(infer([])).toBe('string');
  });

  it('keeps integers within BIGINT, and reads the rest as floats or text', () => {
    expect(infer(['9223372036854775807'])).toBe('integer');
    expect(infer(['9223372036854775808'])).toBe('float');
    expect(infer(['1e400'])).toBe('string');
  });

  it('refuses impossible dates', () => {
    expect(infer(['2023-02-29'])).toBe('string');
    expect(infer(['2024-13-01'])).toBe('string');
    expect(infer(['2024-01-01 24:00:00'])).toBe('string');
  });

  it('reads typed cells from Excel and Parquet', () => {
    expect(infer([1, 2, 3])).toBe('integer');
    expect(infer([1, 2.5])).toBe('float');
    expect(infer([true, false])).toBe('boolean');
    expect(infer([new Date(Date.UTC(2024, 0, 1))])).toBe('date');
    expect(infer([new Date(Date.UTC(2024, 0, 1, 10))])).toBe('datetime');
    expect(infer([1, 'x'])).toBe('string');
  });
});

describe('date and time texts', () => {
  it('normalises dates and timestamps, applying offsets', () => {
    expect(parseDateText('2024-1-5')).toBe('2024-01-05');
    expect(parseDateText('2024/01/05')).toBe('2024-01-05');
    expect(parseDateText('2024-01/05')).toBeNull();
    expect(parseDatetimeText('2024-01-05 10:00')).toBe('2024-01-05 10:00:00');
    expect(parseDatetimeText('2024-01-05T10:00:00.123456789')).toBe('2024-01-05 10:00:00.123456');
    expect(parseDatetimeText('2024-01-05T10:00:00Z')).toBe('2024-01-05 10:00:00');
    expect(parseDatetimeText('2024-01-05T01:30:00+02:00')).toBe('2024-01-04 23:30:00');
    expect(parseDatetimeText('2024-01-05T23:30:00-0130')).toBe('2024-01-06 01:00:00');
    expect(parseDatetimeText('2024-01-05')).toBeNull();
  });
});

describe('conversion', () => {
  it('converts to declared types leniently', () => {
    expect(convertCell(' 3.0 ', 'integer')).toBe(3);
    expect(convertCell('9007199254740993', 'integer')).toBe('9007199254740993');
    expect(convertCell('yes', 'boolean')).toBe(true);
    expect(convertCell('0', 'boolean')).toBe(false);
    expect(convertCell('inf', 'float')).toBe(Number.POSITIVE_INFINITY);
    expect(convertCell('2024-01-05 10:00', 'date')).toBe('2024-01-05');
    expect(convertCell('2024-01-05', 'datetime')).toBe('2024-01-05 00:00:00');
    expect(convertCell(new Date(Date.UTC(2024, 0, 5, 1, 2, 3, 400)), 'datetime')).toBe(
      '2024-01-05 01:02:03.4',
    );
    expect(convertCell(12, 'string')).toBe('12');
    expect(convertCell(' kept as is ', 'string')).toBe(' kept as is ');
    expect(convertCell(null, 'integer')).toBeNull();
  });

  it('refuses values that do not convert', () => {
    expect(() => convertCell('2.5', 'integer')).toThrow();
    expect(() => convertCell('maybe', 'boolean')).toThrow();
    expect(() => convertCell('x', 'float')).toThrow();
    expect(() => convertCell('2024-02-30', 'date')).toThrow();
    expect(() => convertCell(5, 'date')).toThrow();
  });
});

describe('planning the columns', () => {
  it('infers undeclared columns and checks declared ones, naming column and row', async () => {
    const src = source(
      ['a', 'b', 'c'],
      [
        ['1', 'x', '2024-01-01'],
        ['2', null, '2024-01-02'],
      ],
    );
    const plan = await planColumns(src, new Map([['b', 'string']]));
    expect(plan).toEqual({
      columns: [
        { name: 'a', type: 'integer' },
        { name: 'b', type: 'string' },
        { name: 'c', type: 'date' },
      ],
      rowCount: 2,
    });
    const rows = [];
    for await (const r of convertedRows(src, plan.columns)) rows.push(r);
    expect(rows).toEqual([
      [1, 'x', '2024-01-01'],
      [2, null, '2024-01-02'],
    ]);
    const bad = planColumns(src, new Map([['b', 'integer']]));
    await expect(bad).rejects.toBeInstanceOf(UploadError);
    await expect(bad).rejects.toThrow('Cannot convert "x" in column "b" (row 1) to integer');
  });

  it('uses the types the file declares unless the user declares others', async () => {
    const src: TabularSource = { ...source(['n'], [['5']]), declared: ['float'] };
    expect((await planColumns(src, new Map())).columns).toEqual([{ name: 'n', type: 'float' }]);
    expect((await planColumns(src, new Map([['n', 'string']]))).columns).toEqual([
      { name: 'n', type: 'string' },
    ]);
  });

  it('previews types from the first rows only', async () => {
    const src = source(['a'], [['1'], ['2'], ['x']]);
    expect(await previewTypes(src, new Map(), 2)).toEqual(['integer']);
    expect(await previewTypes(src, new Map(), 3)).toEqual(['string']);
  });
});

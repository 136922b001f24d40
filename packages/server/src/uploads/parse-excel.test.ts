import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NULL_VALUES } from './parse-csv.js';
import { cellValue, checkXlsxSignature, pickSheet, sheetSource } from './parse-excel.js';
import type { RawCell } from './types.js';

const options = {
  sheetName: null,
  headerRow: 0,
  skipRows: 0,
  rowsToRead: null,
  nullValues: new Set(DEFAULT_NULL_VALUES),
};

async function rowsOf(sheet: ExcelJS.Worksheet, o = options) {
  const source = sheetSource(sheet, o);
  const rows: Array<{ cells: RawCell[]; where: string }> = [];
  for await (const r of source.rows()) rows.push(r);
  return { columns: source.columns, rows };
}

describe('Excel parsing', () => {
  it('reads formulas, rich text and hyperlinks as their values', () => {
    expect(cellValue({ formula: 'A1+1', result: 3 })).toBe(3);
    expect(cellValue({ richText: [{ text: 'a' }, { text: 'b' }] })).toBe('ab');
    expect(cellValue({ text: 'site', hyperlink: 'https://example.com' })).toBe('site');
    expect(cellValue({ error: '#DIV/0!' })).toBeNull();
    expect(cellValue(undefined)).toBeNull();
  });

  it('refuses .xls workbooks and files that are not workbooks', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    expect(() => checkXlsxSignature(ole, 'book.xlsx')).toThrow(/\.xls\) are not supported/);
    expect(() => checkXlsxSignature(Buffer.from('PK\x03\x04'), 'old.XLS')).toThrow(/\.xlsx/);
    expect(() => checkXlsxSignature(Buffer.from('a,b\n'), 'x.xlsx')).toThrow(
      'The file is not an Excel workbook (.xlsx)',
    );
    expect(() => checkXlsxSignature(Buffer.alloc(0), 'x.xlsx')).toThrow('The file is empty');
    expect(() => checkXlsxSignature(Buffer.from('PK\x03\x04'), 'x.xlsx')).not.toThrow();
  });

  it('reads a sheet: empty rows skipped, wide rows named, nulls read', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('data');
    sheet.addRow(['title']);
    sheet.addRow([]);
    sheet.addRow(['a', 'b']);
    sheet.addRow([1, 'NULL']);
    sheet.addRow([2, 'x', 'extra']);
    const { columns, rows } = await rowsOf(sheet, { ...options, skipRows: 1 });
    expect(columns).toEqual(['a', 'b', 'Unnamed: 2']);
    expect(rows).toEqual([
      { cells: [1], where: 'row 4 of sheet "data"' },
      { cells: [2, 'x', 'extra'], where: 'row 5 of sheet "data"' },
    ]);
  });

  it('picks sheets by name, naming the ones there are', () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('one');
    wb.addWorksheet('two');
    expect(pickSheet(wb, null).name).toBe('one');
    expect(pickSheet(wb, 'two').name).toBe('two');
    expect(() => pickSheet(wb, 'three')).toThrow(
      'The workbook has no sheet "three"; its sheets are "one", "two"',
    );
    expect(() => sheetSource(wb.getWorksheet('one')!, options)).toThrow('The sheet "one" is empty');
  });
});

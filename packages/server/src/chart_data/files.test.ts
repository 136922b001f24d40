import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { chartDataFile } from './files.js';

const at = new Date(Date.UTC(2026, 10, 24, 9, 30, 5));
const query = (n: number) => ({
  colnames: ['region', 'total'],
  coltypes: [1, 0],
  data: [{ region: 'east', total: n }],
});

describe('chartDataFile', () => {
  it('answers one query as the file itself', async () => {
    const file = await chartDataFile('csv', [query(1)], 'sales', at);
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    expect(file.fileName).toBe('sales_20261124T093005.csv');
    expect(String(file.body)).toBe('region,total\r\neast,1\r\n');
  });

  it('zips several queries as query_1.csv, query_2.csv', async () => {
    const file = await chartDataFile('csv', [query(1), query(2)], 'sales', at);
    expect(file.contentType).toBe('application/zip');
    expect(file.fileName).toBe('sales_20261124T093005.zip');
    const zip = await JSZip.loadAsync(file.body);
    expect(Object.keys(zip.files).sort()).toEqual(['query_1.csv', 'query_2.csv']);
    expect(await zip.file('query_2.csv')!.async('string')).toBe('region,total\r\neast,2\r\n');
  });

  it('zips several xlsx files, each readable', async () => {
    const file = await chartDataFile('xlsx', [query(1), query(2)], 'sales', at);
    const zip = await JSZip.loadAsync(file.body);
    expect(Object.keys(zip.files).sort()).toEqual(['query_1.xlsx', 'query_2.xlsx']);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await zip.file('query_2.xlsx')!.async('arraybuffer'));
    expect(book.worksheets[0]!.getRow(2).values).toEqual([undefined, 'east', 2]);
  });
});

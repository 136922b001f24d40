import fs from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { headerNames } from './columns.js';
import { UploadError, type RawCell, type SourceRow, type TabularSource } from './types.js';

export interface ExcelOptions {
  /** The sheet to read; null for the first. */
  sheetName: string | null;
  /** 0-based non-empty row (after `skipRows`) holding the column names. */
  headerRow: number;
  skipRows: number;
  rowsToRead: number | null;
  nullValues: ReadonlySet<string>;
}

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Refuses what is not an .xlsx workbook, with a message saying what it is instead. */
export function checkXlsxSignature(head: Buffer, filename: string | null): void {
  if (head.length === 0) throw new UploadError('The file is empty');
  if (head.subarray(0, 8).equals(OLE2_MAGIC) || /\.xls$/i.test(filename ?? '')) {
    throw new UploadError(
      'Excel 97-2003 workbooks (.xls) are not supported: save the file as .xlsx and upload it again',
    );
  }
  if (!head.subarray(0, 4).equals(ZIP_MAGIC)) {
    throw new UploadError('The file is not an Excel workbook (.xlsx)');
  }
}

/** Reads an .xlsx workbook (422 for .xls files and files that are not workbooks). */
export async function readWorkbook(
  file: string,
  filename: string | null,
): Promise<ExcelJS.Workbook> {
  const handle = await fs.open(file, 'r');
  const head = Buffer.alloc(8);
  try {
    await handle.read(head, 0, 8, 0);
  } finally {
    await handle.close();
  }
  const { size } = await fs.stat(file);
  checkXlsxSignature(size === 0 ? Buffer.alloc(0) : head, filename);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (e) {
    throw new UploadError(
      `The file cannot be read as an Excel workbook: ${e instanceof Error ? e.message : String(e)}`,
    );
  }
  return workbook;
}

/** A cell's value as a plain value: formulas give their result, rich text its text. */
export function cellValue(value: ExcelJS.CellValue): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  if (value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('hyperlink' in value) {
    const text = value.text as unknown;
    return typeof text === 'string' ? text : cellValue(text as ExcelJS.CellValue);
  }
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined ? null : cellValue(result as ExcelJS.CellValue);
  }
  if ('error' in value) return null;
  return null;
}

/** The cells of a sheet row (index 0 = column A). */
function rowCells(row: ExcelJS.Row, nullValues: ReadonlySet<string>): RawCell[] {
  const values = row.values as ExcelJS.CellValue[];
  const cells: RawCell[] = [];
  for (let c = 1; c < values.length; c++) {
    const v = cellValue(values[c]);
    cells.push(typeof v === 'string' && nullValues.has(v) ? null : v);
  }
  while (cells.length && cells[cells.length - 1] === null) cells.pop();
  return cells;
}

interface SheetRow {
  cells: RawCell[];
  number: number;
}

function nonEmptyRows(sheet: ExcelJS.Worksheet, nullValues: ReadonlySet<string>): SheetRow[] {
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    const cells = rowCells(row, nullValues);
    if (cells.some((c) => c !== null)) rows.push({ cells, number });
  });
  return rows;
}

export function sheetNames(workbook: ExcelJS.Workbook): string[] {
  return workbook.worksheets.map((w) => w.name);
}

/** The chosen sheet (422 naming the sheets there are when it does not exist). */
export function pickSheet(workbook: ExcelJS.Workbook, name: string | null): ExcelJS.Worksheet {
  const sheets = workbook.worksheets;
  if (sheets.length === 0) throw new UploadError('The workbook has no sheets');
  if (name === null) return sheets[0]!;
  const sheet = sheets.find((s) => s.name === name);
  if (!sheet) {
    throw new UploadError(
      `The workbook has no sheet "${name}"; its sheets are ${sheets.map((s) => `"${s.name}"`).join(', ')}`,
    );
  }
  return sheet;
}

/**
 * A sheet as a table. Empty rows are skipped; the header is the `skipRows + headerRow`-th
 * non-empty row; rows wider than the header add `Unnamed: <i>` columns, as pandas does.
 */
export function sheetSource(sheet: ExcelJS.Worksheet, options: ExcelOptions): TabularSource {
  const rows = nonEmptyRows(sheet, options.nullValues);
  const before = options.skipRows + options.headerRow;
  const header = rows[before];
  if (!header) {
    throw new UploadError(
      rows.length === 0
        ? `The sheet "${sheet.name}" is empty`
        : `The sheet "${sheet.name}" has no header row: it has ${rows.length} non-empty row${rows.length === 1 ? '' : 's'}, the header is expected on row ${before + 1}`,
    );
  }
  let data = rows.slice(before + 1);
  if (options.rowsToRead !== null) data = data.slice(0, options.rowsToRead);
  let width = header.cells.length;
  for (const r of data) width = Math.max(width, r.cells.length);
  const columns = headerNames(header.cells, width);
  return {
    columns,
    declared: columns.map(() => null),
    async *rows(): AsyncGenerator<SourceRow> {
      for (const row of data) {
        yield { cells: row.cells, where: `row ${row.number} of sheet "${sheet.name}"` };
      }
    },
  };
}

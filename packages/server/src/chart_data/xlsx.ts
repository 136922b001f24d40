/**
 * The Excel file of a chart data answer: one sheet per query, a header row of the column
 * names, then the rows with typed cells (numbers, booleans, dates for temporal columns, text).
 */
import { GenericDataType } from '@strata/core';
import ExcelJS from 'exceljs';
import type { QueryPayload } from './service.js';

/** Superset's content type for xlsx answers. */
export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type XlsxCell = string | number | boolean | Date | null;

function cellValue(value: unknown, temporal: boolean): XlsxCell {
  if (value === null || value === undefined) return null;
  if (temporal && typeof value === 'number') return new Date(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string')
    return value;
  return JSON.stringify(value) ?? null;
}

/** Sheet names are unique, at most 31 characters, without `[]:*?/\`. */
function sheetName(base: string, index: number, count: number): string {
  const clean = base.replace(/[[\]:*?/\\]/g, '_').slice(0, 24) || 'Sheet';
  return count > 1 ? `${clean}_${index + 1}` : clean;
}

export async function chartDataXlsx(
  queries: readonly QueryPayload[],
  name: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  queries.forEach((payload, index) => {
    const sheet = workbook.addWorksheet(sheetName(name, index, queries.length));
    const colnames = (payload.colnames as string[] | undefined) ?? [];
    const coltypes = (payload.coltypes as number[] | undefined) ?? [];
    const data = (payload.data as Array<Record<string, unknown>> | undefined) ?? [];
    sheet.addRow(colnames);
    for (const record of data)
      sheet.addRow(
        colnames.map((col, i) => cellValue(record[col], coltypes[i] === GenericDataType.TEMPORAL)),
      );
    colnames.forEach((_, i) => {
      if (coltypes[i] === GenericDataType.TEMPORAL)
        sheet.getColumn(i + 1).numFmt = 'yyyy-mm-dd hh:mm:ss';
    });
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

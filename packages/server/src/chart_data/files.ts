/**
 * The file answer of a chart data request in csv or xlsx: the file itself for one query, and for
 * several a zip of `query_1.csv`, `query_2.csv`… (or `.xlsx`), as Superset answers them.
 */
import JSZip from 'jszip';
import { safeFileName } from '../sqllab/csv.js';
import { chartDataCsv } from './csv.js';
import type { QueryPayload } from './service.js';
import { chartDataXlsx, XLSX_CONTENT_TYPE } from './xlsx.js';

export interface ChartDataFile {
  contentType: string;
  fileName: string;
  body: string | Buffer;
}

async function oneFile(
  format: 'csv' | 'xlsx',
  query: QueryPayload,
  sheet: string,
): Promise<string | Buffer> {
  return format === 'csv' ? chartDataCsv(query) : chartDataXlsx([query], sheet);
}

export async function chartDataFile(
  format: 'csv' | 'xlsx',
  queries: readonly QueryPayload[],
  datasetName: string,
  now: Date = new Date(),
): Promise<ChartDataFile> {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '');
  const base = `${datasetName}_${stamp}`;
  if (queries.length === 1) {
    return {
      contentType: format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE,
      fileName: safeFileName(base, format),
      body: await oneFile(format, queries[0]!, datasetName),
    };
  }
  const zip = new JSZip();
  for (const [i, query] of queries.entries()) {
    zip.file(`query_${i + 1}.${format}`, await oneFile(format, query, datasetName));
  }
  return {
    contentType: 'application/zip',
    fileName: safeFileName(base, 'zip'),
    body: await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
  };
}

import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { PANDAS_NA_STRINGS } from '../shared/pandas.js';
import { headerNames } from './columns.js';
import { UploadError, type SourceRow, type TabularSource } from './types.js';

/** pandas' default NA values, used when the form gives none. */
export const DEFAULT_NULL_VALUES: readonly string[] = PANDAS_NA_STRINGS;

export interface CsvOptions {
  delimiter: string;
  /** 0-based record (after `skipRows`) holding the column names. */
  headerRow: number;
  /** Records skipped at the start, before the header is looked for. */
  skipRows: number;
  /** Most data rows read; null for all. */
  rowsToRead: number | null;
  /** Texts read as NULL. */
  nullValues: ReadonlySet<string>;
  /** Skip spaces after a delimiter. */
  skipInitialSpace: boolean;
}

export const DEFAULT_CSV_OPTIONS: CsvOptions = {
  delimiter: ',',
  headerRow: 0,
  skipRows: 0,
  rowsToRead: null,
  nullValues: new Set(DEFAULT_NULL_VALUES),
  skipInitialSpace: false,
};

interface CsvRecord {
  fields: string[];
  /** Line of the file the record ends on (1-based). */
  line: number;
}

/** Why a CSV does not parse, naming the line (`startLine`: where an unclosed quote opened). */
export function csvErrorMessage(e: CsvError, startLine?: number): string {
  const line = (e as CsvError & { lines?: number }).lines;
  const at = line ? ` on line ${line}` : '';
  switch (e.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return startLine
        ? `The CSV file cannot be parsed: a quoted field starting on line ${startLine} is not closed`
        : `The CSV file cannot be parsed: a quoted field is not closed${at}`;
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `The CSV file cannot be parsed: unexpected characters after a closing quote${at}`;
    case 'INVALID_OPENING_QUOTE':
      return `The CSV file cannot be parsed: a quote inside an unquoted field${at}`;
    case 'CSV_MAX_RECORD_SIZE':
      return `The CSV file cannot be parsed: a field is too large${at}`;
    default:
      return `The CSV file cannot be parsed${at}: ${e.message}`;
  }
}

/** The line the byte at `offset` is on (1-based), reading the text again. */
async function lineAt(open: () => Readable, offset: number): Promise<number> {
  let line = 1;
  let seen = 0;
  const input = open();
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      const part = chunk.subarray(0, Math.max(0, offset - seen));
      for (const byte of part) if (byte === 0x0a) line += 1;
      seen += chunk.length;
      if (seen >= offset) break;
    }
  } finally {
    input.destroy();
  }
  return line;
}

/** The records of a CSV text, blank lines skipped; parse errors as 422s naming the line. */
export async function* csvRecords(
  open: () => Readable,
  options: Pick<CsvOptions, 'delimiter' | 'skipInitialSpace'>,
): AsyncGenerator<CsvRecord> {
  const input = open();
  const parser = input.pipe(
    parse({
      delimiter: options.delimiter,
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      ltrim: options.skipInitialSpace,
      // A single field larger than this is surely not a CSV meant for a table.
      max_record_size: 16 * 1024 * 1024,
    }),
  );
  input.on('error', (e) => parser.destroy(e));
  try {
    for await (const item of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>) {
      yield { fields: item.record, line: item.info.lines };
    }
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    const parsed = (e as CsvError & { bytes_records?: unknown }).bytes_records;
    const start =
      e.code === 'CSV_QUOTE_NOT_CLOSED' && typeof parsed === 'number'
        ? await lineAt(open, parsed).catch(() => undefined)
        : undefined;
    throw new UploadError(csvErrorMessage(e, start));
  } finally {
    parser.destroy();
    input.destroy();
  }
}

/**
 * A CSV file as a table: the header record (after `skipRows` + `headerRow` records) names the
 * columns; every data row must have as many fields as the header (422 naming the line
 * otherwise); texts of `nullValues` are NULL.
 */
export async function openCsv(
  file: string,
  options: CsvOptions,
  open: (file: string) => Readable = (f) => fs.createReadStream(f),
): Promise<TabularSource> {
  const before = options.skipRows + options.headerRow;
  let columns: string[] | null = null;
  let index = 0;
  for await (const record of csvRecords(() => open(file), options)) {
    if (index++ < before) continue;
    columns = headerNames(record.fields);
    break;
  }
  if (columns === null) {
    throw new UploadError(
      index === 0
        ? 'The file is empty'
        : `The file has no header row: it has ${index} row${index === 1 ? '' : 's'}, the header is expected on row ${before + 1}`,
    );
  }
  const width = columns.length;
  return {
    columns,
    declared: columns.map(() => null),
    async *rows(): AsyncGenerator<SourceRow> {
      let i = 0;
      let read = 0;
      for await (const record of csvRecords(() => open(file), options)) {
        if (i++ <= before) continue;
        if (options.rowsToRead !== null && read >= options.rowsToRead) return;
        if (record.fields.length !== width) {
          throw new UploadError(
            `The CSV file cannot be parsed: expected ${width} field${width === 1 ? '' : 's'} in line ${record.line}, saw ${record.fields.length}`,
          );
        }
        read += 1;
        yield {
          cells: record.fields.map((f) => (options.nullValues.has(f) ? null : f)),
          where: `row ${read}, line ${record.line}`,
        };
      }
    },
  };
}

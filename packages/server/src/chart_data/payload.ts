/**
 * Pure steps after the database answered: the result's columns renamed from their SQL aliases
 * to Superset's labels, the time columns stored in a python_date_format made date-times,
 * post-processing applied, Superset's GenericDataType per column, and the records as the JSON
 * answer carries them (temporal values as epoch milliseconds).
 */
import { GenericDataType } from '@strata/core';
import type { ColumnInfo } from '../engines/types.js';
import { dateFormatOf, dateParser, type DateColumn } from '../query/compile/index.js';
import {
  applyPostProcessing,
  formatTimestamp,
  parseTimestamp,
  tableFromRows,
  toRecords,
  type Cell,
  type Table,
} from '../query/postprocessing/index.js';

export interface ProcessedResult {
  colnames: string[];
  coltypes: GenericDataType[];
  /** Rows as records; temporal cells are epoch milliseconds. */
  data: Record<string, Cell>[];
  rowcount: number;
  /** Label → the labels it is made of (pivoted columns name their levels). */
  label_map: Record<string, string[]>;
}

/** The generic type of a column made by post-processing, from its first non-null value. */
function inferredType(values: readonly Cell[]): GenericDataType {
  const first = values.find((v) => v !== null);
  if (typeof first === 'number') return GenericDataType.NUMERIC;
  if (typeof first === 'boolean') return GenericDataType.BOOLEAN;
  if (typeof first === 'string' && parseTimestamp(first) !== undefined && first.length >= 10)
    return GenericDataType.TEMPORAL;
  return GenericDataType.STRING;
}

function columnTypes(table: Table, known: Map<string, GenericDataType>): GenericDataType[] {
  return table.columns.map((name, i) => known.get(name) ?? inferredType(table.data[i] ?? []));
}

function toEpoch(value: Cell): Cell {
  if (typeof value !== 'string') return value;
  return parseTimestamp(value) ?? value;
}

const MAX_DATE_MS = 8.64e15;
const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;

/** A cell of a number column as a number (engines may answer BIGINT as text). */
function numberOf(value: Cell): number | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && NUMBER.test(value)) return Number(value);
  return null;
}

/** A cell made a date-time (ISO text, as the table keeps them), or null when it is none. */
type CellToDate = (value: Cell) => Cell;

function toDateFor(format: string): CellToDate | null {
  const parsed = dateFormatOf(format);
  if (!parsed) return null;
  const iso = (ms: number | null): Cell =>
    ms !== null && Number.isFinite(ms) && Math.abs(ms) <= MAX_DATE_MS ? formatTimestamp(ms) : null;
  if (parsed.kind === 'epoch') {
    const factor = parsed.unit === 's' ? 1000 : 1;
    return (value) => {
      if (value === null) return null;
      const n = numberOf(value);
      if (n !== null) return iso(n * factor);
      // Not a number: read as a date-time (pandas' Timestamp), else missing.
      return iso(typeof value === 'string' ? (parseTimestamp(value) ?? null) : null);
    };
  }
  // pandas' to_datetime(format=…, exact=False, errors='coerce'), as Superset calls it.
  const parse = dateParser(parsed, { exact: false });
  if (!parse) return null;
  return (value) => {
    if (value === null || typeof value === 'boolean') return null;
    return iso(parse(String(value)));
  };
}

/**
 * Superset's normalize_dttm_col for the result columns of `dateColumns` (labels whose values are
 * a dataset column's date-times as stored): `epoch_s` numbers × 1000, `epoch_ms` as they are, a
 * strftime pattern parsed (a number such as 2006 as its text), unreadable values null. Columns
 * the engine already answers as date-times, and unknown formats, are left as they are.
 * `normalize` rewrites a table with those columns; `labels` names them (they become TEMPORAL).
 */
export function dateNormalizer(
  columns: readonly ColumnInfo[],
  labels: readonly string[],
  dateColumns: readonly DateColumn[] | null | undefined,
): { labels: Set<string>; normalize: (table: Table) => Table } {
  const converters = new Map<string, CellToDate>();
  for (const { label, format } of dateColumns ?? []) {
    const i = labels.indexOf(label);
    if (i < 0 || columns[i]?.generic === GenericDataType.TEMPORAL) continue;
    const convert = toDateFor(format);
    if (convert) converters.set(label, convert);
  }
  return {
    labels: new Set(converters.keys()),
    normalize: (table) =>
      converters.size === 0
        ? table
        : {
            ...table,
            data: table.data.map((column, i) => {
              const convert = converters.get(table.columns[i] ?? '');
              return convert ? column.map(convert) : column;
            }),
          },
  };
}

export interface ProcessOptions {
  /** Changes the table before post-processing (the time offsets' join). */
  beforePostProcessing?: (table: Table) => Table;
  /** Result columns in a python_date_format (the compiler's `dateColumns`). */
  dateColumns?: readonly DateColumn[] | null;
}

/**
 * The rows of a query renamed to `labels` (by position), their date-format columns normalised,
 * post-processed, typed and written as records. Engine columns keep their own generic type
 * (TEMPORAL for the normalised ones); new columns get one from their values.
 */
export function processResult(
  columns: readonly ColumnInfo[],
  rows: readonly (readonly unknown[])[],
  labels: readonly string[],
  postProcessing: readonly unknown[] | null | undefined,
  options: ProcessOptions = {},
): ProcessedResult {
  const names = columns.map((c, i) => labels[i] ?? c.name);
  const dates = dateNormalizer(columns, names, options.dateColumns);
  const known = new Map(
    names.map((n, i) => [n, dates.labels.has(n) ? GenericDataType.TEMPORAL : columns[i]!.generic]),
  );
  const rowsTable = dates.normalize(tableFromRows(names, rows));
  // As Superset's get_query_result: an empty result is answered as it came (no time offsets,
  // no post-processing, whose steps may name columns only rows would make, e.g. a pivot's).
  const table =
    rows.length === 0
      ? rowsTable
      : applyPostProcessing(
          options.beforePostProcessing ? options.beforePostProcessing(rowsTable) : rowsTable,
          postProcessing,
        );
  const coltypes = columnTypes(table, known);
  const temporal = new Set(
    table.columns.filter((_, i) => coltypes[i] === GenericDataType.TEMPORAL),
  );
  const data = toRecords(table).map((record) => {
    for (const name of temporal) record[name] = toEpoch(record[name] ?? null);
    return record;
  });
  const label_map: Record<string, string[]> = {};
  table.columns.forEach((name, i) => {
    const levels = table.header?.[i]?.filter((l): l is string => l !== null);
    label_map[name] = levels && levels.length > 1 ? levels : [name];
  });
  return {
    colnames: [...table.columns],
    coltypes,
    data,
    rowcount: data.length,
    label_map,
  };
}

/**
 * Pure steps after the database answered: the result's columns renamed from their SQL aliases
 * to Superset's labels, post-processing applied, Superset's GenericDataType per column, and the
 * records as the JSON answer carries them (temporal values as epoch milliseconds).
 */
import { GenericDataType } from '@strata/core';
import type { ColumnInfo } from '../engines/types.js';
import {
  applyPostProcessing,
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

/**
 * The rows of a query renamed to `labels` (by position), post-processed, typed and written as
 * records. Engine columns keep their own generic type; new columns get one from their values.
 * `beforePostProcessing` changes the table first (the time offsets' join).
 */
export function processResult(
  columns: readonly ColumnInfo[],
  rows: readonly (readonly unknown[])[],
  labels: readonly string[],
  postProcessing: readonly unknown[] | null | undefined,
  beforePostProcessing?: (table: Table) => Table,
): ProcessedResult {
  const names = columns.map((c, i) => labels[i] ?? c.name);
  const known = new Map(names.map((n, i) => [n, columns[i]!.generic]));
  const rowsTable = tableFromRows(names, rows);
  const table = applyPostProcessing(
    beforePostProcessing ? beforePostProcessing(rowsTable) : rowsTable,
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

import type { QueryDto, QueryResultsPayload, ResultColumn } from '@strata/core';
import { GenericDataType } from '@strata/core';
import type { ColumnInfo } from '../engines/types.js';
import { dedupeColumnNames } from './prepare.js';
import type { ResultRow } from './results-backend.js';

/** Result columns as Superset describes them, with duplicate names made unique. */
export function resultColumns(columns: ColumnInfo[]): ResultColumn[] {
  const names = dedupeColumnNames(columns.map((c) => c.name));
  return columns.map((c, i) => ({
    column_name: names[i]!,
    name: names[i]!,
    type: c.type || null,
    type_generic: c.generic,
    is_dttm: c.generic === GenericDataType.TEMPORAL,
  }));
}

/** Rows as objects keyed by the (unique) column names. */
export function rowObjects(
  columns: ResultColumn[],
  rows: ResultRow[],
): Array<Record<string, unknown>> {
  const names = columns.map((c) => c.column_name);
  return rows.map((row) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i += 1) o[names[i]!] = row[i] ?? null;
    return o;
  });
}

/** The answer of a finished execute or of a results read. */
export function resultsPayload(
  query: QueryDto,
  columns: ResultColumn[],
  rows: ResultRow[],
  offset: number,
  totalRows: number,
): QueryResultsPayload {
  return {
    status: query.state,
    query_id: query.queryId,
    query,
    columns,
    selected_columns: columns,
    expanded_columns: [],
    data: rowObjects(columns, rows),
    offset,
    total_rows: totalRows,
  };
}

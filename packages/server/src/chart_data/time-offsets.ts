/**
 * Time comparison (Superset's `time_offsets`, QueryContextProcessor.processing_time_offsets),
 * the pure parts: the query of one offset (the same query with its time bounds moved back by
 * the offset) and the join of the offsets' rows onto the main rows as `<metric>__<offset>`
 * columns, before post-processing, so `compare`/time-compare steps find them.
 */
import { getMetricLabel, type QueryObject } from '@strata/core';
import {
  formatTimestamp,
  joinTimeOffsets,
  parseTimestamp,
  shiftMillis,
  tableFromRows,
  timeDelta,
  type Cell,
  type Table,
} from '../query/postprocessing/index.js';

/** Most offsets one query object may ask for. */
export const MAX_TIME_OFFSETS = 10;

/** A naive `YYYY-MM-DDTHH:mm:ss` moved by the offset ("1 year ago" moves it back). */
function shiftBound(value: string | null | undefined, offset: string): string | null | undefined {
  if (!value) return value;
  const ms = parseTimestamp(value);
  if (ms === undefined) return value;
  return new Date(shiftMillis(ms, offset)).toISOString().slice(0, 19);
}

/** The offsets of a query object, each checked (an unknown offset is a PostProcessingError). */
export function timeOffsetsOf(query: QueryObject): string[] {
  const offsets = [...new Set(query.time_offsets ?? [])];
  for (const offset of offsets) timeDelta(offset);
  return offsets.slice(0, MAX_TIME_OFFSETS);
}

/**
 * The query an offset runs: the time bounds (already resolved into from/to) moved by the
 * offset, no post-processing and no offsets of its own.
 */
export function offsetQuery(query: QueryObject, offset: string): QueryObject {
  return {
    ...query,
    from_dttm: shiftBound(query.from_dttm, offset),
    to_dttm: shiftBound(query.to_dttm, offset),
    inner_from_dttm: shiftBound(query.inner_from_dttm ?? query.from_dttm, offset),
    inner_to_dttm: shiftBound(query.inner_to_dttm ?? query.to_dttm, offset),
    post_processing: [],
    time_offsets: [],
  };
}

/** The rows of one offset's query, named by label. */
export interface OffsetRows {
  offset: string;
  rows: readonly (readonly unknown[])[];
}

function normaliseTemporal(table: Table, temporal: ReadonlySet<string>, offset?: string): Table {
  const data = table.data.map((column, i) => {
    if (!temporal.has(table.columns[i] ?? '')) return column;
    return column.map((cell): Cell => {
      const ms = parseTimestamp(cell);
      if (ms === undefined) return cell;
      return formatTimestamp(offset ? shiftMillis(ms, offset, -1) : ms);
    });
  });
  return { ...table, data };
}

/**
 * The main table with each offset's metrics joined as `<metric>__<offset>`: the offset's
 * temporal columns moved forward onto the main time axis, joined on every column that is not a
 * metric (the x-axis and the dimensions). `prepare` changes each offset's table first, as the
 * main table was (its date-format columns normalised).
 */
export function joinOffsetRows(
  main: Table,
  query: QueryObject,
  temporal: ReadonlySet<string>,
  offsets: readonly OffsetRows[],
  prepare: (table: Table) => Table = (table) => table,
): Table {
  if (offsets.length === 0) return main;
  const metrics = (query.metrics ?? []).map(getMetricLabel).filter((m) => main.columns.includes(m));
  const joinKeys = main.columns.filter((c) => !metrics.includes(c));
  return joinTimeOffsets(
    normaliseTemporal(main, temporal),
    offsets.map(({ offset, rows }) => ({
      offset,
      table: normaliseTemporal(prepare(tableFromRows(main.columns, rows)), temporal, offset),
    })),
    { metrics, joinKeys },
  );
}

/**
 * Time comparison ("time shift"), the pure part of what Superset does after running a query once
 * more per offset with its time range moved back:
 * - `timeDelta` / `shiftTimestamp`: the offsets ("1 year ago", "28 days ago", "2 weeks later",
 *   every preset of the time-shift control) as calendar arithmetic; months and years keep the
 *   day of month, clamped to the month's end (pandas' DateOffset / dateutil's relativedelta).
 *   The caller moves the shifted query's range with `shiftTimestamp(t, offset)` and brings its
 *   rows back onto the main time axis with `shiftTimestamp(t, offset, -1)`.
 * - `joinTimeOffsets`: the main table left-joined with each aligned shifted table on the join
 *   keys (x-axis and dimensions), each metric of the shifted table added as `metric__offset`.
 * - `timeCompare`: what the chart then shows: the actual values, or for each metric and offset
 *   `<type>__metric__metric__offset` (difference, percentage, ratio; "absolute" is the older
 *   name of difference) in place of the two columns, through `compare`.
 */
import { compare, TIME_COMPARISON_SEPARATOR } from './compare.js';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { columnValues, makeTable, rowCount, type Cell, type Column, type Table } from './table.js';
import { formatTimestamp, parseTimestamp } from './time-rules.js';

/** The time-shift presets of Explore's time comparison control. */
export const TIME_SHIFT_PRESETS = [
  '1 day ago',
  '1 week ago',
  '28 days ago',
  '30 days ago',
  '52 weeks ago',
  '1 year ago',
  '104 weeks ago',
  '2 years ago',
  '156 weeks ago',
  '3 years ago',
] as const;

export type TimeUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

export interface TimeDelta {
  readonly unit: TimeUnit;
  /** Negative for "ago". */
  readonly amount: number;
}

const UNIT_MS: Partial<Record<TimeUnit, number>> = {
  seconds: 1000,
  minutes: 60_000,
  hours: 3_600_000,
  days: 86_400_000,
  weeks: 7 * 86_400_000,
};

/** Superset's `normalize_time_delta`: "N unit(s) ago|later" as a signed amount of a unit. */
export function timeDelta(offset: string): TimeDelta {
  const match =
    /^\s*(\d+)\s+(second|minute|hour|day|week|month|quarter|year)s?\s*(ago|later)?\s*$/i.exec(
      offset,
    );
  if (!match) throw new PostProcessingError(`Invalid time shift: ${offset}`);
  const unit = (match[2] ?? '').toLowerCase();
  const sign = (match[3] ?? '').toLowerCase() === 'ago' ? -1 : 1;
  const amount = Number(match[1]) * sign;
  if (unit === 'quarter') return { unit: 'months', amount: amount * 3 };
  return { unit: `${unit}s` as TimeUnit, amount };
}

/** Epoch milliseconds moved by `direction` times the offset's delta. */
export function shiftMillis(ms: number, offset: string, direction: 1 | -1 = 1): number {
  const { unit, amount } = timeDelta(offset);
  const step = UNIT_MS[unit];
  if (step !== undefined) return ms + step * amount * direction;
  const months = (unit === 'years' ? 12 : 1) * amount * direction;
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const month = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const timeOfDay = ms - Date.UTC(year, d.getUTCMonth(), d.getUTCDate());
  return Date.UTC(year, month, Math.min(d.getUTCDate(), lastDay)) + timeOfDay;
}

/** An ISO timestamp moved by the offset (direction 1) or back by it (−1). */
export function shiftTimestamp(value: string, offset: string, direction: 1 | -1 = 1): string {
  const ms = parseTimestamp(value);
  if (ms === undefined) throw new PostProcessingError(`Not a timestamp: ${value}`);
  return formatTimestamp(shiftMillis(ms, offset, direction));
}

export interface ShiftedTable {
  readonly offset: string;
  /** The offset query's rows, its time column already moved onto the main table's times. */
  readonly table: Table;
}

export interface JoinTimeOffsetsOptions {
  readonly metrics: readonly string[];
  readonly joinKeys: readonly string[];
}

/** The main table with `metric__offset` columns from each shifted table (a left join). */
export function joinTimeOffsets(
  main: Table,
  shifted: readonly ShiftedTable[],
  options: JoinTimeOffsetsOptions,
): Table {
  const keyOf = (table: Table, r: number): string =>
    JSON.stringify(options.joinKeys.map((k) => columnValues(table, k)?.[r] ?? null));
  for (const table of [main, ...shifted.map((s) => s.table)]) {
    if (options.joinKeys.some((k) => !table.columns.includes(k))) {
      throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
    }
  }
  const names = [...main.columns];
  const data: Column[] = [...main.data];
  for (const { offset, table } of shifted) {
    if (options.metrics.some((m) => !table.columns.includes(m))) {
      throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
    }
    const rowsByKey = new Map<string, number>();
    for (let r = 0; r < rowCount(table); r += 1) {
      const key = keyOf(table, r);
      if (!rowsByKey.has(key)) rowsByKey.set(key, r);
    }
    const matches = Array.from({ length: rowCount(main) }, (_, r) => rowsByKey.get(keyOf(main, r)));
    for (const metric of options.metrics) {
      const values = columnValues(table, metric) ?? [];
      names.push([metric, offset].join(TIME_COMPARISON_SEPARATOR));
      data.push(matches.map((r): Cell => (r === undefined ? null : (values[r] ?? null))));
    }
  }
  return makeTable(names, data, main.indexCount ?? 0, undefined);
}

export interface TimeCompareOptions {
  readonly metrics: readonly string[];
  readonly offsets: readonly string[];
  /** values, difference (or absolute), percentage, ratio. */
  readonly comparison_type: string;
  readonly precision?: number;
}

/** The comparison columns of a joined table, as Superset's time-compare operator asks. */
export function timeCompare(table: Table, options: TimeCompareOptions): Table {
  const type = options.comparison_type === 'absolute' ? 'difference' : options.comparison_type;
  if (type === 'values') return table;
  const pairs = options.metrics.flatMap((metric) =>
    options.offsets.map((offset) => ({
      source: metric,
      compared: [metric, offset].join(TIME_COMPARISON_SEPARATOR),
    })),
  );
  return compare(table, {
    source_columns: pairs.map((p) => p.source),
    compare_columns: pairs.map((p) => p.compared),
    compare_type: type,
    drop_original_columns: true,
    ...(options.precision === undefined ? {} : { precision: options.precision }),
  });
}

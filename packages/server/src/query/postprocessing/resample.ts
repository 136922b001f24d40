/**
 * `resample`: puts a time series on a regular grid (pandas' `DataFrame.resample(rule)`). The
 * table's index must be one temporal column (after a pivot, the x-axis); Superset's older form
 * naming a `time_column` of a table without index is taken too, and gives a table without index.
 * `method`: asfreq (the row at each grid time; `fill_value` fills the gaps and missing values),
 * ffill / bfill (the last row at or before / first row at or after each grid time, then missing
 * values filled forward / backward), linear (asfreq, then gaps interpolated), mean, median, sum
 * (of the rows in each bucket; sum of nothing is 0).
 */
import { PostProcessingError } from './errors.js';
import { cellOf, nanMean, nanMedian, nanSum, numericColumn } from './numbers.js';
import { makeTable, type Cell, type Column, type Table } from './table.js';
import { formatTimestamp, parseTimeRule, parseTimestamp } from './time-rules.js';

export const RESAMPLE_METHODS = [
  'asfreq',
  'bfill',
  'ffill',
  'linear',
  'median',
  'mean',
  'sum',
] as const;

export interface ResampleOptions {
  readonly rule: string;
  readonly method: string;
  readonly fill_value?: number | null;
  readonly time_column?: string;
}

/** At most this many grid times: a rule of seconds over years would otherwise exhaust memory. */
export const MAX_RESAMPLE_ROWS = 1_000_000;

const REQUIRES_INDEX = 'Resample operation requires DatetimeIndex';

function timeColumnPosition(table: Table, timeColumn: string | undefined): number {
  if ((table.indexCount ?? 0) === 1) return 0;
  if ((table.indexCount ?? 0) === 0 && timeColumn !== undefined) {
    const i = table.columns.indexOf(timeColumn);
    if (i >= 0) return i;
  }
  throw new PostProcessingError(REQUIRES_INDEX);
}

export function resample(table: Table, options: ResampleOptions): Table {
  const method = options.method;
  if (!(RESAMPLE_METHODS as readonly string[]).includes(method)) {
    throw new PostProcessingError(`Resample method should be in ${RESAMPLE_METHODS.join(', ')}.`);
  }
  const rule = parseTimeRule(options.rule);
  const timePos = timeColumnPosition(table, options.time_column);
  const times: { t: number; row: number }[] = [];
  (table.data[timePos] ?? []).forEach((value, row) => {
    if (value === null) return;
    const t = parseTimestamp(value);
    if (t === undefined) throw new PostProcessingError(REQUIRES_INDEX);
    times.push({ t, row });
  });
  times.sort((a, b) => a.t - b.t || a.row - b.row);
  const valuePositions = table.columns.map((_, i) => i).filter((i) => i !== timePos);

  const labels: number[] = [];
  const first = times[0]?.t;
  const last = times.at(-1)?.t;
  if (first !== undefined && last !== undefined) {
    const end = rule.bucket(last, first);
    const start = rule.bucket(first, first);
    if (rule.step !== undefined && (end - start) / rule.step >= MAX_RESAMPLE_ROWS) {
      throw new PostProcessingError(
        `Resample rule ${options.rule} would make more than ${MAX_RESAMPLE_ROWS} rows.`,
      );
    }
    for (let label = rule.bucket(first, first); label <= end; label = rule.next(label)) {
      labels.push(label);
      if (labels.length > MAX_RESAMPLE_ROWS) {
        throw new PostProcessingError(
          `Resample rule ${options.rule} would make more than ${MAX_RESAMPLE_ROWS} rows.`,
        );
      }
    }
  }

  let columns: Column[];
  if (method === 'mean' || method === 'median' || method === 'sum') {
    const buckets = new Map<number, number[]>();
    for (const { t, row } of times) {
      const label = rule.bucket(t, first ?? t);
      const rows = buckets.get(label) ?? [];
      rows.push(row);
      buckets.set(label, rows);
    }
    const fn = method === 'mean' ? nanMean : method === 'median' ? nanMedian : nanSum;
    columns = valuePositions.map((i) => {
      const values = numericColumn(table.data[i] ?? [], table.columns[i] ?? '');
      return labels.map((label) =>
        cellOf(fn((buckets.get(label) ?? []).map((r) => values[r] ?? Number.NaN))),
      );
    });
  } else {
    const rowAt = pickRows(times, labels, method);
    columns = valuePositions.map((i) => {
      const values = table.data[i] ?? [];
      const picked = rowAt.map((r) => (r === undefined ? null : (values[r] ?? null)));
      return fillColumn(picked, method, options.fill_value ?? null);
    });
  }
  const timeLabels = labels.map(formatTimestamp);
  const data = valuePositions.map((_, k) => columns[k] ?? []);
  const names = valuePositions.map((i) => table.columns[i] ?? '');
  const header = table.header ? valuePositions.map((i) => table.header?.[i] ?? []) : undefined;
  const timeName = table.columns[timePos] ?? '';
  const timeHeader = table.header?.[timePos] ?? [timeName];
  return makeTable(
    [timeName, ...names],
    [timeLabels, ...data],
    (table.indexCount ?? 0) === 1 ? 1 : 0,
    header ? [timeHeader, ...header] : undefined,
  );
}

/**
 * For each grid time, the source row that reindexing with `method` picks (both lists sorted;
 * the first row of a repeated time for asfreq and bfill, the last for ffill).
 */
function pickRows(
  times: readonly { t: number; row: number }[],
  labels: readonly number[],
  method: string,
): (number | undefined)[] {
  let k = 0;
  return labels.map((label) => {
    while (k < times.length && (times[k]?.t ?? 0) < label) k += 1;
    const at = times[k];
    if (method === 'bfill') return at?.row;
    if (at && at.t === label) {
      if (method !== 'ffill') return at.row;
      let j = k;
      while ((times[j + 1]?.t ?? Number.NaN) === label) j += 1;
      return times[j]?.row;
    }
    return method === 'ffill' ? times[k - 1]?.row : undefined;
  });
}

function fillColumn(values: readonly Cell[], method: string, fillValue: number | null): Cell[] {
  const out = [...values];
  if (method === 'asfreq') return fillValue === null ? out : out.map((v) => v ?? fillValue);
  if (method === 'ffill') {
    for (let i = 1; i < out.length; i += 1) if (out[i] === null) out[i] = out[i - 1] ?? null;
    return out;
  }
  if (method === 'bfill') {
    for (let i = out.length - 2; i >= 0; i -= 1) if (out[i] === null) out[i] = out[i + 1] ?? null;
    return out;
  }
  return interpolate(out);
}

/** pandas' default `interpolate()`: linear by position inside gaps, the last value after. */
function interpolate(values: Cell[]): Cell[] {
  const numbers = values.map((v) => (typeof v === 'number' ? v : null));
  let previous = -1;
  numbers.forEach((v, i) => {
    if (v === null) return;
    if (previous >= 0 && i - previous > 1) {
      const start = numbers[previous] ?? 0;
      for (let k = previous + 1; k < i; k += 1) {
        numbers[k] = start + ((v - start) * (k - previous)) / (i - previous);
      }
    }
    previous = i;
  });
  if (previous >= 0)
    for (let k = previous + 1; k < numbers.length; k += 1) numbers[k] = numbers[previous] ?? null;
  return numbers.map((v, i) => (v === null ? (values[i] ?? null) : v));
}

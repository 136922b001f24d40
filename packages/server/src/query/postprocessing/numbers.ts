/**
 * Numbers out of cells and back, and the statistics the operations share (numpy's and pandas'
 * definitions: NaN is "missing", sums of nothing are 0, means of nothing are NaN).
 */
import { PostProcessingError } from './errors.js';
import type { Cell, Column } from './table.js';

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** The number a cell stands for: null is NaN, booleans 1/0, numeric text (decimals) parsed. */
export function numberOrNaN(value: Cell): number | undefined {
  if (value === null) return Number.NaN;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value !== 'string') return undefined;
  return NUMERIC_TEXT.test(value.trim()) ? Number(value) : undefined;
}

/** The column as numbers, or a PostProcessingError naming it when a value is not numeric. */
export function numericColumn(values: Column, name: string): number[] {
  return values.map((value) => {
    const n = numberOrNaN(value);
    if (n === undefined) throw new PostProcessingError(`Column "${name}" is not numeric.`);
    return n;
  });
}

/** Whether the column holds only numbers and nulls (pandas' numeric dtypes). */
export function isNumericColumn(values: Column): boolean {
  return values.every((v) => v === null || typeof v === 'number');
}

/** A number as a cell: NaN and infinities become null. */
export function cellOf(n: number): Cell {
  return Number.isFinite(n) ? n : null;
}

export function present(values: readonly number[]): number[] {
  return values.filter((v) => !Number.isNaN(v));
}

export function sum(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/** Sum skipping NaN (pandas' default). */
export function nanSum(values: readonly number[]): number {
  return sum(present(values));
}

export function nanMean(values: readonly number[]): number {
  const p = present(values);
  return p.length === 0 ? Number.NaN : sum(p) / p.length;
}

/** Variance skipping NaN with `ddof` degrees of freedom (pandas 1, numpy 0). */
export function nanVar(values: readonly number[], ddof: number): number {
  const p = present(values);
  if (p.length - ddof <= 0) return Number.NaN;
  const mean = sum(p) / p.length;
  return sum(p.map((v) => (v - mean) ** 2)) / (p.length - ddof);
}

export function nanStd(values: readonly number[], ddof: number): number {
  return Math.sqrt(nanVar(values, ddof));
}

export type PercentileMethod = 'linear' | 'midpoint' | 'lower' | 'higher' | 'nearest';

/** numpy's percentile (q in 0..100) of the present values; NaN when there are none. */
export function nanPercentile(
  values: readonly number[],
  q: number,
  method: PercentileMethod = 'linear',
): number {
  const sorted = present(values).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (q / 100) * (sorted.length - 1);
  const lo = Math.floor(position);
  const hi = Math.ceil(position);
  const low = sorted[lo] ?? Number.NaN;
  const high = sorted[hi] ?? Number.NaN;
  switch (method) {
    case 'lower':
      return low;
    case 'higher':
      return high;
    case 'nearest':
      return position - lo <= 0.5 ? low : high;
    case 'midpoint':
      return (low + high) / 2;
    default:
      return low + (high - low) * (position - lo);
  }
}

export function nanMedian(values: readonly number[]): number {
  return nanPercentile(values, 50);
}

export function nanMin(values: readonly number[]): number {
  const p = present(values);
  return p.length === 0 ? Number.NaN : Math.min(...p);
}

export function nanMax(values: readonly number[]): number {
  const p = present(values);
  return p.length === 0 ? Number.NaN : Math.max(...p);
}

/** Rounds as numpy's `round` does: the value times 10^digits rounded half to even, divided back. */
export function roundTo(n: number, digits: number): number {
  if (!Number.isFinite(n)) return n;
  const factor = 10 ** digits;
  const scaled = n * factor;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const rounded = diff === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(scaled);
  return rounded / factor;
}

/** How Python's `str()` prints a value that becomes a column label. */
export function labelText(value: Cell): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/**
 * Ordering of cells for sorting and grouping: nulls last, numbers (and booleans) before text,
 * numbers numerically, text by code point.
 */
export function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const an = typeof a === 'string' ? undefined : Number(a);
  const bn = typeof b === 'string' ? undefined : Number(b);
  if (an !== undefined && bn !== undefined) return an < bn ? -1 : an > bn ? 1 : 0;
  if (an !== undefined) return -1;
  if (bn !== undefined) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares tuples of cells position by position. */
export function compareKeys(a: readonly Cell[], b: readonly Cell[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const c = compareCells(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return c;
  }
  return 0;
}

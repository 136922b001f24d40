/**
 * The Pivot Table chart's aggregate functions (`aggregateFunction` of `pivot_table_v2`) as
 * Superset's `pivot_v2_aggfunc_map` runs them in pandas: over one group's values, missing values
 * (null, NaN) skipped as pandas skips NaN. `Count` counts the group's records (pandas counts the
 * placeholder Superset fills missing values with), the other functions read numbers.
 */
export type PivotCell = number | string | boolean | null;

const present = (values: readonly PivotCell[]): PivotCell[] =>
  values.filter((v) => v !== null && !(typeof v === 'number' && Number.isNaN(v)));

const numbers = (values: readonly PivotCell[]): number[] =>
  present(values)
    .map((v) => (typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number(v)))
    .filter((v) => !Number.isNaN(v));

const sum = (values: readonly PivotCell[]): number => numbers(values).reduce((a, b) => a + b, 0);

const mean = (values: readonly PivotCell[]): number => {
  const xs = numbers(values);
  return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : Number.NaN;
};

function median(values: readonly PivotCell[]): number {
  const xs = numbers(values).sort((a, b) => a - b);
  if (!xs.length) return Number.NaN;
  const mid = Math.floor(xs.length / 2);
  return xs.length % 2 ? (xs[mid] ?? Number.NaN) : ((xs[mid - 1] ?? 0) + (xs[mid] ?? 0)) / 2;
}

/** Sample variance (ddof 1); 0 for a group of one value, as Superset's lambda. */
function variance(values: readonly PivotCell[]): number {
  if (values.length <= 1) return 0;
  const xs = numbers(values);
  if (xs.length < 2) return Number.NaN;
  const m = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1);
}

const extreme =
  (pick: (a: number, b: number) => number) =>
  (values: readonly PivotCell[]): number => {
    const xs = numbers(values);
    return xs.length ? xs.reduce(pick) : Number.NaN;
  };

/** Python's `str()` of a cell (a label or a listed value). */
export function pyStr(value: PivotCell): string {
  if (value === null) return 'nan';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan';
  return String(value);
}

export type Aggregator = (values: readonly PivotCell[]) => PivotCell;

const firstOf = (values: readonly PivotCell[]): PivotCell => values[0] ?? null;
const lastOf = (values: readonly PivotCell[]): PivotCell => values[values.length - 1] ?? null;

/** Superset's map, by the names the chart's control offers. */
export const PIVOT_AGGREGATORS: Readonly<Record<string, Aggregator>> = {
  Count: (values) => values.length,
  'Count Unique Values': (values) => new Set(present(values).map((v) => JSON.stringify(v))).size,
  // Superset joins a Python set (no order); first-seen order here.
  'List Unique Values': (values) => [...new Set(values.map(pyStr))].join(', '),
  Sum: sum,
  Average: mean,
  Median: median,
  'Sample Variance': variance,
  'Sample Standard Deviation': (values) => {
    const v = variance(values);
    return typeof v === 'number' ? Math.sqrt(v) : v;
  },
  Minimum: extreme(Math.min),
  Maximum: extreme(Math.max),
  First: firstOf,
  Last: lastOf,
  'Sum as Fraction of Total': sum,
  'Sum as Fraction of Rows': sum,
  'Sum as Fraction of Columns': sum,
  'Count as Fraction of Total': (values) => values.length,
  'Count as Fraction of Rows': (values) => values.length,
  'Count as Fraction of Columns': (values) => values.length,
};

/**
 * A total or subtotal over cells already aggregated (pandas' `Series.count`, `sum`… over the
 * cells): `Count` counts the cells that have a value.
 */
export function aggregateCells(name: string, cells: readonly PivotCell[]): PivotCell {
  if (name === 'Count' || name.startsWith('Count as Fraction')) return present(cells).length;
  return (PIVOT_AGGREGATORS[name] ?? sum)(cells);
}

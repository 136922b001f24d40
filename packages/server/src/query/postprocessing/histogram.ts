/**
 * `histogram`: counts of `column`'s values in `bins` (5) equal-width bins between its minimum
 * and maximum (numpy's `histogram_bin_edges`; each bin holds its lower edge, the last one its
 * upper edge too), one row for the table or one per `groupby` group. Columns are named
 * "<low> - <high>" with the edges printed as Python prints floats. `cumulative` gives running
 * counts, `normalize` divides every count by the total. Rows missing the value are left out; an
 * empty result is the table as it is.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { groupRows } from './grouping.js';
import { numberOrNaN } from './numbers.js';
import {
  columnValues,
  hasColumns,
  makeTable,
  takeRows,
  type Cell,
  type Column,
  type Table,
} from './table.js';

export interface HistogramOptions {
  readonly column: string;
  readonly groupby?: readonly string[] | null;
  readonly bins?: number;
  readonly cumulative?: boolean;
  readonly normalize?: boolean;
}

/** Python's `str(float)`: shortest round-trip digits, ".0" on whole numbers, e-notation. */
export function pythonFloatText(x: number): string {
  if (Number.isNaN(x)) return 'nan';
  if (!Number.isFinite(x)) return x > 0 ? 'inf' : '-inf';
  const abs = Math.abs(x);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e16)) {
    const [mantissa = '', exponent = ''] = x.toExponential().split('e');
    const sign = exponent.startsWith('-') ? '-' : '+';
    const digits = exponent.replace(/^[+-]/, '').padStart(2, '0');
    return `${mantissa}e${sign}${digits}`;
  }
  const text = String(x);
  return Number.isInteger(x) ? `${text}.0` : text;
}

export function binEdges(values: readonly number[], bins: number): number[] {
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (low === high) {
    low -= 0.5;
    high += 0.5;
  }
  const step = (high - low) / bins;
  return Array.from({ length: bins + 1 }, (_, i) => (i === bins ? high : low + i * step));
}

function counts(values: readonly number[], edges: readonly number[]): number[] {
  const bins = edges.length - 1;
  const result = Array<number>(bins).fill(0);
  for (const v of values) {
    if (Number.isNaN(v) || v < (edges[0] ?? 0) || v > (edges[bins] ?? 0)) continue;
    let i = bins - 1;
    while (i > 0 && v < (edges[i] ?? 0)) i -= 1;
    result[i] = (result[i] ?? 0) + 1;
  }
  return result;
}

/** The most bins a histogram makes (each group gets them all): Superset's MAX_HISTOGRAM_BINS. */
export const MAX_HISTOGRAM_BINS = 1000;

export function histogram(table: Table, options: HistogramOptions): Table {
  const groupby = options.groupby ?? [];
  const bins = options.bins ?? 5;
  // Issue 16 point 2: the bins' edges, labels and counts are made per group. Superset's bound.
  if (!Number.isInteger(bins) || bins < 1 || bins > MAX_HISTOGRAM_BINS)
    throw new PostProcessingError(
      `\`bins\` must be an integer between 1 and ${MAX_HISTOGRAM_BINS}`,
    );
  if (!hasColumns(table, [options.column, ...groupby])) {
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  }
  const raw = columnValues(table, options.column) ?? [];
  const present = raw.map((_, r) => r).filter((r) => raw[r] !== null);
  if (present.length === 0) return takeRows(table, []);
  const values = present.map((r) => numberOrNaN(raw[r] ?? null));
  if (values.some((v) => v === undefined || Number.isNaN(v))) {
    throw new PostProcessingError(`Column '${options.column}' contains non-numeric values`);
  }
  const numbers = values.map((v) => v ?? Number.NaN);
  const edges = binEdges(numbers, bins);
  const labels = edges
    .slice(0, -1)
    .map((edge, i) => `${pythonFloatText(edge)} - ${pythonFloatText(edges[i + 1] ?? 0)}`);
  const histogramOf = (rows: readonly number[]): number[] => {
    const c = counts(
      rows.map((k) => numbers[k] ?? Number.NaN),
      edges,
    );
    if (!options.cumulative) return c;
    let running = 0;
    return c.map((x) => (running += x));
  };
  const subset = takeRows(table, present);
  const groups =
    groupby.length > 0
      ? groupRows(
          groupby.map((g) => columnValues(subset, g) ?? []),
          present.length,
        )
      : [{ key: [] as Cell[], rows: present.map((_, k) => k) }];
  const rows = groups.map((g) => histogramOf(g.rows));
  const total = rows.flat().reduce((a, b) => a + b, 0);
  const scale = options.normalize ? (x: number): number => x / total : (x: number): number => x;
  const data: Column[] = [
    ...groupby.map((_, k) => groups.map((g) => g.key[k] ?? null)),
    ...labels.map((_, b) => rows.map((row) => scale(row[b] ?? 0))),
  ];
  return makeTable([...groupby, ...labels], data);
}

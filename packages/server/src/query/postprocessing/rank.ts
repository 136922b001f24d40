/**
 * `rank`: the percentile rank of `metric` in a new column `rank` (pandas'
 * `rank(method="average", pct=True)`): ties share the mean of their positions, each rank is
 * divided by the number of present values, missing values stay missing. With `group_by` the
 * ranking is done within each value of that column, and rows whose `group_by` value is missing
 * get no rank (pandas' groupby drops them). The heatmap sends it to normalise across an axis.
 */
import { setColumns } from './append-columns.js';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { groupRows } from './grouping.js';
import { compareCells, numberOrNaN } from './numbers.js';
import { columnValues, hasColumns, rowCount, type Cell, type Table } from './table.js';

export interface RankOptions {
  readonly metric: string;
  readonly group_by?: string | null;
}

/** Numbers when every present value is numeric (numeric text too), else the cells as they are. */
function rankable(values: readonly Cell[]): readonly Cell[] {
  const numbers = values.map((v) => (v === null ? null : numberOrNaN(v)));
  if (numbers.some((n) => n === undefined)) return values;
  return numbers.map((n) => (n === undefined || n === null || Number.isNaN(n) ? null : n));
}

/** Writes into `out` the percentile ranks of the values at `rows`. */
function rankRows(values: readonly Cell[], rows: readonly number[], out: (number | null)[]): void {
  const present = rows.filter((r) => values[r] !== null && values[r] !== undefined);
  const sorted = [...present].sort((a, b) => compareCells(values[a] ?? null, values[b] ?? null));
  const n = sorted.length;
  let i = 0;
  while (i < n) {
    let j = i;
    while (
      j + 1 < n &&
      compareCells(values[sorted[i]!] ?? null, values[sorted[j + 1]!] ?? null) === 0
    )
      j += 1;
    // Positions i..j (0-based) are tied: their rank is the mean of i+1..j+1.
    const rank = (i + j + 2) / 2 / n;
    for (let k = i; k <= j; k += 1) out[sorted[k]!] = rank;
    i = j + 1;
  }
}

export function rank(table: Table, options: RankOptions): Table {
  const groupBy = options.group_by || null;
  if (!hasColumns(table, [options.metric, ...(groupBy ? [groupBy] : [])]))
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  const n = rowCount(table);
  const values = rankable(columnValues(table, options.metric) ?? []);
  const out: (number | null)[] = new Array<number | null>(n).fill(null);
  if (groupBy) {
    for (const group of groupRows([columnValues(table, groupBy) ?? []], n))
      rankRows(values, group.rows, out);
  } else {
    rankRows(
      values,
      Array.from({ length: n }, (_, r) => r),
      out,
    );
  }
  return setColumns(table, [['rank', out]]);
}

/** Rows grouped by the values of some columns, as pandas' groupby (sorted keys). */
import { compareCells } from './numbers.js';
import { PostProcessingError } from './errors.js';
import type { Cell, Column } from './table.js';

export interface RowGroup {
  readonly key: readonly Cell[];
  readonly rows: readonly number[];
}

/** Each distinct value of a column ranked in sort order (null last). */
function ranks(column: Column, rowCount: number): Map<Cell, number> {
  const distinct = new Set<Cell>();
  for (let r = 0; r < rowCount; r += 1) distinct.add(column[r] ?? null);
  const sorted = [...distinct].sort(compareCells);
  return new Map(sorted.map((value, i) => [value, i]));
}

/**
 * Groups row numbers by the values in `keyColumns`, groups sorted by key. Rows with a null key
 * value are dropped when `dropNullKeys` (pandas' `dropna=True`).
 */
export function groupRows(
  keyColumns: readonly Column[],
  rowCount: number,
  dropNullKeys = true,
): RowGroup[] {
  const rankMaps = keyColumns.map((column) => ranks(column, rowCount));
  // A group's id is its ranks read as one mixed-radix number, its sort order too.
  const radix = rankMaps.map((m) => m.size);
  if (radix.reduce((a, b) => a * b, 1) > Number.MAX_SAFE_INTEGER) {
    throw new PostProcessingError('Too many distinct group values to group by.');
  }
  const groups = new Map<number, number[]>();
  for (let r = 0; r < rowCount; r += 1) {
    let id = 0;
    let skip = false;
    for (let k = 0; k < keyColumns.length; k += 1) {
      const value = keyColumns[k]?.[r] ?? null;
      if (value === null && dropNullKeys) {
        skip = true;
        break;
      }
      id = id * (radix[k] ?? 1) + (rankMaps[k]?.get(value) ?? 0);
    }
    if (skip) continue;
    const rows = groups.get(id);
    if (rows) rows.push(r);
    else groups.set(id, [r]);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([, rows]) => {
      const first = rows[0] ?? 0;
      return { key: keyColumns.map((column) => column[first] ?? null), rows };
    });
}

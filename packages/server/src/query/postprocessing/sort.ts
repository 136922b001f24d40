/**
 * `sort`: rows ordered by the values of `by` (one name or several) with `ascending` (one flag or
 * one per name), or by the index with `is_sort_index`; missing values last either way, ties in
 * their original order. Superset's older form, `columns: {name: ascending}`, is taken too. With
 * nothing to sort by the table is returned as it is.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { compareCells } from './numbers.js';
import { indexCountOf, positionsOf, rowCount, takeRows, type Column, type Table } from './table.js';

export interface SortOptions {
  readonly is_sort_index?: boolean;
  readonly by?: string | readonly string[] | null;
  readonly ascending?: boolean | readonly boolean[];
  readonly columns?: Readonly<Record<string, boolean>>;
}

function orderOf(keys: readonly Column[], ascending: readonly boolean[], rows: number): number[] {
  const positions = Array.from({ length: rows }, (_, r) => r);
  return positions.sort((a, b) => {
    for (let k = 0; k < keys.length; k += 1) {
      const va = keys[k]?.[a] ?? null;
      const vb = keys[k]?.[b] ?? null;
      if (va === null || vb === null) {
        if (va !== vb) return va === null ? 1 : -1;
        continue;
      }
      const c = compareCells(va, vb);
      if (c !== 0) return ascending[k] === false ? -c : c;
    }
    return a - b;
  });
}

export function sort(table: Table, options: SortOptions): Table {
  const rows = rowCount(table);
  if (options.is_sort_index) {
    const asc = Array.isArray(options.ascending) ? options.ascending : [options.ascending ?? true];
    const keys = table.data.slice(0, indexCountOf(table));
    if (keys.length === 0) {
      const order = Array.from({ length: rows }, (_, r) => r);
      return takeRows(table, asc[0] === false ? order.reverse() : order);
    }
    return takeRows(
      table,
      orderOf(
        keys,
        keys.map((_, k) => asc[k] ?? asc[0] ?? true),
        rows,
      ),
    );
  }
  let by: readonly string[];
  let ascending: readonly boolean[];
  if (options.by !== undefined && options.by !== null) {
    by = typeof options.by === 'string' ? [options.by] : options.by;
    const flags = options.ascending ?? true;
    ascending = typeof flags === 'boolean' ? by.map(() => flags) : flags;
    if (ascending.length !== by.length) {
      throw new PostProcessingError(
        `Length of ascending (${ascending.length}) != length of by (${by.length})`,
      );
    }
  } else {
    by = Object.keys(options.columns ?? {});
    ascending = Object.values(options.columns ?? {});
  }
  if (by.length === 0) return table;
  const keys = by.map((name) => {
    const exact = table.columns.indexOf(name);
    const position = exact >= indexCountOf(table) ? exact : positionsOf(table, name)[0];
    if (position === undefined) throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
    return table.data[position] ?? [];
  });
  return takeRows(table, orderOf(keys, ascending, rows));
}

/**
 * The table chart's row pipeline, free of React: client-side search, sorting by a column,
 * paging, the header click's sort cycle, and the cell bars' background.
 */
import type { CSSProperties } from 'react';
import type { TableColumn } from './transformProps.js';

export type Row = Record<string, unknown>;

/** A row with a key that stays the same while searching, sorting and paging (its index in the data). */
export interface KeyedRow {
  key: number;
  row: Row;
}

export type SortOrder = 'ascend' | 'descend';

export interface SortState {
  key: string;
  order: SortOrder;
}

/** Ascending order of two cell values: nulls first, numbers by value, the rest as text. */
export function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  const aNull = a === null || a === undefined;
  const bNull = b === null || b === undefined;
  if (aNull && bNull) return 0;
  if (aNull) return -1;
  if (bNull) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

/**
 * The rows matching a search: any column's formatted text contains the trimmed, lower-cased
 * query. Every row when the query is blank. Keys are the rows' indexes in `data`.
 */
export function filterRows(
  data: readonly Row[],
  columns: ReadonlyArray<Pick<TableColumn, 'key' | 'format'>>,
  query: string,
): KeyedRow[] {
  const q = query.trim().toLowerCase();
  const out: KeyedRow[] = [];
  for (let i = 0; i < data.length; i++) {
    const row = data[i]!;
    if (!q || columns.some((c) => c.format(row[c.key]).toLowerCase().includes(q)))
      out.push({ key: i, row });
  }
  return out;
}

/** The rows sorted by a column (stable; nulls first ascending, last descending), or as they are. */
export function sortRows(rows: readonly KeyedRow[], sort: SortState | null): readonly KeyedRow[] {
  if (!sort) return rows;
  const { key } = sort;
  const sign = sort.order === 'ascend' ? 1 : -1;
  // Array.prototype.sort is stable (ES2019): equal values keep their order either way.
  return [...rows].sort((a, b) => sign * compare(a.row[key], b.row[key]));
}

/** How many pages `total` rows make (at least 1; 1 when not paging). */
export function pageCount(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
}

/** A 1-based page number kept between 1 and the number of pages. */
export function clampPage(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, Math.floor(page) || 1), pageCount(total, pageSize));
}

/** The rows of a 1-based page (every row when not paging). */
export function pageRows<T>(rows: readonly T[], page: number, pageSize: number): readonly T[] {
  if (pageSize <= 0) return rows;
  const start = (page - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}

/** The sort after a click on a column's header: none → ascend → descend → none; another column starts at ascend. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, order: 'ascend' };
  return current.order === 'ascend' ? { key, order: 'descend' } : null;
}

const NO_STYLE: CSSProperties = {};

/** A cell's bar: a gradient background proportional to the value within the column's range. */
export function barStyle(
  col: Pick<TableColumn, 'range'>,
  value: number,
  alignPn: boolean,
): CSSProperties {
  if (!col.range) return NO_STYLE;
  const [min, max] = col.range;
  const span = alignPn
    ? Math.max(Math.abs(min), Math.abs(max))
    : Math.max(max, 0) - Math.min(min, 0);
  if (span === 0) return NO_STYLE;
  const width = (Math.abs(value) / span) * 100;
  const left = alignPn
    ? 50
    : value < 0
      ? ((value - Math.min(min, 0)) / span) * 100
      : (-Math.min(min, 0) / span) * 100;
  const color = value < 0 ? 'rgba(224,67,85,0.25)' : 'rgba(31,168,201,0.25)';
  const start = alignPn ? (value < 0 ? 50 - width / 2 : 50) : left;
  const w = alignPn ? width / 2 : width;
  return {
    background: `linear-gradient(to right, transparent ${start}%, ${color} ${start}%, ${color} ${start + w}%, transparent ${start + w}%)`,
  };
}

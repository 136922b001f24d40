import { describe, expect, it } from 'vitest';
import {
  barStyle,
  clampPage,
  compare,
  filterRows,
  nextSort,
  pageCount,
  pageRows,
  sortRows,
  type KeyedRow,
} from './rows.js';

const text = (v: unknown) => (v === null || v === undefined ? 'N/A' : String(v));
const columns = [
  { key: 'name', format: text },
  { key: 'num', format: (v: unknown) => (typeof v === 'number' ? `${v} births` : text(v)) },
];
const data = [
  { name: 'Aaron', num: 3 },
  { name: 'Beth', num: 1 },
  { name: 'Carl', num: null },
  { name: 'Dana', num: 1 },
  { name: 'Ed', num: 2 },
];

const names = (rows: readonly KeyedRow[]) => rows.map((r) => r.row.name);

describe('table rows: search', () => {
  it('keeps every row, keyed by index, for a blank query', () => {
    expect(filterRows(data, columns, '   ').map((r) => r.key)).toEqual([0, 1, 2, 3, 4]);
  });

  it('matches the trimmed, lower-cased query in any formatted column', () => {
    expect(names(filterRows(data, columns, '  BETH '))).toEqual(['Beth']);
    // The formatted text, not the raw value.
    expect(names(filterRows(data, columns, '1 births'))).toEqual(['Beth', 'Dana']);
    expect(names(filterRows(data, columns, 'n/a'))).toEqual(['Carl']);
    expect(filterRows(data, columns, 'a').map((r) => r.key)).toEqual([0, 2, 3]);
  });

  it('matches nothing when no column contains the query', () => {
    expect(filterRows(data, columns, 'zzz')).toEqual([]);
  });
});

describe('table rows: sort', () => {
  const rows = filterRows(data, columns, '');

  it('compares nulls first, numbers by value, the rest as text', () => {
    expect(compare(null, 1)).toBeLessThan(0);
    expect(compare(1, undefined)).toBeGreaterThan(0);
    expect(compare(null, undefined)).toBe(0);
    expect(compare(2, 10)).toBeLessThan(0);
    expect(compare('b', 'a')).toBeGreaterThan(0);
    expect(compare('x', 'x')).toBe(0);
  });

  it('leaves the rows as they are without a sort', () => {
    expect(sortRows(rows, null)).toBe(rows);
  });

  it('sorts ascending with nulls first, equal values in their order', () => {
    const sorted = sortRows(rows, { key: 'num', order: 'ascend' });
    expect(names(sorted)).toEqual(['Carl', 'Beth', 'Dana', 'Ed', 'Aaron']);
    expect(names(rows)).toEqual(['Aaron', 'Beth', 'Carl', 'Dana', 'Ed']);
  });

  it('sorts descending with nulls last, equal values still in their order', () => {
    const sorted = sortRows(rows, { key: 'num', order: 'descend' });
    expect(names(sorted)).toEqual(['Aaron', 'Ed', 'Beth', 'Dana', 'Carl']);
  });

  it('is stable for many equal values', () => {
    const many = filterRows(
      Array.from({ length: 100 }, (_, i) => ({ g: i % 2, i })),
      [],
      '',
    );
    const sorted = sortRows(many, { key: 'g', order: 'descend' });
    const ones = sorted.slice(0, 50).map((r) => r.row.i as number);
    expect(ones).toEqual([...ones].sort((a, b) => a - b));
    expect(sorted.slice(50).every((r) => r.row.g === 0)).toBe(true);
  });

  it('sorts text columns', () => {
    const sorted = sortRows(rows, { key: 'name', order: 'descend' });
    expect(names(sorted)).toEqual(['Ed', 'Dana', 'Carl', 'Beth', 'Aaron']);
  });

  it('cycles a column through ascend, descend and none; another column starts at ascend', () => {
    const a = nextSort(null, 'num');
    expect(a).toEqual({ key: 'num', order: 'ascend' });
    const d = nextSort(a, 'num');
    expect(d).toEqual({ key: 'num', order: 'descend' });
    expect(nextSort(d, 'num')).toBeNull();
    expect(nextSort(d, 'name')).toEqual({ key: 'name', order: 'ascend' });
    expect(nextSort(a, 'name')).toEqual({ key: 'name', order: 'ascend' });
  });
});

describe('table rows: paging', () => {
  const items = Array.from({ length: 25 }, (_, i) => i);

  it('counts pages', () => {
    expect(pageCount(25, 10)).toBe(3);
    expect(pageCount(20, 10)).toBe(2);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(25, 0)).toBe(1);
  });

  it('slices a 1-based page', () => {
    expect(pageRows(items, 1, 10)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageRows(items, 3, 10)).toEqual([20, 21, 22, 23, 24]);
    expect(pageRows(items, 4, 10)).toEqual([]);
    expect(pageRows(items, 1, 0)).toBe(items);
  });

  it('clamps the page to the pages there are', () => {
    expect(clampPage(3, 25, 10)).toBe(3);
    expect(clampPage(3, 12, 10)).toBe(2);
    expect(clampPage(5, 0, 10)).toBe(1);
    expect(clampPage(0, 25, 10)).toBe(1);
    expect(clampPage(-2, 25, 10)).toBe(1);
    expect(clampPage(4, 25, 0)).toBe(1);
  });
});

describe('table rows: cell bars', () => {
  it('draws a bar proportional to the value from zero', () => {
    expect(barStyle({ range: [0, 10] }, 5, false).background).toContain('transparent 0%');
    expect(barStyle({ range: [0, 10] }, 5, false).background).toContain('50%');
  });

  it('draws nothing without a range or with an empty one', () => {
    expect(barStyle({ range: null }, 5, false)).toEqual({});
    expect(barStyle({ range: [0, 0] }, 0, false)).toEqual({});
  });
});

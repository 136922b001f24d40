import { describe, expect, it } from 'vitest';
import { sort } from './sort.js';
import { makeTable, tableOf } from './table.js';

const t = tableOf({ name: ['b', 'a', 'c', 'a'], n: [2, null, 1, 3] });

describe('sort', () => {
  it('sorts by one column, missing values last in both directions', () => {
    expect(sort(t, { by: 'n' }).data[0]).toEqual(['c', 'b', 'a', 'a']);
    expect(sort(t, { by: 'n', ascending: false }).data[1]).toEqual([3, 2, 1, null]);
  });

  it('sorts by several columns with one flag each; ties keep their order', () => {
    const out = sort(t, { by: ['name', 'n'], ascending: [true, false] });
    expect(out.data[0]).toEqual(['a', 'a', 'b', 'c']);
    expect(out.data[1]).toEqual([3, null, 2, 1]);
  });

  it('takes the older columns map and sorts by the index', () => {
    expect(sort(t, { columns: { name: false } }).data[0]).toEqual(['c', 'b', 'a', 'a']);
    const indexed = makeTable(
      ['k', 'v'],
      [
        ['2021-02', '2021-01'],
        [1, 2],
      ],
      1,
    );
    expect(sort(indexed, { is_sort_index: true }).data[1]).toEqual([2, 1]);
    expect(sort(t, { is_sort_index: true, ascending: false }).data[1]).toEqual([3, 1, null, 2]);
  });

  it('returns the table when there is nothing to sort by, and names bad columns', () => {
    expect(sort(t, {})).toBe(t);
    expect(() => sort(t, { by: 'zz' })).toThrow('Referenced columns not available in DataFrame.');
    expect(() => sort(t, { by: ['name', 'n'], ascending: [true] })).toThrow(
      'Length of ascending (1) != length of by (2)',
    );
  });
});

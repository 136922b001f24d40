import { describe, expect, it } from 'vitest';
import { flatName, makeTable, positionsOf, tableFromRows, toRecords, toRows } from './table.js';

describe('table', () => {
  it('is made from engine rows and read back as rows or records', () => {
    const t = tableFromRows(
      ['d', 'n', 'x'],
      [
        [new Date(Date.UTC(2021, 0, 1)), 1, { a: 1 }],
        ['2021-01-02', Number.NaN, undefined],
      ],
    );
    expect(toRows(t)).toEqual([
      ['2021-01-01T00:00:00.000Z', 1, '{"a":1}'],
      ['2021-01-02', null, null],
    ]);
    expect(toRecords(t)[1]).toEqual({ d: '2021-01-02', n: null, x: null });
  });

  it('names multi-level columns as flatten would and matches them by their first level', () => {
    expect(flatName(['sum', 'a,b', null])).toBe('sum, a\\,b');
    const t = makeTable(['t', 'sum, x', 'sum, y', 'max, x'], [[1], [2], [3], [4]], 1, [
      ['t', null],
      ['sum', 'x'],
      ['sum', 'y'],
      ['max', 'x'],
    ]);
    expect(positionsOf(t, 'sum')).toEqual([1, 2]);
    expect(positionsOf(t, 't')).toEqual([]);
  });
});

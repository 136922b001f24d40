import { describe, expect, it } from 'vitest';
import { groupRows } from './grouping.js';

describe('groupRows', () => {
  const a = ['y', 'x', 'y', null, 'x'];
  const b = [2, 1, 1, 1, 1];

  it('groups rows by key, keys sorted, null keys dropped', () => {
    expect(groupRows([a, b], 5)).toEqual([
      { key: ['x', 1], rows: [1, 4] },
      { key: ['y', 1], rows: [2] },
      { key: ['y', 2], rows: [0] },
    ]);
  });

  it('keeps null keys last when asked', () => {
    expect(groupRows([a], 5, false).map((g) => g.key)).toEqual([['x'], ['y'], [null]]);
  });

  it('tells numbers from text', () => {
    expect(groupRows([[1, '1', 1]], 3)).toEqual([
      { key: [1], rows: [0, 2] },
      { key: ['1'], rows: [1] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { diff } from './diff.js';
import { tableOf } from './table.js';

const t = tableOf({ a: [1, 4, 9, null, 25], b: [2, 2, 2, 2, 2] });

describe('diff', () => {
  it('subtracts the previous row', () => {
    expect(diff(t, { columns: { a: 'a' } }).data[0]).toEqual([null, 3, 5, null, null]);
  });

  it('looks further back or forward with periods', () => {
    expect(diff(t, { columns: { a: 'a' }, periods: 2 }).data[0]).toEqual([null, null, 8, null, 16]);
    expect(diff(t, { columns: { a: 'a' }, periods: -1 }).data[0]).toEqual([
      -3,
      -5,
      null,
      null,
      null,
    ]);
  });

  it('subtracts the previous selected column on axis 1', () => {
    const out = diff(t, { columns: { a: 'a', b: 'b' }, axis: 1 });
    expect(out.data[0]).toEqual([null, null, null, null, null]);
    expect(out.data[1]).toEqual([1, -2, -7, null, -23]);
  });

  it('writes to a new column', () => {
    const out = diff(t, { columns: { a: 'a_diff' } });
    expect(out.columns).toEqual(['a', 'b', 'a_diff']);
  });
});

import { describe, expect, it } from 'vitest';
import { flatten } from './flatten.js';
import { pivot } from './pivot.js';
import { rename } from './rename.js';
import { tableOf } from './table.js';

const flat = tableOf({ a: [1], b: [2] });
const pivoted = pivot(tableOf({ dt: ['d'], g: ['x'], m: [1] }), {
  index: ['dt'],
  columns: ['g'],
  aggregates: { m: { operator: 'mean' } },
});

describe('rename', () => {
  it('renames flat columns', () => {
    expect(rename(flat, { columns: { a: 'alpha' } }).columns).toEqual(['alpha', 'b']);
  });

  it('drops the metric level of a pivot by renaming it to null', () => {
    const out = rename(pivoted, { columns: { m: null }, level: 0, inplace: true });
    expect(out.header?.[1]).toEqual([null, 'x']);
    expect(flatten(out).columns).toEqual(['dt', 'x']);
  });

  it('renames a first-level label on level 0 only', () => {
    const out = rename(pivoted, { columns: { m: 'metric' }, level: 0 });
    expect(out.columns).toEqual(['dt', 'metric, x']);
  });

  it('names the problem', () => {
    expect(rename(flat, { columns: {} })).toBe(flat);
    expect(() => rename(flat, { columns: { a: 'b' } })).toThrow('Label already exists');
    expect(() => rename(flat, { columns: { z: 'q' } })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
    expect(() => rename(flat, { columns: { a: 'q' }, level: 1 })).toThrow(
      'Invalid level for rename: 1',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { select } from './select.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({ a: [1], b: [2], c: [3] });

describe('select', () => {
  it('keeps, orders, excludes and renames', () => {
    expect(select(t, { columns: ['c', 'a'] }).columns).toEqual(['c', 'a']);
    expect(select(t, { exclude: ['b'] }).columns).toEqual(['a', 'c']);
    expect(toRecords(select(t, { columns: ['b', 'a'], rename: { a: 'x' } }))).toEqual([
      { b: 2, x: 1 },
    ]);
    expect(select(t, { rename: [{ a: 'x' }, { c: 'z' }] }).columns).toEqual(['x', 'b', 'z']);
  });

  it('names columns that are not there', () => {
    expect(() => select(t, { columns: ['q'] })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
    expect(() => select(t, { exclude: ['q'] })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });

  it('refuses to exclude a column the selection already left out, naming it (Superset)', () => {
    expect(() => select(t, { columns: ['a'], exclude: ['b', 'c'] })).toThrow(
      'Referenced columns not available in DataFrame: b, c',
    );
    expect(select(t, { columns: ['a', 'b'], exclude: ['b'] }).columns).toEqual(['a']);
  });
});

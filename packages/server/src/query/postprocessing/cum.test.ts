import { describe, expect, it } from 'vitest';
import { cum } from './cum.js';
import { tableOf } from './table.js';

const t = tableOf({ y: [1, null, 3, -1] });

describe('cum', () => {
  it('accumulates, skipping missing values', () => {
    expect(cum(t, { operator: 'sum', columns: { y: 'y' } }).data[0]).toEqual([1, null, 4, 3]);
    expect(cum(t, { operator: 'prod', columns: { y: 'y' } }).data[0]).toEqual([1, null, 3, -3]);
    expect(cum(t, { operator: 'min', columns: { y: 'y' } }).data[0]).toEqual([1, null, 1, -1]);
    expect(cum(t, { operator: 'max', columns: { y: 'y' } }).data[0]).toEqual([1, null, 3, 3]);
  });

  it('adds a column for a new target', () => {
    const out = cum(t, { operator: 'sum', columns: { y: 'total' } });
    expect(out.columns).toEqual(['y', 'total']);
    expect(out.data[0]).toEqual([1, null, 3, -1]);
  });

  it('refuses other operators', () => {
    expect(() => cum(t, { operator: 'avg', columns: { y: 'y' } })).toThrow(
      'Invalid cumulative operator: avg',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { compare } from './compare.js';
import { pivot } from './pivot.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({ s: [10, 20, null, 3], c: [5, 25, 1, 0] });
const pair = { source_columns: ['s'], compare_columns: ['c'] };

describe('compare', () => {
  it('adds difference, percentage and ratio columns named type__source__compare', () => {
    expect(compare(t, { ...pair, compare_type: 'difference' }).data[2]).toEqual([5, -5, null, 3]);
    const pct = compare(t, { ...pair, compare_type: 'percentage' });
    expect(pct.columns).toEqual(['s', 'c', 'percentage__s__c']);
    // (10-5)/5, (20-25)/25, missing, 3/0 is infinite
    expect(pct.data[2]).toEqual([1, -0.2, null, null]);
    expect(compare(t, { ...pair, compare_type: 'ratio' }).data[2]).toEqual([2, 0.8, null, null]);
  });

  it('rounds to the precision and drops the original columns', () => {
    const out = compare(tableOf({ s: [1], c: [3] }), {
      source_columns: ['s'],
      compare_columns: ['c'],
      compare_type: 'ratio',
      precision: 2,
      drop_original_columns: true,
    });
    expect(toRecords(out)).toEqual([{ ratio__s__c: 0.33 }]);
  });

  it('matches column groups after a pivot', () => {
    const pivoted = pivot(
      tableOf({
        dt: ['d', 'd'],
        g: ['x', 'y'],
        m: [4, 9],
        'm__1 year ago': [2, 3],
      }),
      {
        index: ['dt'],
        columns: ['g'],
        aggregates: { m: { operator: 'mean' }, 'm__1 year ago': { operator: 'mean' } },
      },
    );
    const out = compare(pivoted, {
      source_columns: ['m'],
      compare_columns: ['m__1 year ago'],
      compare_type: 'difference',
      drop_original_columns: true,
    });
    expect(toRecords(out)).toEqual([
      { dt: 'd', 'difference__m__m__1 year ago, x': 2, 'difference__m__m__1 year ago, y': 6 },
    ]);
  });

  it('names the problem', () => {
    expect(() =>
      compare(t, { source_columns: ['s'], compare_columns: [], compare_type: 'ratio' }),
    ).toThrow('`compare_columns` must have the same length as `source_columns`.');
    expect(() => compare(t, { ...pair, compare_type: 'absolute' })).toThrow(
      '`compare_type` must be `difference`, `percentage` or `ratio`',
    );
    expect(() =>
      compare(t, { source_columns: ['z'], compare_columns: ['c'], compare_type: 'ratio' }),
    ).toThrow('Referenced columns not available in DataFrame.');
  });
});

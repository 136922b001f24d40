import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './apply.js';
import { rank } from './rank.js';
import { tableOf, toRecords } from './table.js';

describe('rank', () => {
  it("gives pandas' average percentile ranks, missing values unranked", () => {
    const out = rank(tableOf({ m: [3, 1, 2, 2, null] }), { metric: 'm' });
    expect(out.columns).toEqual(['m', 'rank']);
    expect(out.data[1]).toEqual([1, 0.25, 0.625, 0.625, null]);
  });

  it('ranks within each group, rows without a group value unranked', () => {
    const table = tableOf({ g: ['a', 'b', 'a', null], m: [20, 5, 10, 1] });
    const out = rank(table, { metric: 'm', group_by: 'g' });
    expect(toRecords(out).map((r) => r.rank)).toEqual([1, 1, 0.5, null]);
  });

  it('ranks numeric text as numbers and replaces an existing rank column', () => {
    const out = rank(tableOf({ rank: [0, 0], m: ['10', '9'] }), { metric: 'm' });
    expect(out.columns).toEqual(['rank', 'm']);
    expect(out.data[0]).toEqual([1, 0.5]);
  });

  it('is the operation heatmap_v2 sends, and names a missing column', () => {
    const out = applyPostProcessing(tableOf({ x: ['a', 'a'], 'SUM(n)': [1, 3] }), [
      { operation: 'rank', options: { metric: 'SUM(n)', group_by: 'x' } },
    ]);
    expect(toRecords(out)).toEqual([
      { x: 'a', 'SUM(n)': 1, rank: 0.5 },
      { x: 'a', 'SUM(n)': 3, rank: 1 },
    ]);
    expect(() => rank(tableOf({ m: [1] }), { metric: 'nope' })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});

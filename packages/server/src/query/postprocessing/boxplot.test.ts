import { describe, expect, it } from 'vitest';
import { boxplot } from './boxplot.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({
  g: ['A', 'A', 'A', 'A', 'A', 'B', 'B'],
  v: [1, 2, 3, 4, 100, 5, 5],
});

describe('boxplot', () => {
  it('computes tukey statistics per group', () => {
    // A: q1 = 2, q3 = 4, fences -1 and 7: whiskers 1 and 4, 100 is an outlier
    expect(
      toRecords(boxplot(t, { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' })),
    ).toEqual([
      {
        g: 'A',
        v__mean: 22,
        v__median: 3,
        v__max: 4,
        v__min: 1,
        v__q1: 2,
        v__q3: 4,
        v__count: 5,
        v__outliers: [100],
      },
      {
        g: 'B',
        v__mean: 5,
        v__median: 5,
        v__max: 5,
        v__min: 5,
        v__q1: 5,
        v__q3: 5,
        v__count: 2,
        v__outliers: [],
      },
    ]);
  });

  it('uses the extremes or two percentiles as whiskers', () => {
    const minmax = toRecords(
      boxplot(t, { groupby: ['g'], metrics: ['v'], whisker_type: 'min/max' }),
    );
    expect(minmax[0]).toMatchObject({ v__max: 100, v__min: 1, v__outliers: [] });
    const pct = toRecords(
      boxplot(t, {
        metrics: ['v'],
        whisker_type: 'percentile',
        percentiles: [10, 90],
        groupby: [],
      }),
    );
    // all seven values sorted 1,2,3,4,5,5,100: 10% at 0.6 -> 1.6, 90% at 5.4 -> 5 + 0.4 * 95 = 43
    expect(pct[0]?.v__min).toBeCloseTo(1.6);
    expect(pct[0]?.v__max).toBeCloseTo(43);
    expect(pct[0]?.v__outliers).toEqual([100, 1]);
  });

  it('orders columns statistic by statistic', () => {
    const two = tableOf({ a: [1], b: [2] });
    const out = boxplot(two, { metrics: ['a', 'b'], whisker_type: 'min/max' });
    expect(out.columns.slice(0, 4)).toEqual(['a__mean', 'b__mean', 'a__median', 'b__median']);
  });

  it('names the problem', () => {
    expect(() =>
      boxplot(t, { metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] }),
    ).toThrow('percentiles must be a list or tuple with two numeric values');
    expect(() => boxplot(t, { metrics: ['v'], whisker_type: 'box' })).toThrow(
      'Invalid whisker_type: box',
    );
    expect(() => boxplot(t, { metrics: ['zz'], whisker_type: 'tukey' })).toThrow(
      'Column referenced by aggregate is undefined: zz',
    );
  });
});

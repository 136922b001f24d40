import { describe, expect, it } from 'vitest';
import { aggregatorFor } from './aggregate-functions.js';
import { compareCells, nanPercentile, numberOrNaN, roundTo } from './numbers.js';

describe('numbers', () => {
  it('reads cells as numbers', () => {
    expect(numberOrNaN(null)).toBeNaN();
    expect(numberOrNaN(true)).toBe(1);
    expect(numberOrNaN('12.50')).toBe(12.5);
    expect(numberOrNaN('2021-01-01')).toBeUndefined();
  });

  it('takes percentiles as numpy does', () => {
    const v = [4, 1, 3, 2];
    expect(nanPercentile(v, 25)).toBe(1.75); // position 0.75 between 1 and 2
    expect(nanPercentile(v, 25, 'midpoint')).toBe(1.5);
    expect(nanPercentile(v, 25, 'lower')).toBe(1);
    expect(nanPercentile(v, 25, 'higher')).toBe(2);
    expect(nanPercentile([Number.NaN], 50)).toBeNaN();
  });

  it('rounds half to even at the decimal place', () => {
    expect(roundTo(0.125, 2)).toBe(0.12);
    expect(roundTo(0.135, 2)).toBe(0.14);
    expect(roundTo(-0.3333333, 4)).toBe(-0.3333);
  });

  it('orders numbers before text, nulls last', () => {
    expect([null, 'b', 10, 'a', 2].sort(compareCells)).toEqual([2, 10, 'a', 'b', null]);
  });
});

describe('aggregate functions', () => {
  const withGap = [1, Number.NaN, 3];

  it('skip missing values where pandas does and not where numpy does', () => {
    expect(aggregatorFor('mean')(withGap)).toBe(2);
    expect(aggregatorFor('sum')(withGap)).toBe(4);
    expect(aggregatorFor('median')(withGap)).toBeNaN();
    expect(aggregatorFor('nanmedian')(withGap)).toBe(2);
    expect(aggregatorFor('count')(withGap)).toBe(3);
    expect(aggregatorFor('prod')(withGap)).toBe(3);
    expect(aggregatorFor('argmax')(withGap)).toBe(2);
    expect(aggregatorFor('var')([1, 3])).toBe(1);
    expect(aggregatorFor('var', { ddof: 1 })([1, 3])).toBe(2);
  });

  it('refuses unknown functions and options', () => {
    expect(() => aggregatorFor('eval')).toThrow('Invalid numpy function: eval');
    expect(() => aggregatorFor('cumsum')).toThrow('Invalid numpy function: cumsum');
    expect(() => aggregatorFor('sum', { axis: 1 })).toThrow('Invalid options for sum: "axis"');
    expect(() => aggregatorFor('percentile', {})).toThrow('q must be a number from 0 to 100');
  });
});

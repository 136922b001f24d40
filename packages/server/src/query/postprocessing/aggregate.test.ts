import { describe, expect, it } from 'vitest';
import { aggregate } from './aggregate.js';
import { PostProcessingError } from './errors.js';
import { tableOf, toRecords } from './table.js';

const sales = tableOf({
  country: ['UK', 'US', 'UK', 'US', 'US'],
  year: [2020, 2020, 2021, 2021, 2021],
  sales: [10, 20, 30, 40, null],
});

describe('aggregate', () => {
  it('groups and aggregates, groups sorted, missing values skipped', () => {
    const out = aggregate(sales, {
      groupby: ['country'],
      aggregates: {
        total: { column: 'sales', operator: 'sum' },
        avg: { column: 'sales', operator: 'mean' },
        n: { column: 'sales', operator: 'count' },
      },
    });
    expect(toRecords(out)).toEqual([
      { country: 'UK', total: 40, avg: 20, n: 2 },
      { country: 'US', total: 60, avg: 30, n: 3 },
    ]);
  });

  it('aggregates the whole table without groupby; the column defaults to the name', () => {
    const out = aggregate(sales, {
      aggregates: { sales: { operator: 'max' }, sd: { column: 'sales', operator: 'std' } },
    });
    // population std of 10, 20, 30, 40: mean 25, squares 225+25+25+225 = 500, /4 = 125
    expect(toRecords(out)).toEqual([{ sales: 40, sd: Math.sqrt(125) }]);
  });

  it('takes numpy options (percentile q, std ddof)', () => {
    const out = aggregate(sales, {
      aggregates: {
        p: { column: 'sales', operator: 'nanpercentile', options: { q: 25 } },
        sd: { column: 'sales', operator: 'std', options: { ddof: 1 } },
      },
    });
    // sorted 10,20,30,40: position 0.75 -> 17.5; sample variance 500/3
    expect(toRecords(out)).toEqual([{ p: 17.5, sd: Math.sqrt(500 / 3) }]);
  });

  it('names the problem', () => {
    expect(() => aggregate(sales, { groupby: ['nope'], aggregates: {} })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
    expect(() => aggregate(sales, { aggregates: { x: { operator: 'sum' } } })).toThrow(
      'Column referenced by aggregate is undefined: x',
    );
    expect(() => aggregate(sales, { aggregates: { sales: {} } })).toThrow(
      'Operator undefined for aggregator: sales',
    );
    expect(() => aggregate(sales, { aggregates: { sales: { operator: 'eval' } } })).toThrow(
      PostProcessingError,
    );
  });
});

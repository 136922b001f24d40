import { describe, expect, it } from 'vitest';
import { pivot } from './pivot.js';
import { tableOf, toRecords } from './table.js';

const sales = tableOf({
  dt: ['d1', 'd1', 'd2', 'd2', 'd2'],
  country: ['UK', 'US', 'UK', 'US', null],
  sales: [1, 2, 3, 4, 5],
  cost: [10, 20, 30, 40, null],
});

describe('pivot', () => {
  it('spreads column values into a multi-level header, missing values as <NULL>', () => {
    const out = pivot(sales, {
      index: ['dt'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' } },
    });
    expect(out.indexCount).toBe(1);
    expect(out.columns).toEqual(['dt', 'sales, <NULL>', 'sales, UK', 'sales, US']);
    expect(out.header).toEqual([
      ['dt', null],
      ['sales', '<NULL>'],
      ['sales', 'UK'],
      ['sales', 'US'],
    ]);
    expect(toRecords(out)).toEqual([
      { dt: 'd1', 'sales, <NULL>': null, 'sales, UK': 1, 'sales, US': 2 },
      { dt: 'd2', 'sales, <NULL>': 5, 'sales, UK': 3, 'sales, US': 4 },
    ]);
  });

  it('fills empty cells with metric_fill_value', () => {
    const out = pivot(sales, {
      index: ['dt'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' } },
      metric_fill_value: 0,
    });
    expect(out.data[1]).toEqual([0, 5]);
  });

  it('adds margins: a total column per metric and a total row', () => {
    const out = pivot(sales, {
      index: ['dt'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' } },
      marginal_distributions: true,
    });
    expect(out.columns).toEqual(['dt', 'sales, <NULL>', 'sales, UK', 'sales, US', 'sales, All']);
    expect(toRecords(out)).toEqual([
      { dt: 'd1', 'sales, <NULL>': null, 'sales, UK': 1, 'sales, US': 2, 'sales, All': 3 },
      { dt: 'd2', 'sales, <NULL>': 5, 'sales, UK': 3, 'sales, US': 4, 'sales, All': 12 },
      { dt: 'All', 'sales, <NULL>': 5, 'sales, UK': 4, 'sales, US': 6, 'sales, All': 15 },
    ]);
  });

  it('keeps flat metric names without columns; metrics sorted; margin row with a name', () => {
    const out = pivot(sales, {
      index: ['dt'],
      aggregates: { sales: { operator: 'sum' }, cost: { operator: 'mean' } },
      marginal_distributions: true,
      marginal_distribution_name: 'Total',
    });
    expect(out.header).toBeUndefined();
    // margins use rows with no missing key or value: row 5 (cost null) is left out
    expect(toRecords(out)).toEqual([
      { dt: 'd1', cost: 15, sales: 3 },
      { dt: 'd2', cost: 35, sales: 12 },
      { dt: 'Total', cost: 25, sales: 10 },
    ]);
  });

  it('keeps missing column values as an empty level when neither filled nor dropped', () => {
    const out = pivot(sales, {
      index: ['dt'],
      columns: ['country'],
      aggregates: { sales: { operator: 'sum' } },
      column_fill_value: null,
      drop_missing_columns: false,
    });
    expect(out.columns).toEqual(['dt', 'sales, UK', 'sales, US', 'sales']);
    expect(out.data[3]).toEqual([null, 5]);
  });

  it('keeps only column groups seen in the data, not their product (Superset test)', () => {
    const out = pivot(
      tableOf({ dttm: ['2019-01-01', '2019-01-01'], a: [0, 1], b: [0, 1], metric: [9, null] }),
      {
        index: ['dttm'],
        columns: ['a', 'b'],
        aggregates: { metric: { operator: 'mean' } },
        drop_missing_columns: false,
      },
    );
    expect(out.columns).toEqual(['dttm', 'metric, 0, 0', 'metric, 1, 1']);
    expect(out.data[2]).toEqual([null]);
  });

  it('puts the metric last with combine_value_with_metric', () => {
    const out = pivot(tableOf({ dt: ['d1', 'd1'], c: ['a', 'b'], x: [1, 2], y: [3, 4] }), {
      index: ['dt'],
      columns: ['c'],
      aggregates: { x: { operator: 'sum' }, y: { operator: 'sum' } },
      combine_value_with_metric: true,
    });
    expect(out.columns).toEqual(['dt', 'a, x', 'a, y', 'b, x', 'b, y']);
    expect(toRecords(out)).toEqual([{ dt: 'd1', 'a, x': 1, 'a, y': 3, 'b, x': 2, 'b, y': 4 }]);
  });

  it('names the problem', () => {
    const aggregates = { sales: { operator: 'sum' } };
    expect(() => pivot(sales, { index: [], aggregates })).toThrow(
      'Pivot operation requires at least one index',
    );
    expect(() => pivot(sales, { index: ['dt'], aggregates: {} })).toThrow(
      'Pivot operation must include at least one aggregate',
    );
    expect(() => pivot(sales, { index: ['nope'], aggregates })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});

// Issue 16 point 2: a pivot of distinct values on both axes grows as rows × columns.
describe('pivot size', () => {
  it('refuses a pivot past MAX_PIVOT_CELLS instead of building it', () => {
    const n = 4000;
    const table = tableOf({
      a: Array.from({ length: n }, (_, i) => `a${i}`),
      b: Array.from({ length: n }, (_, i) => `b${i}`),
      v: Array.from({ length: n }, () => 1),
    });
    expect(() =>
      pivot(table, { index: ['a'], columns: ['b'], aggregates: { v: { operator: 'sum' } } }),
    ).toThrow(/more than 10000000 cells/);
  });
});

import { describe, expect, it } from 'vitest';
import { timeSeriesData, timeSeriesQueryObject } from './nvd3-time-series.js';

const sales = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'sales' },
  label: '(Sales)',
};
const T1 = Date.UTC(2004, 0, 1);
const T2 = Date.UTC(2004, 1, 1);
const T3 = Date.UTC(2004, 2, 1);

describe('horizon (HorizonViz ← NVD3TimeSeriesViz)', () => {
  it('asks a time series grouped by groupby + columns, ordered by the first metric', () => {
    const q = timeSeriesQueryObject(
      { metrics: null, columns: [], granularity: 'order_date', is_timeseries: false },
      {
        granularity_sqla: 'order_date',
        groupby: ['product_line'],
        columns: ['product_line', 'deal_size'],
        metrics: [sales],
        order_desc: true,
        limit: '5',
      },
    );
    expect(q).toMatchObject({
      granularity: 'order_date',
      is_timeseries: true,
      columns: ['product_line', 'deal_size'],
      metrics: [sales],
      series_limit: 5,
      orderby: [[sales, false]],
    });
    const sortedBy = timeSeriesQueryObject(
      {},
      { metrics: ['count'], timeseries_limit_metric: 'avg_x', order_desc: false },
    );
    // The sort metric is asked too, ascending when order_desc is off.
    expect(sortedBy.metrics).toEqual(['count', 'avg_x']);
    expect(sortedBy.orderby).toEqual([['avg_x', true]]);
    expect(sortedBy.series_limit_metric).toBe('avg_x');
  });

  it('one series per group-by value, keyed by the values alone with one metric', () => {
    const rows = [
      { __timestamp: T2, product_line: 'Ships', '(Sales)': '20.5' },
      { __timestamp: T1, product_line: 'Ships', '(Sales)': 10 },
      { __timestamp: T1, product_line: 'Cars', '(Sales)': 5 },
      { __timestamp: T3, product_line: 'Cars', '(Sales)': 7 },
      { __timestamp: T3, product_line: null, '(Sales)': 99 },
    ];
    expect(timeSeriesData(rows, { groupby: ['product_line'], metrics: [sales] })).toEqual([
      {
        key: ['Cars'],
        values: [
          { x: T1, y: 5 },
          { x: T2, y: null },
          { x: T3, y: 7 },
        ],
      },
      {
        key: ['Ships'],
        values: [
          { x: T1, y: 10 },
          { x: T2, y: 20.5 },
          { x: T3, y: null },
        ],
      },
    ]);
  });

  it('keys by the metric label without group-by, and metric first with several metrics', () => {
    const rows = [
      { __timestamp: T1, g: 1, a: 1, b: 2 },
      { __timestamp: T2, g: 1, a: 3, b: null },
    ];
    expect(timeSeriesData(rows, { metrics: ['b', 'a'] })).toEqual([
      {
        key: 'a',
        values: [
          { x: T1, y: 1 },
          { x: T2, y: 3 },
        ],
      },
      {
        key: 'b',
        values: [
          { x: T1, y: 2 },
          { x: T2, y: null },
        ],
      },
    ]);
    expect(timeSeriesData(rows, { metrics: ['a', 'b'], groupby: ['g'] }).map((s) => s.key)).toEqual(
      [
        ['a', '1'],
        ['b', '1'],
      ],
    );
    // A series without any value is left out.
    expect(timeSeriesData([{ __timestamp: T1, a: null }], { metrics: ['a'] })).toEqual([]);
    expect(timeSeriesData([], { metrics: ['a'] })).toEqual([]);
  });

  it('averages duplicate cells, applies cumsum, rolling windows and contribution', () => {
    const rows = [
      { __timestamp: T1, a: 2 },
      { __timestamp: T1, a: 4 },
      { __timestamp: T2, a: 1 },
      { __timestamp: T3, a: 5 },
    ];
    const ys = (fd: Record<string, unknown>) =>
      timeSeriesData(rows, { metrics: ['a'], ...fd })[0]!.values.map((p) => p.y);
    expect(ys({})).toEqual([3, 1, 5]);
    expect(ys({ rolling_type: 'cumsum' })).toEqual([3, 4, 9]);
    expect(ys({ rolling_type: 'sum', rolling_periods: 2 })).toEqual([3, 4, 6]);
    expect(ys({ rolling_type: 'mean', rolling_periods: 2, min_periods: 1 })).toEqual([2, 3]);
    const two = [
      { __timestamp: T1, g: 'x', a: 1 },
      { __timestamp: T1, g: 'y', a: 3 },
    ];
    expect(
      timeSeriesData(two, { metrics: ['a'], groupby: ['g'], contribution: true }).map(
        (s) => s.values[0]!.y,
      ),
    ).toEqual([0.25, 0.75]);
    expect(() => timeSeriesData(rows, { metrics: ['a'], granularity: 'all' })).toThrow(
      /granularity/,
    );
  });
});

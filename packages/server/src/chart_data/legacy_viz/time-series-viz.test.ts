import { describe, expect, it } from 'vitest';
import { roseData } from './nvd3-time-series.js';
import { pairedTTestData, pairedTTestQueryObject } from './paired-ttest.js';

const T1 = Date.UTC(2004, 0, 1);
const T2 = Date.UTC(2004, 1, 1);

describe('rose (RoseViz)', () => {
  it('regroups the NVD3 series by time in nanoseconds, a missing value as 0', () => {
    const rows = [
      { __timestamp: T1, g: 'x', n: 1 },
      { __timestamp: T1, g: 'y', n: 2 },
      { __timestamp: T2, g: 'x', n: 3 },
    ];
    expect(roseData(rows, { metrics: ['n'], groupby: ['g'] })).toEqual({
      '1072915200000000000': [
        { key: ['x'], value: 1, name: ['x'], time: T1 },
        { key: ['y'], value: 2, name: ['y'], time: T1 },
      ],
      '1075593600000000000': [
        { key: ['x'], value: 3, name: ['x'], time: T2 },
        { key: ['y'], value: 0, name: ['y'], time: T2 },
      ],
    });
    expect(roseData([{ __timestamp: T1, n: 4 }], { metrics: ['n'] })).toEqual({
      '1072915200000000000': [{ key: 'n', value: 4, name: 'n', time: T1 }],
    });
    expect(roseData([], { metrics: ['n'] })).toBeNull();
  });
});

describe('paired_ttest (PairedTTestViz)', () => {
  it('asks a time series; ordered by the sort metric only when order_desc', () => {
    expect(
      pairedTTestQueryObject(
        {},
        { metrics: ['a'], groupby: ['g'], timeseries_limit_metric: 'b', order_desc: true },
      ),
    ).toMatchObject({
      metrics: ['a', 'b'],
      columns: ['g'],
      is_timeseries: true,
      orderby: [['b', false]],
    });
    expect(
      pairedTTestQueryObject(
        {},
        { metrics: ['a'], timeseries_limit_metric: 'b', order_desc: false },
      ).orderby,
    ).toBeUndefined();
  });

  it('answers per metric the groups (values as they are) and their points', () => {
    const rows = [
      { __timestamp: T1, g: 10, a: 1, b: '2' },
      { __timestamp: T1, g: 9, a: 3, b: null },
      { __timestamp: T2, g: 10, a: 5, b: 6 },
    ];
    expect(pairedTTestData(rows, { metrics: ['b', 'a'], groupby: ['g'] })).toEqual({
      a: [
        {
          group: [9],
          values: [
            { x: T1, y: 3 },
            { x: T2, y: null },
          ],
        },
        {
          group: [10],
          values: [
            { x: T1, y: 1 },
            { x: T2, y: 5 },
          ],
        },
      ],
      b: [
        {
          group: [10],
          values: [
            { x: T1, y: 2 },
            { x: T2, y: 6 },
          ],
        },
      ],
    });
    expect(pairedTTestData(rows, { metrics: ['a'] })).toEqual({
      a: [
        {
          group: 'All',
          values: [
            { x: T1, y: 2 },
            { x: T2, y: 5 },
          ],
        },
      ],
    });
    expect(pairedTTestData([], { metrics: ['a'] })).toBeNull();
  });
});

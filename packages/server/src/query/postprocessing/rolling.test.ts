import { describe, expect, it } from 'vitest';
import { pivot } from './pivot.js';
import { rolling } from './rolling.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({ dt: ['d1', 'd2', 'd3', 'd4', 'd5'], y: [1, 2, 3, 4, 5] });

describe('rolling', () => {
  it('sums and averages over a trailing window; min_periods 0 uses what there is', () => {
    expect(
      rolling(t, { rolling_type: 'sum', window: 3, min_periods: 0, columns: { y: 'y' } }).data[1],
    ).toEqual([1, 3, 6, 9, 12]);
    expect(
      rolling(t, { rolling_type: 'mean', window: 3, min_periods: 0, columns: { y: 'y' } }).data[1],
    ).toEqual([1, 1.5, 2, 3, 4]);
  });

  it('counts and takes quantiles (Superset test_rolling)', () => {
    const four = tableOf({ y: [1, 2, 3, 4] });
    expect(
      rolling(four, { rolling_type: 'count', window: 10, min_periods: 0, columns: { y: 'y' } })
        .data[0],
    ).toEqual([1, 2, 3, 4]);
    const q = rolling(four, {
      rolling_type: 'quantile',
      rolling_type_options: { quantile: 0.25 },
      window: 10,
      min_periods: 0,
      columns: { y: 'q1' },
    });
    expect(q.data[1]).toEqual([1, 1.25, 1.5, 1.75]);
    expect(() =>
      rolling(four, {
        rolling_type: 'quantile',
        rolling_type_options: { abc: 123 },
        window: 2,
        columns: { y: 'y' },
      }),
    ).toThrow('Invalid options for quantile');
  });

  it('takes cumsum from older clients as a running sum', () => {
    expect(rolling(t, { rolling_type: 'cumsum', columns: { y: 'y' } }).data[1]).toEqual([
      1, 3, 6, 10, 15,
    ]);
  });

  it('needs a full window by default', () => {
    const out = rolling(t, { rolling_type: 'mean', window: 3, columns: { y: 'y' } });
    expect(out.data[1]).toEqual([null, null, 2, 3, 4]);
  });

  it('drops the first min_periods - 1 rows, as Superset does', () => {
    const out = rolling(t, {
      rolling_type: 'mean',
      window: 3,
      min_periods: 2,
      columns: { y: 'y' },
    });
    expect(toRecords(out)).toEqual([
      { dt: 'd2', y: 1.5 },
      { dt: 'd3', y: 2 },
      { dt: 'd4', y: 3 },
      { dt: 'd5', y: 4 },
    ]);
  });

  it('computes the sample std (ddof 1) and writes to a new column', () => {
    const out = rolling(t, {
      rolling_type: 'std',
      window: 2,
      min_periods: 0,
      columns: { y: 'y_std' },
    });
    expect(out.columns).toEqual(['dt', 'y', 'y_std']);
    expect(out.data[1]).toEqual([1, 2, 3, 4, 5]);
    const half = Math.sqrt(0.5);
    expect(out.data[2]).toEqual([null, half, half, half, half]);
  });

  it('centres the window', () => {
    const out = rolling(t, {
      rolling_type: 'sum',
      window: 3,
      min_periods: 1,
      center: true,
      columns: { y: 'y' },
    });
    // first row is dropped (min_periods 1 drops nothing): windows [1,2] [1,2,3] [2,3,4] [3,4,5] [4,5]
    expect(out.data[1]).toEqual([3, 6, 9, 12, 9]);
  });

  it('applies to every column of a metric after a pivot', () => {
    const pivoted = pivot(
      tableOf({ dt: ['a', 'a', 'b', 'b'], c: ['x', 'y', 'x', 'y'], m: [1, 10, 2, 20] }),
      { index: ['dt'], columns: ['c'], aggregates: { m: { operator: 'mean' } } },
    );
    const out = rolling(pivoted, {
      rolling_type: 'sum',
      window: 2,
      min_periods: 0,
      columns: { m: 'm' },
    });
    expect(toRecords(out)).toEqual([
      { dt: 'a', 'm, x': 1, 'm, y': 10 },
      { dt: 'b', 'm, x': 3, 'm, y': 30 },
    ]);
  });

  it('names the problem', () => {
    expect(() => rolling(t, { rolling_type: 'sum', columns: { y: 'y' } })).toThrow(
      'Undefined window for rolling operation',
    );
    expect(() => rolling(t, { rolling_type: 'sum', window: 0, columns: { y: 'y' } })).toThrow(
      'Window must be > 0',
    );
    expect(() => rolling(t, { rolling_type: 'eval', window: 2, columns: { y: 'y' } })).toThrow(
      'Invalid rolling_type: eval',
    );
    expect(() => rolling(t, { rolling_type: 'sum', window: 2, columns: { z: 'z' } })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });

  it('takes skew and kurt as pandas (bias-corrected; too few values is missing)', () => {
    const v = tableOf({ y: [1, 2, 4, 8, 8, 8, 8] });
    const skew = toRecords(rolling(v, { rolling_type: 'skew', window: 3, columns: { y: 's' } }));
    expect(skew[0]?.s).toBeNull();
    expect(skew[1]?.s).toBeNull();
    expect(skew[2]?.s).toBeCloseTo(0.935219, 5);
    const kurt = toRecords(rolling(v, { rolling_type: 'kurt', window: 4, columns: { y: 'k' } }));
    expect(kurt[2]?.k).toBeNull();
    expect(kurt[3]?.k).toBeCloseTo(0.757655, 5);
  });
});

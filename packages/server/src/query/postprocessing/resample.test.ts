import { describe, expect, it } from 'vitest';
import { flatten } from './flatten.js';
import { pivot } from './pivot.js';
import { resample } from './resample.js';
import { makeTable, tableOf, toRecords } from './table.js';

const day = (d: string): string => `2021-01-${d}T00:00:00.000Z`;
// An index (as pivot leaves it) with a gap on the 2nd and 4th.
const series = makeTable(
  ['__timestamp', 'y'],
  [
    ['2021-01-01', '2021-01-03', '2021-01-05'],
    [1, 3, null],
  ],
  1,
);

describe('resample', () => {
  it('asfreq puts rows on the daily grid, gaps missing or filled', () => {
    const out = resample(series, { rule: '1D', method: 'asfreq' });
    expect(out.indexCount).toBe(1);
    expect(toRecords(out)).toEqual([
      { __timestamp: day('01'), y: 1 },
      { __timestamp: day('02'), y: null },
      { __timestamp: day('03'), y: 3 },
      { __timestamp: day('04'), y: null },
      { __timestamp: day('05'), y: null },
    ]);
    const zero = resample(series, { rule: '1D', method: 'asfreq', fill_value: 0 });
    expect(zero.data[1]).toEqual([1, 0, 3, 0, 0]);
  });

  it('ffill and bfill carry values across gaps', () => {
    expect(resample(series, { rule: '1D', method: 'ffill' }).data[1]).toEqual([1, 1, 3, 3, 3]);
    expect(resample(series, { rule: '1D', method: 'bfill' }).data[1]).toEqual([
      1,
      3,
      3,
      null,
      null,
    ]);
  });

  it('linear interpolates inside gaps', () => {
    const t = makeTable(
      ['t', 'y'],
      [
        ['2021-01-01', '2021-01-04'],
        [1, 7],
      ],
      1,
    );
    expect(resample(t, { rule: '1D', method: 'linear' }).data[1]).toEqual([1, 3, 5, 7]);
  });

  it('sums, averages and takes medians per bucket: 7D from the first day, 1M at month ends', () => {
    const t = makeTable(
      ['t', 'y'],
      [
        ['2021-01-01T10:00:00Z', '2021-01-05', '2021-01-08', '2021-01-20', '2021-03-02'],
        [1, 2, 4, 8, 16],
      ],
      1,
    );
    expect(toRecords(resample(t, { rule: '7D', method: 'sum' }))).toEqual([
      { t: day('01'), y: 3 },
      { t: day('08'), y: 4 },
      { t: day('15'), y: 8 },
      { t: day('22'), y: 0 },
      { t: day('29'), y: 0 },
      { t: '2021-02-05T00:00:00.000Z', y: 0 },
      { t: '2021-02-12T00:00:00.000Z', y: 0 },
      { t: '2021-02-19T00:00:00.000Z', y: 0 },
      { t: '2021-02-26T00:00:00.000Z', y: 16 },
    ]);
    expect(toRecords(resample(t, { rule: '1M', method: 'mean' }))).toEqual([
      { t: day('31'), y: 3.75 },
      { t: '2021-02-28T00:00:00.000Z', y: null },
      { t: '2021-03-31T00:00:00.000Z', y: 16 },
    ]);
    expect(resample(t, { rule: '1M', method: 'median' }).data[1]).toEqual([3, null, 16]);
  });

  it('buckets by hour, minute and year start', () => {
    const t = makeTable(
      ['t', 'y'],
      [
        ['2021-01-01T10:30:00Z', '2021-01-01T11:59:59Z', '2022-06-01'],
        [1, 2, 4],
      ],
      1,
    );
    const hours = resample(t, { rule: '1H', method: 'sum' });
    expect(hours.data[0]?.slice(0, 2)).toEqual([
      '2021-01-01T10:00:00.000Z',
      '2021-01-01T11:00:00.000Z',
    ]);
    expect(hours.data[1]?.slice(0, 3)).toEqual([1, 2, 0]);
    const years = resample(t, { rule: '1AS', method: 'sum' });
    expect(toRecords(years)).toEqual([
      { t: '2021-01-01T00:00:00.000Z', y: 3 },
      { t: '2022-01-01T00:00:00.000Z', y: 4 },
    ]);
    const minutes = resample(
      makeTable(
        ['t', 'y'],
        [
          ['2021-01-01T10:30:10Z', '2021-01-01T10:32:00Z'],
          [1, 2],
        ],
        1,
      ),
      { rule: '1T', method: 'asfreq' },
    );
    expect(minutes.data[0]).toEqual([
      '2021-01-01T10:30:00.000Z',
      '2021-01-01T10:31:00.000Z',
      '2021-01-01T10:32:00.000Z',
    ]);
    expect(minutes.data[1]).toEqual([null, null, 2]);
  });

  it('fills a gap day after a pivot (Superset test_resample_after_pivot)', () => {
    const pivoted = pivot(
      tableOf({
        __timestamp: [
          '2022-01-13',
          '2022-01-13',
          '2022-01-13',
          '2022-01-11',
          '2022-01-11',
          '2022-01-11',
        ],
        city: ['Chicago', 'LA', 'NY', 'Chicago', 'LA', 'NY'],
        val: [6, 5, 4, 3, 2, 1],
      }),
      { index: ['__timestamp'], columns: ['city'], aggregates: { val: { operator: 'sum' } } },
    );
    const out = flatten(resample(pivoted, { rule: '1D', method: 'asfreq', fill_value: 0 }));
    expect(toRecords(out)).toEqual([
      { __timestamp: '2022-01-11T00:00:00.000Z', 'val, Chicago': 3, 'val, LA': 2, 'val, NY': 1 },
      { __timestamp: '2022-01-12T00:00:00.000Z', 'val, Chicago': 0, 'val, LA': 0, 'val, NY': 0 },
      { __timestamp: '2022-01-13T00:00:00.000Z', 'val, Chicago': 6, 'val, LA': 5, 'val, NY': 4 },
    ]);
  });

  it('carries text values too and fills them with fill_value (Superset test_resample)', () => {
    const t = makeTable(
      ['t', 'label', 'y'],
      [
        ['2019-01-01', '2019-01-02', '2019-01-05', '2019-01-07'],
        ['x', 'y', 'z', 'q'],
        [1, 2, 3, 4],
      ],
      1,
    );
    expect(resample(t, { rule: '1D', method: 'ffill' }).data[1]).toEqual([
      'x',
      'y',
      'y',
      'y',
      'z',
      'z',
      'q',
    ]);
    expect(resample(t, { rule: '1D', method: 'asfreq', fill_value: 0 }).data[1]).toEqual([
      'x',
      'y',
      0,
      0,
      'z',
      0,
      'q',
    ]);
  });

  it('takes a time_column of a table without index (older clients)', () => {
    const t = tableOf({ t: ['2021-01-01', '2021-01-03'], y: [1, 3] });
    const out = resample(t, { rule: '1D', method: 'asfreq', fill_value: 0, time_column: 't' });
    expect(out.indexCount).toBeUndefined();
    expect(out.data[1]).toEqual([1, 0, 3]);
  });

  it('names the problem', () => {
    expect(() => resample(tableOf({ y: [1] }), { rule: '1D', method: 'asfreq' })).toThrow(
      'Resample operation requires DatetimeIndex',
    );
    expect(() => resample(series, { rule: '1D', method: 'pad' })).toThrow(
      'Resample method should be in asfreq, bfill, ffill, linear, median, mean, sum.',
    );
    expect(() => resample(series, { rule: '3M', method: 'sum' })).toThrow(
      'Invalid resample rule: 3M',
    );
    expect(resample(series, { rule: '12H', method: 'sum' }).data[1]).toHaveLength(9);
    expect(() =>
      resample(
        makeTable(
          ['t', 'y'],
          [
            ['2000-01-01', '2021-01-01'],
            [1, 2],
          ],
          1,
        ),
        {
          rule: '1S',
          method: 'sum',
        },
      ),
    ).toThrow('would make more than');
  });
});

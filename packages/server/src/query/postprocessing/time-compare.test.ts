import { describe, expect, it } from 'vitest';
import {
  joinTimeOffsets,
  shiftTimestamp,
  timeCompare,
  timeDelta,
  TIME_SHIFT_PRESETS,
} from './time-compare.js';
import { tableOf, toRecords } from './table.js';

describe('time shifts', () => {
  it('reads every preset', () => {
    const shifted = TIME_SHIFT_PRESETS.map((p) => shiftTimestamp('2024-03-01T00:00:00Z', p));
    expect(shifted).toEqual([
      '2024-02-29T00:00:00.000Z', // 1 day ago (leap year)
      '2024-02-23T00:00:00.000Z', // 1 week ago
      '2024-02-02T00:00:00.000Z', // 28 days ago
      '2024-01-31T00:00:00.000Z', // 30 days ago
      '2023-03-03T00:00:00.000Z', // 52 weeks ago = 364 days
      '2023-03-01T00:00:00.000Z', // 1 year ago
      '2022-03-04T00:00:00.000Z', // 104 weeks ago = 728 days
      '2022-03-01T00:00:00.000Z', // 2 years ago
      '2021-03-05T00:00:00.000Z', // 156 weeks ago = 1092 days
      '2021-03-01T00:00:00.000Z', // 3 years ago
    ]);
  });

  it('clamps calendar shifts to the month end and moves back with direction -1', () => {
    expect(shiftTimestamp('2024-02-29T12:30:00Z', '1 year ago')).toBe('2023-02-28T12:30:00.000Z');
    expect(shiftTimestamp('2023-02-28', '1 year ago', -1)).toBe('2024-02-28T00:00:00.000Z');
    expect(shiftTimestamp('2021-03-31', '1 month ago')).toBe('2021-02-28T00:00:00.000Z');
    expect(timeDelta('2 quarters later')).toEqual({ unit: 'months', amount: 6 });
    expect(() => timeDelta('yesterday')).toThrow('Invalid time shift: yesterday');
  });
});

describe('joinTimeOffsets and timeCompare', () => {
  const main = tableOf({ dt: ['d1', 'd2', 'd3'], g: ['a', 'a', 'a'], m: [10, 20, 30] });
  const lastYear = tableOf({ dt: ['d1', 'd2'], g: ['a', 'a'], m: [5, 40] });
  const joined = joinTimeOffsets(main, [{ offset: '1 year ago', table: lastYear }], {
    metrics: ['m'],
    joinKeys: ['dt', 'g'],
  });

  it('left-joins each shifted metric as metric__offset', () => {
    expect(toRecords(joined)).toEqual([
      { dt: 'd1', g: 'a', m: 10, 'm__1 year ago': 5 },
      { dt: 'd2', g: 'a', m: 20, 'm__1 year ago': 40 },
      { dt: 'd3', g: 'a', m: 30, 'm__1 year ago': null },
    ]);
  });

  it('compares each metric with its shifted values', () => {
    const options = { metrics: ['m'], offsets: ['1 year ago'] };
    expect(timeCompare(joined, { ...options, comparison_type: 'values' })).toBe(joined);
    expect(toRecords(timeCompare(joined, { ...options, comparison_type: 'difference' }))).toEqual([
      { dt: 'd1', g: 'a', 'difference__m__m__1 year ago': 5 },
      { dt: 'd2', g: 'a', 'difference__m__m__1 year ago': -20 },
      { dt: 'd3', g: 'a', 'difference__m__m__1 year ago': null },
    ]);
    expect(timeCompare(joined, { ...options, comparison_type: 'absolute' }).data[2]).toEqual([
      5,
      -20,
      null,
    ]);
    expect(timeCompare(joined, { ...options, comparison_type: 'percentage' }).data[2]).toEqual([
      1,
      -0.5,
      null,
    ]);
    expect(timeCompare(joined, { ...options, comparison_type: 'ratio' }).data[2]).toEqual([
      2,
      0.5,
      null,
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { calHeatmapData, calHeatmapQueryObject, relativeDelta } from './cal-heatmap.js';

const D = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d);

describe('cal_heatmap (CalHeatmapViz)', () => {
  it('asks the metrics at the grain of the subdomain', () => {
    expect(
      calHeatmapQueryObject(
        { extras: { where: 'x' } },
        { metrics: ['n'], subdomain_granularity: 'day' },
      ),
    ).toMatchObject({
      metrics: ['n'],
      is_timeseries: true,
      extras: { where: 'x', time_grain_sqla: 'P1D' },
    });
    expect(calHeatmapQueryObject({}, { metrics: ['n'] }).extras?.time_grain_sqla).toBe('PT1M');
    expect(() => calHeatmapQueryObject({}, { subdomain_granularity: 'decade' })).toThrow(
      /subdomain/,
    );
  });

  it('counts domain units as relativedelta does', () => {
    expect(relativeDelta(D(2020, 1, 31), D(2020, 3, 30))).toEqual({
      years: 0,
      months: 1,
      days: 30, // Jan 31 + 1 month is Feb 29, then 30 days to Mar 30
    });
    expect(relativeDelta(D(2019, 6, 15), D(2021, 6, 14))).toEqual({
      years: 1,
      months: 11,
      days: 30,
    });
  });

  it('answers the values by epoch seconds per metric, with start, domain, subdomain and range', () => {
    const rows = [
      { __timestamp: D(2020, 1, 1), n: '3', m: 1 },
      { __timestamp: D(2020, 1, 2), n: 4, m: null },
    ];
    const fd = { metrics: ['n', 'm'], domain_granularity: 'month', subdomain_granularity: 'day' };
    const range = { from: D(2020, 1, 1), to: D(2020, 3, 15) };
    expect(calHeatmapData(rows, fd, range)).toEqual({
      data: {
        n: { '1577836800.0': 3, '1577923200.0': 4 },
        m: { '1577836800.0': 1, '1577923200.0': null },
      },
      start: D(2020, 1, 1),
      domain: 'month',
      subdomain: 'day',
      range: 3,
    });
    const units = (domain: string | null) =>
      (calHeatmapData(rows, { ...fd, domain_granularity: domain }, range) as { range: number })
        .range;
    expect(units('year')).toBe(1);
    expect(units('week')).toBe(3); // two months and 14 days: Superset counts the 14 days' weeks
    expect(units('day')).toBe(75);
    expect(units(null)).toBe(74 * 24 + 1);
    expect(() => calHeatmapData(rows, fd, { from: null, to: null })).toThrow(
      'Please provide both time bounds (Since and Until)',
    );
    expect(calHeatmapData([], fd, range)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { transformProps } from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'big_number',
  x_axis: 'ds',
  time_grain_sqla: 'P1D',
  metric: 'sum__num',
  time_range: 'No filter',
};
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 400,
  height: 300,
  formData: { ...base, ...extra },
  queriesData: [
    {
      data: [
        { ds: Date.UTC(2024, 0, 3), sum__num: 120 },
        { ds: Date.UTC(2024, 0, 1), sum__num: 100 },
        { ds: Date.UTC(2024, 0, 2), sum__num: 80 },
        { ds: Date.UTC(2024, 0, 4), sum__num: null },
      ],
      colnames: ['ds', 'sum__num'],
      coltypes: [2, 0],
      rowcount: 4,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});

describe('big_number (with trendline)', () => {
  it('asks for the metric over the time axis, pivoted and flattened', () => {
    const q = buildQuery({ ...base, rolling_type: 'sum', rolling_periods: 7 }).queries[0]!;
    expect(q.metrics).toEqual(['sum__num']);
    expect((q.columns![0] as { columnType: string; timeGrain: string }).columnType).toBe(
      'BASE_AXIS',
    );
    expect(q.post_processing!.map((s) => s!.operation)).toEqual(['pivot', 'rolling', 'flatten']);
  });

  it('shows the latest value and its change against the lag', () => {
    const p = transformProps(
      props({
        compare_lag: 2,
        compare_suffix: 'over 2 days',
        y_axis_format: ',d',
        show_timestamp: true,
        x_axis_time_format: '%Y-%m-%d',
      }),
    );
    expect(p.bigNumber).toBe('120');
    expect(p.subheader).toBe('+20.0% over 2 days');
    expect(p.trend).toBe(1);
    expect(p.timestamp).toBe('2024-01-03');
    const series = (p.echartOptions!.series as Array<{ data: unknown[][] }>)[0]!;
    expect(series.data.map((d) => d[1])).toEqual([100, 80, 120, null]);
  });

  it('has no change without a lag and no trend line when hidden', () => {
    const p = transformProps(props({ show_trend_line: false }));
    expect(p.subheader).toBe('');
    expect(p.echartOptions).toBeNull();
  });
});

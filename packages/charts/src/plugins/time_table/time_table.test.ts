import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { colorFromBounds, computeCell, type Point } from './columns.js';
import { timeTablePlugin } from './index.js';
import { linkOf, transformProps } from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'time_table',
  granularity_sqla: 'ds',
  time_grain_sqla: 'P1Y',
  time_range: 'No filter',
  metrics: ['sum__num'],
  groupby: ['gender'],
  limit: 10,
  row_limit: 10000,
  column_collection: [
    { key: 'a', label: 'Trend', colType: 'spark', timeRatio: 2 },
    { key: 'b', label: 'YoY', colType: 'time', timeLag: 1, comparisonType: 'perc_change' },
    { key: 'c', label: 'Share', colType: 'contrib' },
    { key: 'd', label: 'Avg', colType: 'avg', timeRatio: 2, d3format: ',.1f', bounds: [15, null] },
  ],
};
const t = (y: number) => Date.UTC(y, 0, 1);
const series: Point[] = [
  { time: t(2000), value: 10 },
  { time: t(2001), value: 20 },
  { time: t(2002), value: 30 },
];

describe('time-series table buildQuery', () => {
  it('asks for the metrics over the time column at the grain and the dimensions', () => {
    const q = timeTablePlugin.buildQuery(fd).queries[0]!;
    expect(q.columns?.[0]).toMatchObject({
      sqlExpression: 'ds',
      label: '__timestamp',
      timeGrain: 'P1Y',
    });
    expect(q.columns?.[1]).toBe('gender');
    expect(q).toMatchObject({
      metrics: ['sum__num'],
      series_columns: ['gender'],
      series_limit: 10,
    });
    expect(q.orderby).toEqual([['__timestamp', false]]);
  });
});

describe('time-series columns', () => {
  it('compares with a lag: value, difference, ratio, change; too large a lag says so', () => {
    expect(computeCell({ key: 'x', colType: 'time', timeLag: 1 }, series, [])).toEqual({
      kind: 'number',
      value: 20,
    });
    expect(
      computeCell({ key: 'x', colType: 'time', timeLag: 2, comparisonType: 'diff' }, series, []),
    ).toEqual({ kind: 'number', value: 20 });
    expect(
      computeCell({ key: 'x', colType: 'time', timeLag: 1, comparisonType: 'perc' }, series, []),
    ).toEqual({ kind: 'number', value: 1.5 });
    expect(
      computeCell({ key: 'x', colType: 'time', timeLag: -1, comparisonType: 'value' }, series, []),
    ).toEqual({ kind: 'number', value: 10 });
    expect(computeCell({ key: 'x', colType: 'time', timeLag: 3 }, series, [])).toEqual({
      kind: 'error',
      message: 'The time lag set at 3 is too large for the length of data at 3. No data available.',
    });
  });

  it('computes contributions, period averages and sparkline windows', () => {
    expect(computeCell({ key: 'x', colType: 'contrib' }, series, [30, 90])).toEqual({
      kind: 'number',
      value: 0.25,
    });
    expect(computeCell({ key: 'x', colType: 'avg', timeRatio: 2 }, series, [])).toEqual({
      kind: 'number',
      value: 25,
    });
    const spark = computeCell({ key: 'x', colType: 'spark', timeRatio: 2 }, series, []);
    expect(spark.kind === 'spark' && spark.points.map((p) => p.value)).toEqual([20, 30]);
  });

  it('colours from bounds', () => {
    expect(colorFromBounds(5, [10, null])).toBe('rgb(224,67,85)');
    expect(colorFromBounds(15, [10, null])).toBe('rgb(90,193,137)');
    expect(colorFromBounds(20, [null, 10])).toBe('rgb(224,67,85)');
    expect(colorFromBounds(15, [10, 20])).toBe('rgb(157,130,111)');
    expect(colorFromBounds(15, [null, null])).toBeUndefined();
  });
});

describe('time-series table transformProps', () => {
  const props: ChartProps = {
    width: 800,
    height: 400,
    formData: fd,
    queriesData: [
      {
        data: [
          { __timestamp: t(2002), gender: 'boy', sum__num: 30 },
          { __timestamp: t(2001), gender: 'boy', sum__num: 20 },
          { __timestamp: t(2000), gender: 'boy', sum__num: 10 },
          { __timestamp: t(2002), gender: 'girl', sum__num: 90 },
          { __timestamp: t(2001), gender: 'girl', sum__num: 60 },
        ],
        colnames: ['__timestamp', 'gender', 'sum__num'],
        coltypes: [2, 1, 0],
        rowcount: 5,
      },
    ],
    datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  };

  it('makes a row per dimension value with each column computed, oldest first', () => {
    const p = transformProps(props);
    expect(p.rowHeader).toBe('gender');
    expect(p.rows.map((r) => r.label)).toEqual(['boy', 'girl']);
    const boy = p.rows[0]!.cells;
    expect(boy[0]!.result).toMatchObject({ kind: 'spark' });
    expect(boy[1]!.text).toBe('50.0%');
    expect(boy[2]!.text).toBe('25.0%');
    expect(boy[3]).toMatchObject({ text: '25.0', color: 'rgb(90,193,137)' });
    // The girl row has no 2000 value: its two-year window still averages 60 and 90.
    expect(p.rows[1]!.cells[3]!.text).toBe('75.0');
  });

  it('links rows through a safe URL template only', () => {
    expect(linkOf('https://x.test/?m={{ metric }}', 'a b')).toEqual({
      href: 'https://x.test/?m=a%20b',
    });
    expect(linkOf('javascript:alert(1)//{{metric}}', 'a')).toEqual({});
    expect(linkOf('//evil.test/{{metric}}', 'a')).toEqual({});
  });
});

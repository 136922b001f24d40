import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { mixedTimeseriesPlugin } from './index.js';
import { queryFormData } from './queryFields.js';

const fd = {
  datasource: '2__table',
  viz_type: 'mixed_timeseries',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  time_range: 'No filter',
  metrics: ['sum__num'],
  groupby: ['gender'],
  adhoc_filters: [],
  limit: 5,
  row_limit: 100,
  metrics_b: ['count'],
  groupby_b: [],
  adhoc_filters_b: [
    {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'state',
      operator: '==',
      comparator: 'CA',
    },
  ],
  row_limit_b: 50,
  seriesType: 'line',
  seriesTypeB: 'bar',
  yAxisIndexB: 1,
  y_axis_format: ',d',
  y_axis_format_secondary: '.1%',
};

describe('mixed chart buildQuery', () => {
  it('builds query A and query B from their own fields on the shared x axis', () => {
    const [a, b] = mixedTimeseriesPlugin.buildQuery(fd).queries;
    expect(a).toMatchObject({
      metrics: ['sum__num'],
      series_columns: ['gender'],
      series_limit: 5,
      row_limit: 100,
    });
    expect(a!.columns?.[0]).toMatchObject({ sqlExpression: 'ds', timeGrain: 'P1Y' });
    expect(b).toMatchObject({ metrics: ['count'], row_limit: 50 });
    expect(b!.columns).toHaveLength(1);
    expect(b!.filters).toEqual([{ col: 'state', op: '==', val: 'CA' }]);
    expect(b!.post_processing?.[0]).toMatchObject({
      operation: 'pivot',
      options: { index: ['ds'] },
    });
  });

  it('leaves query B out when it has no metrics', () => {
    expect(mixedTimeseriesPlugin.buildQuery({ ...fd, metrics_b: [] }).queries).toHaveLength(1);
  });

  it("maps query B's suffixed fields to the family's names", () => {
    const b = queryFormData(fd, 'B');
    expect(b.metrics).toEqual(['count']);
    expect(b.seriesType).toBe('bar');
    expect(b.yAxisIndex).toBe(1);
    expect(b.series_limit).toBeUndefined();
  });
});

describe('mixed chart transformProps', () => {
  const t0 = Date.UTC(2000, 0, 1);
  const t1 = Date.UTC(2001, 0, 1);
  const props: ChartProps = {
    width: 800,
    height: 400,
    formData: fd,
    queriesData: [
      {
        data: [
          { ds: t0, boy: 10, girl: 20 },
          { ds: t1, boy: 11, girl: 21 },
        ],
        colnames: ['ds', 'boy', 'girl'],
        coltypes: [2, 0, 0],
        rowcount: 2,
      },
      {
        data: [
          { ds: t0, count: 0.5 },
          { ds: t1, count: 0.25 },
        ],
        colnames: ['ds', 'count'],
        coltypes: [2, 0],
        rowcount: 2,
      },
    ],
    datasource: { id: 2, type: 'table', columns: [], metrics: [] },
  };

  it('draws A as lines on the primary axis and B as bars on the secondary', () => {
    const p = mixedTimeseriesPlugin.transformProps(props);
    const series = p.echartOptions.series as Array<Record<string, unknown>>;
    expect(series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['boy', 'line', 0],
      ['girl', 'line', 0],
      ['count', 'bar', 1],
    ]);
    const yAxis = p.echartOptions.yAxis as Array<{
      axisLabel: { formatter: (v: number) => string };
    }>;
    expect(yAxis[0]!.axisLabel.formatter(1234)).toBe('1,234');
    expect(yAxis[1]!.axisLabel.formatter(0.5)).toBe('50.0%');
    const tooltip = p.echartOptions.tooltip as { formatter: (p: unknown) => string };
    const html = tooltip.formatter([
      { seriesName: 'boy', value: [t0, 1000], marker: '' },
      { seriesName: 'count', value: [t0, 0.5], marker: '' },
    ]);
    expect(html).toContain('boy: <b>1,000</b>');
    expect(html).toContain('count: <b>50.0%</b>');
  });

  it('renames colliding series of query B and is empty only when both are', () => {
    const same = {
      ...props,
      queriesData: [props.queriesData[1]!, props.queriesData[1]!],
    };
    const names = (
      mixedTimeseriesPlugin.transformProps(same).echartOptions.series as Array<{ name: string }>
    ).map((s) => s.name);
    expect(names).toEqual(['count', 'count (Query B)']);
    expect(mixedTimeseriesPlugin.transformProps({ ...props, queriesData: [] }).empty).toBe(true);
  });
});

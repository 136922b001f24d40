import { describe, expect, it } from 'vitest';
import type { ChartDataResult, ChartProps } from '../../plugin.js';
import { buildQuery, whiskerOf } from './buildQuery.js';
import { boxPlotPlugin } from './index.js';
import { parseOutliers, transformProps } from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'box_plot',
  columns: ['name'],
  groupby: ['state'],
  metrics: ['sum__num'],
  whiskerOptions: 'Tukey',
  series_limit: 10,
  time_range: 'No filter',
};
const stats = (m: string, s: number[], count: number, outliers: unknown) => ({
  [`${m}__mean`]: s[5],
  [`${m}__median`]: s[2],
  [`${m}__max`]: s[4],
  [`${m}__min`]: s[0],
  [`${m}__q1`]: s[1],
  [`${m}__q3`]: s[3],
  [`${m}__count`]: count,
  [`${m}__outliers`]: outliers,
});
const result = (rows: Array<Record<string, unknown>>): ChartDataResult => ({
  data: rows,
  colnames: Object.keys(rows[0] ?? {}),
  coltypes: Object.keys(rows[0] ?? {}).map(() => 0),
  rowcount: rows.length,
});
const byState = result([
  { state: 'CA', ...stats('sum__num', [1, 2, 3, 4, 5, 3.5], 9, '[40,-7]') },
  { state: '<NY>', ...stats('sum__num', [10, 20, 30, 40, 50, 30], 4, []) },
]);
const props = (extra: Record<string, unknown> = {}, res = byState): ChartProps => ({
  width: 500,
  height: 400,
  formData: { ...base, ...extra },
  queriesData: [res],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Series = {
  name: string;
  type: string;
  data: Array<{ name: string; value: unknown[]; itemStyle: { color: string } } | unknown[]>;
  itemStyle?: { color: string };
  tooltip: { formatter: (p: unknown) => string };
};

describe('box_plot', () => {
  it('asks for the metrics by the columns and dimensions, reduced by the boxplot operation', () => {
    const q = boxPlotPlugin.buildQuery(base).queries[0]!;
    expect(q.columns).toEqual(['name', 'state']);
    expect(q.metrics).toEqual(['sum__num']);
    expect(q.series_columns).toEqual(['state']);
    expect(q.series_limit).toBe(10);
    expect(q.post_processing).toEqual([
      {
        operation: 'boxplot',
        options: { whisker_type: 'tukey', groupby: ['state'], metrics: ['sum__num'] },
      },
    ]);
  });

  it('maps the whisker options as Superset does', () => {
    const adhoc = {
      expressionType: 'SQL' as const,
      sqlExpression: 'AVG(x)',
      label: 'avg x',
    };
    const q = buildQuery({
      ...base,
      groupby: [],
      metrics: [adhoc],
      whiskerOptions: '9/91 percentiles',
    }).queries[0]!;
    expect(q.post_processing![0]!.options).toEqual({
      whisker_type: 'percentile',
      percentiles: [9, 91],
      groupby: [],
      metrics: ['avg x'],
    });
    expect(whiskerOf('Min/max (no outliers)')).toEqual({ whisker_type: 'min/max' });
    expect(whiskerOf('2/98 percentiles')).toEqual({
      whisker_type: 'percentile',
      percentiles: [2, 98],
    });
    expect(() => whiskerOf('box')).toThrow('Unsupported whisker type: box');
  });

  it('draws a box per group and the outliers, read from JSON text or a list', () => {
    const o = transformProps(props({ color_scheme: 'd3Category10' })).echartOptions;
    expect((o.xAxis as { data: string[] }).data).toEqual(['CA', '<NY>']);
    const [box, ...outliers] = o.series as Series[];
    expect(box!.type).toBe('boxplot');
    expect(box!.data).toMatchObject([
      { name: 'CA', value: [1, 2, 3, 4, 5], itemStyle: { color: '#1f77b4' } },
      { name: '<NY>', value: [10, 20, 30, 40, 50], itemStyle: { color: '#ff7f0e' } },
    ]);
    expect(outliers).toHaveLength(1);
    expect(outliers[0]).toMatchObject({
      type: 'scatter',
      data: [
        ['CA', 40],
        ['CA', -7],
      ],
      itemStyle: { color: '#1f77b4' },
    });
    expect(parseOutliers('[1.5, 2]')).toEqual([1.5, 2]);
    expect(parseOutliers([3])).toEqual([3]);
    expect(parseOutliers('oops')).toEqual([]);
    expect(parseOutliers(null)).toEqual([]);
  });

  it('gives the statistics in an escaped tooltip', () => {
    const box = (
      transformProps(props({ number_format: ',.1f' })).echartOptions.series as Series[]
    )[0]!;
    expect(box.tooltip.formatter({ dataIndex: 0 })).toBe(
      '<p><strong>CA</strong></p>Max: 5.0<br/>3rd Quartile: 4.0<br/>Mean: 3.5<br/>Median: 3.0<br/>1st Quartile: 2.0<br/>Min: 1.0<br/># Observations: 9<br/># Outliers: 2',
    );
    expect(box.tooltip.formatter({ dataIndex: 1 })).toContain('<strong>&#60;NY&#62;</strong>');
    expect(box.tooltip.formatter({ dataIndex: 1 })).not.toContain('Outliers');
  });

  it('names boxes by group and metric, or by metric without dimensions', () => {
    const two = result([
      {
        state: 'CA',
        ...stats('a', [1, 2, 3, 4, 5, 3], 5, '[]'),
        ...stats('b', [1, 2, 3, 4, 5, 3], 5, '[]'),
      },
    ]);
    const names = (extra: Record<string, unknown>, res: ChartDataResult) =>
      (transformProps(props(extra, res)).echartOptions.xAxis as { data: string[] }).data;
    expect(names({ metrics: ['a', 'b'] }, two)).toEqual(['CA, a', 'CA, b']);
    expect(names({ metrics: ['a', 'b'], groupby: [] }, two)).toEqual(['a', 'b']);
    expect(transformProps(props({}, result([]))).empty).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { histogramV2Plugin } from './index.js';
import { binLabel, transformProps } from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'histogram_v2',
  column: 'age',
  groupby: ['gender'],
  bins: 10,
  row_limit: 10000,
  time_range: 'No filter',
  adhoc_filters: [
    {
      expressionType: 'SIMPLE' as const,
      clause: 'WHERE' as const,
      subject: 'country',
      operator: '==' as const,
      comparator: 'FR',
    },
  ],
};
const data = (rows: Array<Record<string, unknown>>, colnames: string[]) => ({
  data: rows,
  colnames,
  coltypes: colnames.map(() => 0),
  rowcount: rows.length,
});
const grouped = data(
  [
    { gender: 'boy', '0.0 - 5.0': 3, '5.0 - 10.0': 1 },
    { gender: '<girl>', '0.0 - 5.0': 1, '5.0 - 10.0': 3 },
  ],
  ['gender', '0.0 - 5.0', '5.0 - 10.0'],
);
const props = (extra: Record<string, unknown> = {}, result = grouped): ChartProps => ({
  width: 500,
  height: 400,
  formData: { ...base, ...extra },
  queriesData: [result],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Series = {
  name: string;
  type: string;
  data: number[];
  itemStyle: { color: string };
  label: { show: boolean; formatter: (p: { value: number }) => string };
};
type Param = { name: string; marker: string; seriesName: string; value: number };

describe('histogram_v2', () => {
  it('asks for the raw column and dimensions, binned by the histogram operation', () => {
    const ctx = histogramV2Plugin.buildQuery(base);
    const q = ctx.queries[0]!;
    expect(q.columns).toEqual(['gender', 'age']);
    expect(q).not.toHaveProperty('metrics');
    expect(q.row_limit).toBe(10000);
    expect(q.filters).toEqual([{ col: 'country', op: '==', val: 'FR' }]);
    expect(q.post_processing).toEqual([
      {
        operation: 'histogram',
        options: {
          column: 'age',
          groupby: ['gender'],
          bins: 10,
          cumulative: false,
          normalize: false,
        },
      },
    ]);
  });

  it('passes cumulative and normalize, and falls back to 5 bins', () => {
    const q = buildQuery({
      ...base,
      groupby: [],
      bins: 'many',
      cumulative: true,
      normalize: true,
    }).queries[0]!;
    expect(q.columns).toEqual(['age']);
    expect(q.post_processing![0]!.options).toEqual({
      column: 'age',
      groupby: [],
      bins: 5,
      cumulative: true,
      normalize: true,
    });
  });

  it('draws one bar series per group over the formatted bins', () => {
    const o = transformProps(
      props({ x_axis_format: ',.1f', color_scheme: 'd3Category10' }),
    ).echartOptions;
    expect((o.xAxis as { data: string[] }).data).toEqual(['0.0 - 5.0', '5.0 - 10.0']);
    const s = o.series as Series[];
    expect(s.map((x) => [x.name, x.type, x.data, x.itemStyle.color])).toEqual([
      ['boy', 'bar', [3, 1], '#1f77b4'],
      ['<girl>', 'bar', [1, 3], '#ff7f0e'],
    ]);
    expect((o.legend as { data: string[] }).data).toEqual(['boy', '<girl>']);
    expect(binLabel('-2.5 - 1e-05', (n) => String(n))).toBe('-2.5 - 0.00001');
  });

  it('names the single series after the column and shows values on request', () => {
    const single = data([{ '1.0 - 2.0': 0.25, '2.0 - 3.0': 0.75 }], ['1.0 - 2.0', '2.0 - 3.0']);
    const o = transformProps(
      props({ groupby: [], show_value: true, y_axis_format: '.0%', normalize: true }, single),
    ).echartOptions;
    const s = (o.series as Series[])[0]!;
    expect(s.name).toBe('age');
    expect(s.label.show).toBe(true);
    expect(s.label.formatter({ value: 0.25 })).toBe('25%');
    expect((o.xAxis as { data: string[] }).data).toEqual(['1 - 2', '2 - 3']);
  });

  it('lists groups with shares and the total in an escaped tooltip', () => {
    const o = transformProps(props()).echartOptions;
    const formatter = (o.tooltip as { formatter: (p: Param[]) => string }).formatter;
    const html = formatter([
      { name: '0 - 5', marker: '', seriesName: 'boy', value: 3 },
      { name: '0 - 5', marker: '', seriesName: '<girl>', value: 1 },
    ]);
    expect(html).toBe(
      '<b>0 - 5</b><br/>boy: <b>3</b> (75.00%)<br/>&#60;girl&#62;: <b>1</b> (25.00%)<br/>Total: <b>4</b> (100.00%)',
    );
  });

  it('is empty without rows', () => {
    expect(transformProps(props({}, data([], []))).empty).toBe(true);
  });
});

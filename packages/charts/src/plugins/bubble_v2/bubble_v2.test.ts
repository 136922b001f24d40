import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { bubbleV2Plugin } from './index.js';
import { bubbleSizes, transformProps } from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'bubble_v2',
  entity: 'country',
  series: 'region',
  x: 'sum__gdp',
  y: 'avg__life',
  size: 'sum__pop',
  row_limit: 10000,
  time_range: 'No filter',
};
const rows = [
  { country: 'FR', region: 'Europe', sum__gdp: 3, avg__life: 82, sum__pop: 60 },
  { country: '<b>DE</b>', region: 'Europe', sum__gdp: 4, avg__life: 81, sum__pop: 80 },
  { country: 'JP', region: 'Asia', sum__gdp: 5, avg__life: 84, sum__pop: 120 },
];
const props = (extra: Record<string, unknown> = {}, data = rows): ChartProps => ({
  width: 500,
  height: 400,
  formData: { ...base, ...extra },
  queriesData: [{ data, colnames: Object.keys(rows[0]!), coltypes: [1, 1, 0, 0, 0], rowcount: 3 }],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Item = { value: unknown[]; symbolSize: number };
type Series = {
  name: string;
  type: string;
  data: Item[];
  itemStyle: { color: string; opacity: number };
};

describe('bubble_v2', () => {
  it('asks for x, y and size by entity and series', () => {
    const q = bubbleV2Plugin.buildQuery(base).queries[0]!;
    expect(q).toMatchObject({
      columns: ['country', 'region'],
      metrics: ['sum__gdp', 'avg__life', 'sum__pop'],
      orderby: [],
      row_limit: 10000,
    });
  });

  it('orders by the sort metric, descending unless asked otherwise, and drops repeats', () => {
    const q = buildQuery({ ...base, series: null, y: 'sum__gdp', orderby: 'sum__pop' }).queries[0]!;
    expect(q.columns).toEqual(['country']);
    expect(q.metrics).toEqual(['sum__gdp', 'sum__pop']);
    expect(q.orderby).toEqual([['sum__pop', false]]);
    const asc = buildQuery({ ...base, orderby: 'sum__pop', order_desc: false }).queries[0]!;
    expect(asc.orderby).toEqual([['sum__pop', true]]);
  });

  it('makes one scatter series per series value with bubbles sized up to the max size', () => {
    const o = transformProps(
      props({ color_scheme: 'd3Category10', max_bubble_size: '10' }),
    ).echartOptions;
    const s = o.series as Series[];
    expect(s.map((x) => [x.name, x.type, x.itemStyle.color, x.itemStyle.opacity])).toEqual([
      ['Europe', 'scatter', '#1f77b4', 0.6],
      ['Asia', 'scatter', '#ff7f0e', 0.6],
    ]);
    // sizes 60..120: 5px at 60, 5 + 2 × 10 at 120
    expect(s[0]!.data.map((d) => d.symbolSize)).toEqual([5, 5 + (20 / 60) * 20]);
    expect(s[1]!.data).toEqual([{ value: [5, 84, 120, 'JP', 'Asia'], symbolSize: 25 }]);
    expect((o.legend as { data: string[] }).data).toEqual(['Europe', 'Asia']);
    expect(bubbleSizes([7, 7], 25)).toEqual([5, 5]);
  });

  it('groups by entity without series, and takes log axes and titles', () => {
    const o = transformProps(
      props({ series: null, logXAxis: true, x_axis_label: 'GDP', y_axis_title_margin: 50 }),
    ).echartOptions;
    expect((o.series as Series[]).map((x) => x.name)).toEqual(['FR', '<b>DE</b>', 'JP']);
    expect(o.xAxis).toMatchObject({ type: 'log', name: 'GDP', nameGap: 30 });
    expect(o.yAxis).toMatchObject({ type: 'value', nameGap: 50 });
  });

  it('lists entity, x, y and size in an escaped tooltip', () => {
    const o = transformProps(
      props({ xAxisFormat: ',.1f', y_axis_format: ',d', tooltipSizeFormat: '.2s' }),
    ).echartOptions;
    const s = o.series as Series[];
    const formatter = (o.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter({ data: s[0]!.data[1] })).toBe(
      '<b>&#60;b&#62;DE&#60;/b&#62; (Europe)</b><br/>sum__gdp: <b>4.0</b><br/>avg__life: <b>81</b><br/>sum__pop: <b>80</b>',
    );
    expect(transformProps(props({}, [])).empty).toBe(true);
  });
});

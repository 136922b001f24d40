import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { waterfallPlugin } from './index.js';

const fd = {
  datasource: '1__table',
  viz_type: 'waterfall',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metric: 'delta',
  groupby: null as unknown,
  adhoc_filters: [],
  row_limit: 10000,
};
const Y2020 = Date.UTC(2020, 0, 1);
const Y2021 = Date.UTC(2021, 0, 1);

const props = (
  data: Array<Record<string, unknown>>,
  extra: Record<string, unknown> = {},
  coltypes = [2, 0],
): ChartProps => ({
  width: 400,
  height: 300,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data,
      colnames: Object.keys(data[0] ?? { ds: 0, delta: 0 }),
      coltypes,
      rowcount: data.length,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Datum = { value: number | string; originalValue?: number; totalSum?: number };
type Series = { name: string; data: Datum[]; itemStyle: { color: string } };
const optionOf = (p: ChartProps) => {
  const o = waterfallPlugin.transformProps(p).echartOptions as {
    xAxis: { data: string[] };
    series: Series[];
    legend: { data: string[]; show: boolean };
    tooltip: { formatter: (p: unknown) => string };
  };
  return { ...o, values: o.series.map((s) => s.data.map((d) => d.value)) };
};

describe('waterfall buildQuery', () => {
  it('queries the x axis as BASE_AXIS with the grain, the breakdown and the metric', () => {
    const q = waterfallPlugin.buildQuery({ ...fd, groupby: ['region'] }).queries[0]!;
    expect(q.columns).toEqual([
      {
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1Y',
        isColumnReference: true,
      },
      'region',
    ]);
    expect(q.metrics).toEqual(['delta']);
    expect(q.orderby).toEqual([
      ['ds', true],
      ['region', true],
    ]);
    expect(q.row_limit).toBe(10000);
  });

  it('has no breakdown column when groupby is empty', () => {
    const q = waterfallPlugin.buildQuery({ ...fd, x_axis: 'category', groupby: [] }).queries[0]!;
    expect(q.columns).toHaveLength(1);
    expect(q.orderby).toEqual([['category', true]]);
  });
});

describe('waterfall transformProps', () => {
  it('is empty without rows', () => {
    expect(waterfallPlugin.transformProps(props([])).empty).toBe(true);
  });

  it('draws one step per x value and a final total', () => {
    const o = optionOf(
      props(
        [
          { ds: Y2020, delta: 10 },
          { ds: Y2021, delta: -4 },
          { ds: Date.UTC(2022, 0, 1), delta: 6 },
        ],
        { x_axis_time_format: '%Y' },
      ),
    );
    expect(o.xAxis.data).toEqual(['2020', '2021', '2022', 'Total']);
    const [assist, inc, dec, total] = o.values;
    expect(assist).toEqual([0, 6, 6, '-']);
    expect(inc).toEqual([10, '-', 6, '-']);
    expect(dec).toEqual(['-', 4, '-', '-']);
    expect(total).toEqual(['-', '-', '-', 12]);
    expect(o.series.map((s) => s.name)).toEqual(['Assist', 'Increase', 'Decrease', 'Total']);
    expect(o.legend.data).toEqual(['Increase', 'Decrease', 'Total']);
    expect(o.series[1]!.itemStyle.color).toBe('rgba(90,193,137,1)');
  });

  it('colours the base of a step crossing zero and stacks the rest below zero', () => {
    const o = optionOf(
      props(
        [
          { c: 'a', delta: 5 },
          { c: 'b', delta: -8 },
          { c: 'c', delta: 1 },
        ],
        { x_axis: 'c', decrease_color: { r: 1, g: 2, b: 3, a: 0.5 } },
        [1, 0],
      ),
    );
    const [assist, inc, dec, total] = o.series.map((s) => s.data);
    expect(assist![1]).toEqual({ value: 5, itemStyle: { color: 'rgba(1,2,3,0.5)' } });
    expect(dec![1]).toMatchObject({ value: -3, originalValue: -8, totalSum: -3 });
    // From -3 to -2: the base reaches -2, the increase goes on to -3.
    expect(assist![2]).toEqual({ value: -2 });
    expect(inc![2]).toMatchObject({ value: -1, originalValue: 1, totalSum: -2 });
    expect(total![3]).toMatchObject({ value: -2 });
  });

  it('with a breakdown, steps by breakdown value and a subtotal after each x value', () => {
    const o = optionOf(
      props(
        [
          { ds: Y2020, region: 'A', delta: 1 },
          { ds: Y2020, region: 'B', delta: 2 },
          { ds: Y2021, region: 'A', delta: -1 },
          { ds: Y2021, region: 'B', delta: 3 },
        ],
        { groupby: ['region'], x_axis_time_format: '%Y', total_label: 'Sum' },
        [2, 1, 0],
      ),
    );
    expect(o.xAxis.data).toEqual(['A', 'B', '2020', 'A', 'B', '2021']);
    const [assist, inc, dec, total] = o.values;
    expect(assist).toEqual([0, 1, '-', 2, 2, '-']);
    expect(inc).toEqual([1, 2, '-', '-', 3, '-']);
    expect(dec).toEqual(['-', '-', '-', 1, '-', '-']);
    expect(total).toEqual(['-', '-', 3, '-', '-', 5]);
    expect(o.legend.data).toEqual(['Increase', 'Decrease', 'Sum']);
  });

  it('drops totals when show_total is off and honours custom labels', () => {
    const o = optionOf(
      props(
        [
          { ds: Y2020, delta: 1 },
          { ds: Y2021, delta: 2 },
        ],
        { show_total: false, increase_label: 'Up', show_legend: false },
      ),
    );
    expect(o.xAxis.data).toHaveLength(2);
    expect(o.legend).toEqual({ show: false, top: 0, data: ['Up', 'Decrease'] });
  });

  it('shows the value and the running total in an escaped tooltip', () => {
    const o = optionOf(
      props(
        [
          { c: '<b>', delta: 1000 },
          { c: 'y', delta: -200 },
        ],
        { x_axis: 'c', decrease_label: 'Down & out' },
        [1, 0],
      ),
    );
    const dec = o.series[2]!;
    const html = o.tooltip.formatter([
      { seriesName: 'Assist', dataIndex: 1, data: o.series[0]!.data[1] },
      { seriesName: dec.name, dataIndex: 1, marker: '', data: dec.data[1] },
    ]);
    expect(html).toBe('<b>y</b><br/>Down &#38; out: <b>\u2212200</b><br/>Total: <b>800</b>');
    const inc = o.series[1]!;
    expect(
      o.tooltip.formatter([{ seriesName: inc.name, dataIndex: 0, marker: '', data: inc.data[0] }]),
    ).toContain('<b>&#60;b&#62;</b>');
  });
});

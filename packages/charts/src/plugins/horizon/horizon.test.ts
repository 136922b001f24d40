import { describe, expect, it } from 'vitest';
import { controlPanelState } from '../../control-panel/state.js';
import type { ChartProps } from '../../plugin.js';
import { BANDS, NEGATIVE_COLORS, POSITIVE_COLORS, bandRects } from './bands.js';
import { horizonPlugin } from './index.js';
import { seriesHeightOf, transformProps } from './transformProps.js';

// The sales dashboard's "Seasonality of Revenue (per Product Line)" form data.
const sales = {
  aggregate: 'SUM',
  column: { column_name: 'sales', type: 'DOUBLE PRECISION' },
  expressionType: 'SIMPLE' as const,
  hasCustomLabel: false,
  label: '(Sales)',
  sqlExpression: null,
};
const fd = {
  adhoc_filters: [],
  datasource: '23__table',
  granularity_sqla: 'order_date',
  groupby: ['product_line'],
  horizon_color_scale: 'series',
  metrics: [sales],
  order_desc: true,
  row_limit: null,
  series_height: '25',
  time_range: 'No filter',
  viz_type: 'horizon',
};
const T1 = Date.UTC(2003, 0, 1);
const T2 = Date.UTC(2003, 1, 1);
const T3 = Date.UTC(2003, 2, 1);
const rows = [
  { __timestamp: T2, product_line: 'Planes', '(Sales)': -4 },
  { __timestamp: T1, product_line: 'Planes', '(Sales)': 2 },
  { __timestamp: T1, product_line: 'Classic Cars', '(Sales)': 10 },
  { __timestamp: T2, product_line: 'Classic Cars', '(Sales)': 20 },
  { __timestamp: T3, product_line: 'Classic Cars', '(Sales)': 5 },
  { __timestamp: T3, product_line: 'Ships', '(Sales)': null },
];
const props = (extra: Record<string, unknown> = {}, data: Array<Record<string, unknown>> = rows) =>
  ({
    width: 400,
    height: 300,
    formData: { ...fd, ...extra },
    queriesData: [
      {
        data,
        colnames: ['__timestamp', 'product_line', '(Sales)'],
        coltypes: [2, 1, 0],
        rowcount: data.length,
      },
    ],
    datasource: { id: 23, type: 'table', columns: [], metrics: [] },
  }) as ChartProps;

describe('horizon buildQuery', () => {
  it('asks for the metrics over the time column at its grain, by the dimensions', () => {
    const ctx = horizonPlugin.buildQuery({ ...fd, time_grain_sqla: 'P1M', limit: 25 });
    expect(ctx.datasource).toEqual({ id: 23, type: 'table' });
    expect(ctx.queries).toHaveLength(1);
    const q = ctx.queries[0]!;
    expect(q).toMatchObject({
      columns: [
        {
          sqlExpression: 'order_date',
          label: '__timestamp',
          expressionType: 'SQL',
          columnType: 'BASE_AXIS',
          timeGrain: 'P1M',
          isColumnReference: true,
        },
        'product_line',
      ],
      metrics: [sales],
      series_columns: ['product_line'],
      series_limit: 25,
      orderby: [['__timestamp', false]],
      order_desc: true,
      post_processing: [],
      time_range: 'No filter',
      granularity: 'order_date',
      extras: { time_grain_sqla: 'P1M' },
    });
    expect(q.row_limit).toBeUndefined();
  });

  it('sorts the series limit by the sort metric, and goes without a time column', () => {
    const q = horizonPlugin.buildQuery({
      ...fd,
      granularity_sqla: undefined,
      groupby: [],
      metrics: ['count'],
      timeseries_limit_metric: 'count',
      row_limit: 500,
    }).queries[0]!;
    expect(q).toMatchObject({
      columns: [],
      metrics: ['count'],
      series_columns: [],
      series_limit: 0,
      series_limit_metric: 'count',
      row_limit: 500,
    });
  });

  it("has Superset's controls and defaults", () => {
    const { formData, controls } = controlPanelState(
      horizonPlugin.controlPanel,
      { datasource: '23__table', viz_type: 'horizon' },
      null,
    );
    expect(formData).toMatchObject({
      series_height: '25',
      horizon_color_scale: 'series',
      contribution: false,
      order_desc: true,
      row_limit: 10000,
    });
    expect(controls.metrics!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.series_height!.label).toBe('Series Height');
    expect(controls.horizon_color_scale!.label).toBe('Value Domain');
    expect(controls.series_height!.renderTrigger).toBe(true);
    expect(horizonPlugin.metadata).toMatchObject({
      name: 'Horizon Chart',
      category: 'Distribution',
      tags: ['Legacy'],
    });
  });
});

describe('horizon transformProps', () => {
  it('makes one series per dimension value over every time, sorted by name', () => {
    const out = transformProps(props());
    expect(out).toEqual({
      width: 400,
      height: 300,
      seriesHeight: 25,
      colorScale: 'series',
      times: [T1, T2, T3],
      empty: false,
      // Ships has no value at all: dropped.
      series: [
        { name: 'Classic Cars', values: [10, 20, 5], extent: 20 },
        { name: 'Planes', values: [2, -4, null], extent: 4 },
      ],
    });
  });

  it('scales every row on the largest value of all with the overall domain', () => {
    const out = transformProps(props({ horizon_color_scale: 'overall' }));
    expect(out.series.map((s) => [s.name, s.extent])).toEqual([
      ['Classic Cars', 20],
      ['Planes', 20],
    ]);
  });

  it('draws the change from the first value with the change domain', () => {
    const out = transformProps(props({ horizon_color_scale: 'change' }));
    expect(out.series).toEqual([
      { name: 'Classic Cars', values: [0, 10, -5], extent: 10 },
      { name: 'Planes', values: [0, -6, null], extent: 6 },
    ]);
    // The first value that exists is the base.
    const late = transformProps(
      props({ horizon_color_scale: 'change' }, [
        { __timestamp: T1, product_line: 'a', '(Sales)': 1 },
        { __timestamp: T2, product_line: 'b', '(Sales)': 7 },
        { __timestamp: T3, product_line: 'b', '(Sales)': 3 },
      ]),
    );
    expect(late.series[1]).toEqual({ name: 'b', values: [null, 0, -4], extent: 4 });
  });

  it('divides by the total of all series at each time with contribution', () => {
    const out = transformProps(props({ contribution: true }));
    expect(out.series).toEqual([
      { name: 'Classic Cars', values: [10 / 12, 20 / 16, 1], extent: 1.25 },
      { name: 'Planes', values: [2 / 12, -4 / 16, null], extent: 0.25 },
    ]);
  });

  it('names series by the metric without dimensions, and metric first with several', () => {
    const data = [
      { __timestamp: '2003-01-01T00:00:00', line: 'b', sum: 1, count: 2 },
      { __timestamp: '2003-01-01T00:00:00', line: 'a', sum: 3, count: 4 },
      { __timestamp: '2003-01-01T00:00:00', line: null, sum: 5, count: 6 },
    ];
    const names = (extra: Record<string, unknown>) =>
      transformProps(props(extra, data)).series.map((s) => s.name);
    expect(names({ groupby: [], metrics: ['sum', 'count'] })).toEqual(['count', 'sum']);
    expect(names({ groupby: ['line'], metrics: ['sum', 'count'] })).toEqual([
      'count, NULL',
      'count, a',
      'count, b',
      'sum, NULL',
      'sum, a',
      'sum, b',
    ]);
    expect(transformProps(props({ groupby: ['line'], metrics: ['sum'] }, data)).times).toEqual([
      Date.parse('2003-01-01T00:00:00'),
    ]);
  });

  it('orders numeric dimension values by value', () => {
    const data = [10, 9, 100].map((year) => ({ __timestamp: T1, year, n: 1 }));
    const out = transformProps(props({ groupby: ['year'], metrics: ['n'] }, data));
    expect(out.series.map((s) => s.name)).toEqual(['9', '10', '100']);
  });

  it('reads the row height from text, else 25', () => {
    expect(transformProps(props({ series_height: '40' })).seriesHeight).toBe(40);
    expect(transformProps(props({ series_height: 75 })).seriesHeight).toBe(75);
    expect(seriesHeightOf(undefined)).toBe(25);
    expect(seriesHeightOf('abc')).toBe(25);
    expect(seriesHeightOf('0')).toBe(25);
  });

  it('is empty without rows, metrics or values', () => {
    expect(transformProps(props({}, [])).empty).toBe(true);
    expect(transformProps(props({ metrics: [] })).empty).toBe(true);
    const nulls = [{ __timestamp: T1, product_line: 'x', '(Sales)': null }];
    expect(transformProps(props({}, nulls))).toMatchObject({ empty: true, series: [] });
  });
});

describe('horizon bands', () => {
  it('folds a value into slices of the row height, lightest first', () => {
    // Extent 8 over 4 bands of 10 px: 2 per band. 5 → 2 full bands and half of the third.
    expect(bandRects([5], 8, 30, 10)).toEqual([
      { x: 0, y: 0, width: 30, height: 10, color: POSITIVE_COLORS[0] },
      { x: 0, y: 0, width: 30, height: 10, color: POSITIVE_COLORS[1] },
      { x: 0, y: 5, width: 30, height: 5, color: POSITIVE_COLORS[2] },
    ]);
  });

  it('mirrors negative values from the top edge in the negative shades', () => {
    expect(bandRects([-1, 0, null, -8], 8, 40, 10)).toEqual([
      { x: 0, y: 0, width: 10, height: 5, color: NEGATIVE_COLORS[0] },
      { x: 30, y: 0, width: 10, height: 10, color: NEGATIVE_COLORS[0] },
      { x: 30, y: 0, width: 10, height: 10, color: NEGATIVE_COLORS[1] },
      { x: 30, y: 0, width: 10, height: 10, color: NEGATIVE_COLORS[2] },
      { x: 30, y: 0, width: 10, height: 10, color: NEGATIVE_COLORS[3] },
    ]);
  });

  it("uses Superset's four warm and four blue shades", () => {
    expect(BANDS).toBe(4);
    expect(POSITIVE_COLORS).toEqual(['#fee090', '#fdae61', '#f46d43', '#d73027']);
    expect(NEGATIVE_COLORS).toEqual(['#abd9e9', '#74add1', '#4575b4', '#313695']);
  });

  it('covers the width in whole pixels and draws nothing for a zero extent', () => {
    const rects = bandRects([1, 1, 1], 1, 10, 4, 1);
    expect(rects.map((r) => [r.x, r.width])).toEqual([
      [0, 3],
      [3, 3],
      [6, 4],
    ]);
    expect(bandRects([0, 0], 0, 10, 4)).toEqual([]);
    expect(bandRects([], 5, 10, 4)).toEqual([]);
  });
});

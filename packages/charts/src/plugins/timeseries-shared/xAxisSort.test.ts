import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { controlPanelState } from '../../control-panel/state.js';
import type { ExploreDatasource } from '../../control-panel/types.js';
import { plugin as bar } from '../echarts_timeseries_bar/index.js';
import { buildTimeseriesQuery } from './buildQuery.js';
import { transformTimeseries } from './transformProps.js';
import { isXAxisSortable, sortRowsBySeries, xAxisSortChoices, xAxisSortStep } from './xAxisSort.js';

const datasource: ExploreDatasource = {
  id: 1,
  type: 'table',
  columns: [
    { column_name: 'ds', is_dttm: true, type_generic: 2 },
    { column_name: 'state', type_generic: 1 },
    { column_name: 'is_big', type_generic: 3 },
    { column_name: 'num', type_generic: 0 },
  ],
  metrics: [{ metric_name: 'count' }],
  verbose_map: { state: 'State' },
};
const fd = (extra: Record<string, unknown>): QueryFormData => ({
  datasource: '1__table',
  viz_type: 'echarts_timeseries_bar',
  x_axis: 'state',
  metrics: ['count'],
  groupby: [],
  ...extra,
});
const state = (extra: Record<string, unknown>) => ({
  form_data: fd(extra),
  datasource,
  controls: {},
});

describe('x-axis sort controls', () => {
  it('are offered for string, boolean and custom SQL x axes, not temporal or numeric ones', () => {
    expect(isXAxisSortable(state({}))).toBe(true);
    expect(isXAxisSortable(state({ x_axis: 'is_big' }))).toBe(true);
    expect(
      isXAxisSortable(
        state({ x_axis: { expressionType: 'SQL', sqlExpression: 'upper(state)', label: 'u' } }),
      ),
    ).toBe(true);
    expect(isXAxisSortable(state({ x_axis: 'ds' }))).toBe(false);
    expect(isXAxisSortable(state({ x_axis: 'num' }))).toBe(false);
    expect(isXAxisSortable(state({ x_axis: null }))).toBe(false);
  });

  it('shows "sort by" x axis or metric for one metric without dimensions, else by a measure', () => {
    const visible = (extra: Record<string, unknown>) => {
      const { controls } = controlPanelState(bar.controlPanel, fd(extra), datasource);
      return ['x_axis_sort', 'x_axis_sort_asc', 'x_axis_sort_series'].filter(
        (n) => controls[n]!.visible,
      );
    };
    expect(visible({})).toEqual(['x_axis_sort']);
    expect(visible({ x_axis_sort: 'count' })).toEqual(['x_axis_sort', 'x_axis_sort_asc']);
    expect(visible({ groupby: ['is_big'] })).toEqual(['x_axis_sort_series']);
    expect(visible({ metrics: ['count', 'sum__num'] })).toEqual(['x_axis_sort_series']);
    expect(visible({ x_axis: 'ds', x_axis_sort: 'count' })).toEqual([]);
    const { controls, formData } = controlPanelState(
      bar.controlPanel,
      fd({ x_axis: 'ds', x_axis_sort: 'count' }),
      datasource,
    );
    expect(formData.x_axis_sort).toBeNull();
    expect(controls.x_axis_sort!.label).toBe('X-Axis Sort By');
    const horizontal = controlPanelState(
      bar.controlPanel,
      fd({ orientation: 'horizontal', x_axis_sort: 'count' }),
      datasource,
    ).controls;
    expect(horizontal.x_axis_sort!.label).toBe('Y-Axis Sort By');
    expect(horizontal.x_axis_sort_asc!.label).toBe('Y-Axis Sort Ascending');
  });

  it('chooses between the x axis and the metrics, with verbose names', () => {
    expect(xAxisSortChoices(state({}))).toEqual([
      ['state', 'State'],
      ['count', 'count'],
    ]);
    const { controls } = controlPanelState(bar.controlPanel, fd({}), datasource);
    expect(controls.x_axis_sort!.type).toBe('XAxisSortControl');
    expect(controls.x_axis_sort!.props.choices).toEqual([
      ['state', 'State'],
      ['count', 'count'],
    ]);
  });
});

describe('x-axis sort query', () => {
  it('sorts by the index for the x axis and by the metric column for the metric', () => {
    expect(xAxisSortStep(fd({ x_axis_sort: 'state', x_axis_sort_asc: false }), 'state')).toEqual({
      operation: 'sort',
      options: { is_sort_index: true, ascending: false },
    });
    expect(xAxisSortStep(fd({ x_axis_sort: 'count', x_axis_sort_asc: true }), 'state')).toEqual({
      operation: 'sort',
      options: { by: 'count', ascending: true },
    });
  });

  it('sorts nothing without a choice, with a stale choice or with dimensions', () => {
    expect(xAxisSortStep(fd({ x_axis_sort_asc: true }), 'state')).toBeNull();
    expect(xAxisSortStep(fd({ x_axis_sort: 'gone', x_axis_sort_asc: true }), 'state')).toBeNull();
    expect(
      xAxisSortStep(fd({ x_axis_sort: 'count', x_axis_sort_asc: true, groupby: ['g'] }), 'state'),
    ).toBeNull();
  });

  it('puts the sort after the pivot and before flattening', () => {
    const q = buildTimeseriesQuery(fd({ x_axis_sort: 'count', x_axis_sort_asc: false }))
      .queries[0]!;
    expect(q.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'sort', 'flatten']);
    expect(q.post_processing?.[1]).toEqual({
      operation: 'sort',
      options: { by: 'count', ascending: false },
    });
    const none = buildTimeseriesQuery(fd({})).queries[0]!;
    expect(none.post_processing?.map((s) => s?.operation)).toEqual(['pivot', 'flatten']);
  });
});

describe('x-axis sort by a measure over the series', () => {
  const rows = [
    { state: 'b', boy: 5, girl: 1 },
    { state: 'a', boy: 1, girl: 2 },
    { state: 'c', boy: null, girl: 10 },
    { state: null, boy: null, girl: null },
  ];
  const order = (type: string, asc: boolean) =>
    sortRowsBySeries(rows, 'state', ['boy', 'girl'], type, asc).map((r) => r.state);
  it('orders by name, total, minimum, maximum or average', () => {
    expect(order('name', true)).toEqual(['a', 'b', 'c', null]);
    expect(order('name', false)).toEqual(['c', 'b', 'a', null]);
    expect(order('sum', true)).toEqual(['a', 'b', 'c', null]);
    expect(order('sum', false)).toEqual(['c', 'b', 'a', null]);
    expect(order('min', true)).toEqual(['b', 'a', 'c', null]);
    expect(order('max', true)).toEqual(['a', 'b', 'c', null]);
    expect(order('avg', true)).toEqual(['a', 'b', 'c', null]);
  });

  it('reorders the categories of a chart with several series when drawn', () => {
    const props = (formData: Record<string, unknown>): ChartProps => ({
      width: 600,
      height: 400,
      formData: fd({ groupby: ['gender'], ...formData }),
      queriesData: [
        {
          data: [
            { state: 'CA', boy: 10, girl: 1 },
            { state: 'NY', boy: 2, girl: 3 },
            { state: 'TX', boy: 5, girl: 8 },
          ],
          colnames: ['state', 'boy', 'girl'],
          coltypes: [1, 0, 0],
          rowcount: 3,
        },
      ],
      datasource,
    });
    const categories = (p: ReturnType<typeof transformTimeseries>) =>
      (p.echartOptions.series as Array<{ data: unknown[][] }>)[0]!.data.map((d) => d[0]);
    expect(
      categories(
        transformTimeseries(
          props({ x_axis_sort_series: 'sum', x_axis_sort_series_ascending: false }),
          'bar',
        ),
      ),
    ).toEqual(['TX', 'CA', 'NY']);
    expect(categories(transformTimeseries(props({}), 'bar'))).toEqual(['CA', 'NY', 'TX']);
  });
});

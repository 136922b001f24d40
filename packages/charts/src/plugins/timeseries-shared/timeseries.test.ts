import {
  CLEARED_CROSS_FILTER,
  selectedGroup,
  UNSELECTED_OPACITY,
} from '../../cross-filter-selection.js';
import { describe, expect, it, vi } from 'vitest';
import { chartRegistry } from '../index.js';
import type { ChartProps } from '../../plugin.js';
import { buildTimeseriesQuery } from './buildQuery.js';
import { LARGE_SERIES, seriesCrossFilter, transformTimeseries } from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: ['sum__num'],
  groupby: ['gender'],
  time_range: 'No filter',
  row_limit: 10000,
};

describe('time-series buildQuery', () => {
  it('puts the x axis first as BASE_AXIS, groups by the dimensions, pivots and flattens', () => {
    const q = buildTimeseriesQuery(base).queries[0]!;
    expect(q.columns).toEqual([
      {
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1Y',
        isColumnReference: true,
      },
      'gender',
    ]);
    expect(q.series_columns).toEqual(['gender']);
    expect(q.post_processing).toEqual([
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['gender'],
          aggregates: { sum__num: { operator: 'mean' } },
          drop_missing_columns: false,
        },
      },
      { operation: 'rename', options: { columns: { sum__num: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
  });

  it('adds rolling windows, cumulative sums, resampling and contribution', () => {
    const rolling = buildTimeseriesQuery({
      ...base,
      groupby: [],
      rolling_type: 'mean',
      rolling_periods: 7,
      min_periods: 2,
      resample_rule: '1D',
      resample_method: 'ffill',
      contributionMode: 'row',
    }).queries[0]!;
    expect(rolling.post_processing!.map((s) => s!.operation)).toEqual([
      'pivot',
      'rolling',
      'resample',
      'contribution',
      'flatten',
    ]);
    expect(rolling.post_processing![1]).toEqual({
      operation: 'rolling',
      options: {
        rolling_type: 'mean',
        window: 7,
        min_periods: 2,
        columns: { sum__num: 'sum__num' },
      },
    });
    const cum = buildTimeseriesQuery({ ...base, rolling_type: 'cumsum' }).queries[0]!;
    expect(cum.post_processing![1]).toEqual({
      operation: 'cum',
      options: { operator: 'sum', columns: { sum__num: 'sum__num' } },
    });
  });

  it('compares with time offsets, pivoting the shifted metrics too', () => {
    const q = buildTimeseriesQuery({
      ...base,
      groupby: [],
      time_compare: ['1 year ago'],
      comparison_type: 'difference',
    }).queries[0]!;
    expect(q.time_offsets).toEqual(['1 year ago']);
    expect(q.post_processing![0]!.options).toMatchObject({
      aggregates: { sum__num: { operator: 'mean' }, 'sum__num__1 year ago': { operator: 'mean' } },
    });
    expect(q.post_processing![1]).toEqual({
      operation: 'compare',
      options: {
        source_columns: ['sum__num'],
        compare_columns: ['sum__num__1 year ago'],
        compare_type: 'difference',
        drop_original_columns: true,
      },
    });
  });

  it('sorts series by the series limit metric', () => {
    const q = buildTimeseriesQuery({
      ...base,
      series_limit: 5,
      series_limit_metric: 'count',
      order_desc: true,
    }).queries[0]!;
    expect(q).toMatchObject({
      series_limit: 5,
      series_limit_metric: 'count',
      orderby: [['count', false]],
    });
  });
});

const props = (
  formData: Record<string, unknown>,
  rows = 3,
  extra: Partial<ChartProps> = {},
): ChartProps => ({
  width: 800,
  height: 400,
  formData: { ...base, ...formData },
  queriesData: [
    {
      data: Array.from({ length: rows }, (_, i) => ({
        ds: Date.UTC(2020 + i, 0, 1),
        boy: 100 + i,
        girl: 50 + i,
      })),
      colnames: ['ds', 'boy', 'girl'],
      coltypes: [2, 0, 0],
      rowcount: rows,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  ...extra,
});

type Series = {
  name: string;
  type: string;
  data: unknown[][];
  stack?: string;
  areaStyle?: unknown;
  step?: string;
  smooth?: boolean;
  showSymbol?: boolean;
  sampling?: string;
  color: string;
};
const seriesOf = (p: ReturnType<typeof transformTimeseries>) => p.echartOptions.series as Series[];

describe('time-series transformProps', () => {
  it('makes one series per column with colours from the scheme on a time axis', () => {
    const p = transformTimeseries(props({ color_scheme: 'd3Category10' }), 'line');
    const series = seriesOf(p);
    expect(series.map((s) => [s.name, s.type, s.color])).toEqual([
      ['boy', 'line', '#1f77b4'],
      ['girl', 'line', '#ff7f0e'],
    ]);
    expect(series[0]!.data[1]).toEqual([Date.UTC(2021, 0, 1), 101]);
    expect((p.echartOptions.xAxis as { type: string }).type).toBe('time');
    const yAxis = p.echartOptions.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.axisLabel.formatter(12345)).toBe('12.3k');
    expect((p.echartOptions.legend as { data: string[] }).data).toEqual(['boy', 'girl']);
  });

  it('styles each chart type', () => {
    expect(seriesOf(transformTimeseries(props({}), 'bar'))[0]!.type).toBe('bar');
    expect(seriesOf(transformTimeseries(props({}), 'scatter'))[0]!.type).toBe('scatter');
    expect(seriesOf(transformTimeseries(props({}), 'smooth'))[0]!.smooth).toBe(true);
    expect(seriesOf(transformTimeseries(props({ seriesType: 'end' }), 'step'))[0]!.step).toBe(
      'end',
    );
    expect(seriesOf(transformTimeseries(props({ opacity: 0.5 }), 'area'))[0]!.areaStyle).toEqual({
      opacity: 0.5,
    });
    expect(seriesOf(transformTimeseries(props({ stack: true }), 'line'))[0]!.stack).toBe('total');
    const horizontal = transformTimeseries(props({ orientation: 'horizontal' }), 'bar');
    expect((horizontal.echartOptions.xAxis as { type: string }).type).toBe('value');
    expect(seriesOf(horizontal)[0]!.data[0]).toEqual([100, Date.UTC(2020, 0, 1)]);
  });

  it('samples large series and hides their symbols', () => {
    const s = seriesOf(
      transformTimeseries(props({ markerEnabled: true }, LARGE_SERIES + 1), 'line'),
    )[0]!;
    expect(s.showSymbol).toBe(false);
    expect(s.sampling).toBe('lttb');
    expect(
      seriesOf(transformTimeseries(props({ markerEnabled: true }), 'line'))[0]!.showSymbol,
    ).toBe(true);
  });

  it('formats the rich tooltip, escaping names', () => {
    const p = transformTimeseries(props({ y_axis_format: ',d' }), 'line');
    const tooltip = p.echartOptions.tooltip as { formatter: (params: unknown) => string };
    const html = tooltip.formatter([
      { seriesName: '<b>boy</b>', value: [Date.UTC(2021, 0, 1), 1234], marker: '' },
    ]);
    expect(html).toBe('2021-01-01<br/>&#60;b&#62;boy&#60;/b&#62;: <b>1,234</b>');
  });

  it('draws formula, event and interval annotation layers', () => {
    const p = transformTimeseries(
      props(
        {
          annotation_layers: [
            { name: 'f', annotationType: 'FORMULA', value: '2 * x', show: true },
            { name: 'e', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1, show: true },
            { name: 'i', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 2, show: true },
          ],
        },
        2,
        {
          queriesData: [
            {
              data: [
                { ds: 0, boy: 1, girl: 2 },
                { ds: 10, boy: 3, girl: 4 },
              ],
              colnames: ['ds', 'boy', 'girl'],
              coltypes: [2, 0, 0],
              rowcount: 2,
              annotation_data: {
                e: { records: [{ start_dttm: 5, short_descr: 'release' }] },
                i: { records: [{ start_dttm: 2, end_dttm: 8, short_descr: 'outage' }] },
              },
            },
          ],
        },
      ),
      'line',
    );
    const series = p.echartOptions.series as Array<Record<string, unknown>>;
    expect(series.find((s) => s.name === 'f')!.data).toEqual([
      [0, 0],
      [10, 20],
    ]);
    expect((series.find((s) => s.name === 'e')!.markLine as { data: unknown[] }).data).toEqual([
      { xAxis: 5, name: 'release' },
    ]);
    expect((series.find((s) => s.name === 'i')!.markArea as { data: unknown[] }).data).toEqual([
      [{ xAxis: 2, name: 'outage' }, { xAxis: 8 }],
    ]);
  });

  it('emits a cross filter of the clicked series', () => {
    const setDataMask = vi.fn();
    const p = transformTimeseries(props({}, 3, {}), 'line');
    expect(p.onSeriesClick).toBeUndefined();
    const q = transformTimeseries(
      { ...props({}), emitCrossFilters: true, hooks: { setDataMask } },
      'line',
    );
    q.onSeriesClick!('boy');
    expect(setDataMask).toHaveBeenCalledWith(seriesCrossFilter(['gender'], ['boy']));
    expect(seriesCrossFilter(['gender'], ['boy'])).toEqual({
      extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] },
      filterState: { value: [['boy']], selectedValues: ['boy'] },
    });
    // Its own cross filter: the other series dimmed, a second click clears it.
    const picked = transformTimeseries(
      {
        ...props({}),
        emitCrossFilters: true,
        hooks: { setDataMask },
        filterState: seriesCrossFilter(['gender'], ['boy']).filterState!,
      },
      'line',
    );
    const series = picked.echartOptions.series as Array<{
      name: string;
      lineStyle?: { opacity: number };
    }>;
    expect(series.find((s) => s.name === 'boy')!.lineStyle).toBeUndefined();
    expect(series.find((s) => s.name === 'girl')!.lineStyle).toEqual({
      opacity: UNSELECTED_OPACITY,
    });
    picked.onSeriesClick!('boy');
    expect(setDataMask).toHaveBeenLastCalledWith(CLEARED_CROSS_FILTER);
    expect(selectedGroup({ value: null })).toBeNull();
    expect(selectedGroup({ value: [[1, 'a']] })).toEqual(['1', 'a']);
  });

  it('says there is nothing to draw without rows', () => {
    expect(transformTimeseries(props({}, 0), 'line').empty).toBe(true);
  });
});

describe('the time-series chart types', () => {
  it('are registered with their gallery metadata and thumbnails', () => {
    for (const viz of [
      'echarts_timeseries_line',
      'echarts_timeseries_bar',
      'echarts_area',
      'echarts_timeseries_scatter',
      'echarts_timeseries_smooth',
      'echarts_timeseries_step',
    ]) {
      const plugin = chartRegistry.get(viz)!;
      expect(plugin.metadata.category, viz).toBe('Evolution');
      expect(plugin.metadata.thumbnail, viz).toMatch(/^<svg/);
      expect(plugin.buildQuery({ ...base, viz_type: viz }).queries).toHaveLength(1);
    }
  });
});

describe('LTTB down-sampling', () => {
  it('keeps the ends and the peaks, at the asked size', async () => {
    const { lttbIndices } = await import('./downsample.js');
    const xs = Array.from({ length: 1000 }, (_, i) => i);
    const ys = xs.map((x) => (x === 500 ? 100 : Math.sin(x / 50)));
    const idx = lttbIndices(xs, ys, 50);
    expect(idx).toHaveLength(50);
    expect(idx[0]).toBe(0);
    expect(idx[49]).toBe(999);
    expect(idx).toContain(500);
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
    expect(lttbIndices([1, 2], [3, 4], 10)).toEqual([0, 1]);
  });
});

describe('time-series drill to detail', () => {
  it("gives a right-clicked point's x value with the grain and its series' dimension values", () => {
    const onContextMenu = vi.fn();
    const p = transformTimeseries(props({}, 3, { hooks: { onContextMenu } }), 'line');
    const boy = seriesOf(p).find((s) => s.name === 'boy')!;
    p.onPointContextMenu!('boy', boy.data[1], 10, 20);
    expect(onContextMenu).toHaveBeenCalledWith(10, 20, [
      {
        col: 'ds',
        op: '==',
        val: Date.UTC(2021, 0, 1),
        formattedVal: expect.stringContaining('2021') as unknown as string,
        grain: 'P1Y',
      },
      { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
    ]);
  });

  it('offers only the whole chart for an annotation or an unknown series, and nothing without the hook', () => {
    const onContextMenu = vi.fn();
    const p = transformTimeseries(props({}, 3, { hooks: { onContextMenu } }), 'line');
    p.onPointContextMenu!('an annotation', [Date.UTC(2021, 0, 1), 3], 1, 2);
    expect(onContextMenu).toHaveBeenCalledWith(1, 2, []);
    expect(transformTimeseries(props({}), 'line').onPointContextMenu).toBeUndefined();
  });
});

describe('stacked time series', () => {
  const gappy = (formData: Record<string, unknown>): ChartProps => {
    const p = props(formData);
    const rows = [
      { ds: Date.UTC(2020, 0, 1), boy: 10, girl: 30 },
      { ds: Date.UTC(2021, 0, 1), boy: null, girl: 20 },
      { ds: Date.UTC(2022, 0, 1), boy: 5, girl: 15 },
    ];
    return { ...p, queriesData: [{ ...p.queriesData[0]!, data: rows, rowcount: 3 }] };
  };
  const ys = (p: ReturnType<typeof transformTimeseries>, name: string) =>
    seriesOf(p)
      .find((s) => s.name === name)!
      .data.map((d) => (d as unknown[])[1]);

  it('fills a missing period with 0 when series stack, not otherwise', () => {
    expect(ys(transformTimeseries(gappy({ stack: 'Stack' }), 'area'), 'boy')).toEqual([10, 0, 5]);
    expect(ys(transformTimeseries(gappy({ stack: true }), 'bar'), 'boy')).toEqual([10, 0, 5]);
    expect(ys(transformTimeseries(gappy({ stack: null }), 'line'), 'boy')).toEqual([10, null, 5]);
  });

  it('expands to shares of each period, on a 0–100 % axis', () => {
    const p = transformTimeseries(gappy({ stack: 'Expand' }), 'area');
    expect(ys(p, 'boy')).toEqual([0.25, 0, 0.25]);
    expect(ys(p, 'girl')).toEqual([0.75, 1, 0.75]);
    expect(seriesOf(p)[0]).toMatchObject({ stack: 'total' });
    const axis = p.echartOptions.yAxis as {
      min: number;
      max: number;
      axisLabel: { formatter: (v: number) => string };
    };
    expect([axis.min, axis.max]).toEqual([0, 1]);
    expect(axis.axisLabel.formatter(0.5)).toBe('50.0%');
  });

  it('rotates category labels as the form data asks', () => {
    const p = transformTimeseries(props({ xAxisLabelRotation: 45 }), 'bar');
    expect((p.echartOptions.xAxis as { axisLabel: { rotate?: number } }).axisLabel.rotate).toBe(45);
  });
});

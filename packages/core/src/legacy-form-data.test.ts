import { describe, expect, it } from 'vitest';
import { legacyTimeseriesKind, migrateLegacyChart } from './legacy-form-data.js';

describe('legacy time-series form data', () => {
  it('reads a distribution bar chart (renamed, legacy keys) as Superset migrates it', () => {
    const { vizType, params } = migrateLegacyChart('echarts_timeseries_bar', {
      viz_type: 'echarts_timeseries_bar',
      bar_stacked: true,
      contribution: true,
      columns: [],
      groupby: ['name'],
      granularity_sqla: 'year',
      time_range: 'No filter',
      adhoc_filters: [{ clause: 'WHERE', subject: 'rank', operator: '<=', comparator: '10' }],
      x_ticks_layout: 'staggered',
      bottom_margin: 'auto',
      queryFields: { columns: 'groupby', groupby: 'groupby', metrics: 'metrics' },
    });
    expect(vizType).toBe('echarts_timeseries_bar');
    expect(params).toMatchObject({
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'name',
      groupby: [],
      stack: 'Stack',
      contributionMode: 'row',
      xAxisLabelRotation: 45,
      x_axis_title_margin: 'auto',
    });
    for (const gone of ['bar_stacked', 'contribution', 'columns', 'granularity_sqla', 'time_range'])
      expect(params).not.toHaveProperty(gone);
    // The time range is a filter on the time column; the x axis stays the category.
    expect(params.adhoc_filters).toEqual([
      { clause: 'WHERE', subject: 'rank', operator: '<=', comparator: '10' },
      {
        clause: 'WHERE',
        subject: 'year',
        operator: 'TEMPORAL_RANGE',
        comparator: 'No filter',
        expressionType: 'SIMPLE',
      },
    ]);
  });

  it('reads a time-series bar chart: the time column on the x axis', () => {
    const { params } = migrateLegacyChart('echarts_timeseries_bar', {
      bar_stacked: true,
      contribution: false,
      groupby: ['deal_size'],
      granularity_sqla: 'order_date',
      time_grain_sqla: 'P1M',
      time_range: '2003-01-01T00:00:00 : 2005-06-01T00:00:00',
      line_interpolation: 'linear',
      show_brush: 'auto',
      x_axis_format: 'smart_date',
    });
    expect(params).toMatchObject({
      x_axis: 'order_date',
      time_grain_sqla: 'P1M',
      groupby: ['deal_size'],
      stack: 'Stack',
      contributionMode: null,
      zoomable: false,
      x_axis_time_format: 'smart_date',
    });
    expect(params).not.toHaveProperty('line_interpolation');
    expect(params.adhoc_filters).toEqual([
      expect.objectContaining({
        subject: 'order_date',
        operator: 'TEMPORAL_RANGE',
        comparator: '2003-01-01T00:00:00 : 2005-06-01T00:00:00',
      }),
    ]);
  });

  it('reads an area chart’s stacked style', () => {
    const { vizType, params } = migrateLegacyChart('echarts_area', {
      stacked_style: 'expand',
      groupby: ['name'],
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      time_range: '100 years ago : now',
    });
    expect(vizType).toBe('echarts_area');
    expect(params).toMatchObject({ stack: 'Expand', opacity: 0.7, x_axis: 'ds' });
    expect(params).not.toHaveProperty('stacked_style');
    expect(migrateLegacyChart('area', { granularity_sqla: 'ds' }).params.stack).toBe('Stack');
    expect(migrateLegacyChart('area', {}).vizType).toBe('echarts_area');
  });

  it('maps legacy line interpolations to the ECharts line types', () => {
    expect(migrateLegacyChart('line', { line_interpolation: 'cardinal' }).vizType).toBe(
      'echarts_timeseries_smooth',
    );
    const step = migrateLegacyChart('line', { line_interpolation: 'step-after' });
    expect(step.vizType).toBe('echarts_timeseries_step');
    expect(step.params.seriesType).toBe('end');
    expect(
      migrateLegacyChart('dist_bar', { groupby: ['a', 'b'], columns: ['c'] }).params,
    ).toMatchObject({ x_axis: 'a', groupby: ['b', 'c'] });
  });

  it('leaves current form data alone', () => {
    const current = { x_axis: 'ds', stack: 'Stack', groupby: ['g'] };
    expect(migrateLegacyChart('echarts_timeseries_bar', current).params).toBe(current);
    // An ECharts chart from before the generic x axis, without NVD3 keys.
    const early = { granularity_sqla: 'ds', groupby: ['g'] };
    expect(legacyTimeseriesKind('echarts_timeseries_line', early)).toBeNull();
    expect(legacyTimeseriesKind('pie', { bar_stacked: true })).toBeNull();
    expect(legacyTimeseriesKind('box_plot', { x_ticks_layout: '45°' })).toBeNull();
  });
});

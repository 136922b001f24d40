/**
 * Hand-built form data for every chart type, on the examples' `birth_names` dataset (ds, gender,
 * name, state, num, num_boys, num_girls). Only what a user would pick; the rest comes from the
 * control panel's defaults. `expect` names the extra check of the type. Every chart keeps a
 * "No filter" time range filter on `ds`, so that a dashboard's time range has a time column to
 * act on.
 */
const metric = (column, aggregate = 'SUM') => ({
  expressionType: 'SIMPLE',
  column: { column_name: column },
  aggregate,
  label: `${aggregate}(${column})`,
});
const SUM_NUM = metric('num');
const noFilter = (col = 'ds') => ({
  clause: 'WHERE',
  subject: col,
  operator: 'TEMPORAL_RANGE',
  comparator: 'No filter',
  expressionType: 'SIMPLE',
});
const timeseries = {
  x_axis: 'ds',
  time_grain_sqla: 'P1Y',
  metrics: [SUM_NUM],
  groupby: ['gender'],
  adhoc_filters: [noFilter()],
};

export const HAND_BUILT = {
  echarts_timeseries: { ...timeseries, expect: 'timeseries' },
  echarts_area: { ...timeseries, expect: 'timeseries' },
  echarts_timeseries_bar: { ...timeseries, expect: 'timeseries' },
  echarts_timeseries_line: { ...timeseries, expect: 'timeseries' },
  echarts_timeseries_scatter: { ...timeseries, expect: 'timeseries' },
  echarts_timeseries_smooth: { ...timeseries, expect: 'timeseries' },
  echarts_timeseries_step: { ...timeseries, expect: 'timeseries' },
  mixed_timeseries: {
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: [SUM_NUM],
    groupby: ['gender'],
    metrics_b: [metric('num_boys')],
    groupby_b: [],
    adhoc_filters: [noFilter()],
    adhoc_filters_b: [noFilter()],
    expect: 'series',
  },
  pie: { groupby: ['gender'], metric: SUM_NUM, adhoc_filters: [noFilter()], expect: 'points:2' },
  graph_chart: {
    source: 'gender',
    target: 'state',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  gauge_chart: {
    groupby: ['gender'],
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  histogram_v2: {
    column: 'num',
    groupby: [],
    bins: 10,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  radar: {
    groupby: ['gender'],
    metrics: [SUM_NUM, metric('num_boys')],
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  funnel: { groupby: ['state'], metric: SUM_NUM, adhoc_filters: [noFilter()], expect: 'series' },
  tree_chart: {
    id: 'state',
    parent: 'gender',
    name: 'state',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  heatmap_v2: {
    x_axis: 'state',
    groupby: 'gender',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  treemap_v2: {
    groupby: ['gender', 'state'],
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  big_number: {
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'big_number',
  },
  big_number_total: { metric: SUM_NUM, adhoc_filters: [noFilter()], expect: 'big_number' },
  pop_kpi: {
    metric: SUM_NUM,
    adhoc_filters: [{ ...noFilter(), comparator: '2000-01-01 : 2005-01-01' }],
    time_compare: ['1 year ago'],
    expect: 'pop_kpi',
  },
  sunburst_v2: {
    columns: ['gender', 'state'],
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  bubble_v2: {
    entity: 'state',
    series: 'gender',
    x: metric('num_boys'),
    y: metric('num_girls'),
    size: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  sankey_v2: {
    source: 'gender',
    target: 'state',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  waterfall: {
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metric: SUM_NUM,
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  box_plot: {
    columns: ['state'],
    groupby: ['gender'],
    metrics: [SUM_NUM],
    adhoc_filters: [noFilter()],
    expect: 'series',
  },
  table: {
    query_mode: 'aggregate',
    groupby: ['state'],
    metrics: [SUM_NUM],
    adhoc_filters: [noFilter()],
    expect: 'rows',
  },
  'table (raw records)': {
    viz_type: 'table',
    query_mode: 'raw',
    all_columns: ['name', 'gender', 'num'],
    row_limit: 100,
    adhoc_filters: [noFilter()],
    expect: 'rows:100',
  },
  word_cloud: {
    series: 'name',
    metric: SUM_NUM,
    sort_by_metric: true,
    row_limit: 50,
    adhoc_filters: [noFilter()],
    expect: 'words:50',
  },
  pivot_table_v2: {
    groupbyRows: ['state'],
    groupbyColumns: ['gender'],
    metrics: [SUM_NUM],
    adhoc_filters: [noFilter()],
    expect: 'rows',
  },
};

/**
 * Controls many chart types share, by form-data name (Superset's sharedControls). A plugin's
 * control panel names them in its rows; `controlOverrides` adjusts them per chart type.
 */
import {
  COMPARISON_TYPE_OPTIONS,
  DEFAULT_CATEGORICAL_SCHEME,
  DEFAULT_EXPLORE_ROW_LIMIT,
  DEFAULT_NUMBER_FORMAT,
  DEFAULT_SEQUENTIAL_SCHEME,
  DEFAULT_TIME_FORMAT,
  DEFAULT_TIME_GRAIN,
  DEFAULT_TIME_RANGE,
  GenericDataType,
  NUMBER_FORMAT_OPTIONS,
  RESAMPLE_METHOD_OPTIONS,
  RESAMPLE_RULE_OPTIONS,
  ROLLING_TYPE_OPTIONS,
  ROW_LIMIT_OPTIONS,
  SERIES_LIMIT_OPTIONS,
  TIME_FORMAT_OPTIONS,
  TIME_SHIFT_OPTIONS,
} from '@strata/core';
import type { ControlConfig, ControlPanelState, DatasourceColumn } from './types.js';
import { validateInteger, validateNonEmpty } from './validators.js';
import { chartFeatureEnabled } from '../feature-flags.js';

const columnsOf = (state: ControlPanelState): DatasourceColumn[] => state.datasource?.columns ?? [];

/**
 * The colour scheme control's dashboard context: the scheme comes from the dashboard the chart
 * was opened from (`dashboard_color_scheme`), or custom label colours override it.
 */
export function colorSchemeContext(formData: Record<string, unknown>): {
  dashboardId: number | null;
  hasDashboardColorScheme: boolean;
  hasCustomLabelsColor: boolean;
} {
  const dashboardId = typeof formData.dashboardId === 'number' ? formData.dashboardId : null;
  const labels = formData.label_colors;
  return {
    dashboardId,
    hasDashboardColorScheme:
      dashboardId !== null &&
      typeof formData.dashboard_color_scheme === 'string' &&
      formData.dashboard_color_scheme !== '',
    hasCustomLabelsColor:
      !!labels && typeof labels === 'object' && Object.keys(labels as object).length > 0,
  };
}
export const isTemporalColumn = (c: DatasourceColumn): boolean =>
  c.is_dttm === true || c.type_generic === GenericDataType.TEMPORAL;

const columnProps = (state: ControlPanelState) => ({
  options: columnsOf(state).filter((c) => c.groupby !== false),
});
const metricProps = (state: ControlPanelState) => ({
  columns: columnsOf(state),
  savedMetrics: state.datasource?.metrics ?? [],
});
const isAggregate = (state: ControlPanelState) => state.form_data.query_mode !== 'raw';
const isRaw = (state: ControlPanelState) => state.form_data.query_mode === 'raw';

/** The dataset's main time column, else its first temporal column, else null. */
export function defaultTemporalColumn(state: ControlPanelState): string | null {
  const columns = columnsOf(state);
  const main = state.datasource?.main_dttm_col;
  if (main && columns.some((c) => c.column_name === main)) return main;
  return columns.find(isTemporalColumn)?.column_name ?? null;
}

export const sharedControls: Record<string, ControlConfig> = {
  metrics: {
    type: 'MetricsControl',
    label: 'Metrics',
    validators: [validateNonEmpty],
    default: [],
    props: { multi: true },
    mapStateToProps: metricProps,
  },
  metric: {
    type: 'MetricsControl',
    label: 'Metric',
    validators: [validateNonEmpty],
    default: null,
    props: { multi: false },
    mapStateToProps: metricProps,
  },
  secondary_metric: {
    type: 'MetricsControl',
    label: 'Secondary metric',
    default: null,
    props: { multi: false, clearable: true },
    mapStateToProps: metricProps,
  },
  groupby: {
    type: 'ColumnSelectControl',
    label: 'Dimensions',
    description: 'One or many columns to group by.',
    default: [],
    props: { multi: true },
    mapStateToProps: columnProps,
  },
  columns: {
    type: 'ColumnSelectControl',
    label: 'Columns',
    default: [],
    props: { multi: true },
    mapStateToProps: columnProps,
  },
  all_columns: {
    type: 'ColumnSelectControl',
    label: 'Columns',
    description: 'Columns to display',
    default: [],
    props: { multi: true },
    visibility: isRaw,
    mapStateToProps: (state) => ({ options: columnsOf(state) }),
  },
  entity: {
    type: 'ColumnSelectControl',
    label: 'Entity',
    description: 'This defines the element to be plotted on the chart',
    validators: [validateNonEmpty],
    default: null,
    props: { multi: false },
    mapStateToProps: columnProps,
  },
  series: {
    type: 'ColumnSelectControl',
    label: 'Dimension',
    default: null,
    props: { multi: false, clearable: true },
    mapStateToProps: columnProps,
  },
  x_axis: {
    type: 'ColumnSelectControl',
    label: 'X-axis',
    description: 'Dimension to use on x-axis.',
    validators: [validateNonEmpty],
    default: defaultTemporalColumn,
    props: { multi: false, allowTemporal: true },
    // Without GENERIC_CHART_AXES the x-axis is a time column, as before Superset's generic axes.
    mapStateToProps: (state) => ({
      options: chartFeatureEnabled('GENERIC_CHART_AXES')
        ? columnsOf(state)
        : columnsOf(state).filter(isTemporalColumn),
    }),
  },
  granularity_sqla: {
    type: 'SelectControl',
    label: 'Time column',
    description: 'The time column for the visualization.',
    default: defaultTemporalColumn,
    props: { clearable: false },
    mapStateToProps: (state) => ({
      choices: columnsOf(state)
        .filter(isTemporalColumn)
        .map((c) => [c.column_name, c.verbose_name || c.column_name]),
    }),
  },
  time_grain_sqla: {
    type: 'SelectControl',
    label: 'Time grain',
    description:
      'The time granularity for the visualization. This applies a date transformation to alter your time column and defines a new time granularity.',
    default: DEFAULT_TIME_GRAIN,
    props: { clearable: true },
    mapStateToProps: (state) => ({ choices: state.datasource?.time_grain_sqla ?? [] }),
  },
  time_range: {
    type: 'DateFilterControl',
    label: 'Time range',
    default: DEFAULT_TIME_RANGE,
    description:
      'The time range for the visualization. All relative times, e.g. "Last month", "Last 7 days", "now", etc. are evaluated on the server using the server\'s local time.',
  },
  adhoc_filters: {
    type: 'AdhocFilterControl',
    label: 'Filters',
    default: [],
    mapStateToProps: metricProps,
  },
  row_limit: {
    type: 'SelectControl',
    label: 'Row limit',
    default: DEFAULT_EXPLORE_ROW_LIMIT,
    validators: [validateInteger],
    props: { freeForm: true, choices: ROW_LIMIT_OPTIONS.map((n) => [n, String(n)]) },
    description:
      'Limits the number of the rows that are computed in the query that is the source of the data used for this chart.',
  },
  series_limit: {
    type: 'SelectControl',
    label: 'Series limit',
    default: null,
    validators: [validateInteger],
    props: {
      freeForm: true,
      clearable: true,
      choices: SERIES_LIMIT_OPTIONS.map((n) => [n, String(n)]),
    },
    description:
      'Limits the number of series that get displayed. A joined subquery (or an extra phase where subqueries are not supported) is applied to limit the number of series that get fetched and rendered.',
  },
  series_limit_metric: {
    type: 'MetricsControl',
    label: 'Sort by',
    default: null,
    props: { multi: false, clearable: true },
    description:
      'Metric used to define how the top series are sorted if a series or cell limit is present. If undefined reverts to the first metric (where appropriate).',
    mapStateToProps: metricProps,
  },
  timeseries_limit_metric: {
    type: 'MetricsControl',
    label: 'Sort by',
    default: null,
    props: { multi: false, clearable: true },
    mapStateToProps: metricProps,
  },
  order_desc: {
    type: 'CheckboxControl',
    label: 'Sort descending',
    default: true,
    description: 'Whether to sort descending or ascending',
  },
  query_mode: {
    type: 'RadioButtonControl',
    label: 'Query mode',
    default: 'aggregate',
    props: {
      choices: [
        ['aggregate', 'Aggregate'],
        ['raw', 'Raw records'],
      ],
    },
  },
  include_time: {
    type: 'CheckboxControl',
    label: 'Include time',
    default: false,
    description: 'Whether to include the time granularity as defined in the time section',
    visibility: isAggregate,
  },
  color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Color scheme',
    default: DEFAULT_CATEGORICAL_SCHEME,
    renderTrigger: true,
    description: 'The color scheme for rendering chart',
    // Opened from a dashboard, the chart carries the dashboard's scheme and label colours
    // (Superset's ColorSchemeControl props): the control says which one wins.
    mapStateToProps: (state) => colorSchemeContext(state.form_data),
  },
  linear_color_scheme: {
    type: 'ColorSchemeControl',
    label: 'Linear color scheme',
    default: DEFAULT_SEQUENTIAL_SCHEME,
    renderTrigger: true,
    props: { isLinear: true },
  },
  y_axis_format: {
    type: 'SelectControl',
    label: 'Number format',
    default: DEFAULT_NUMBER_FORMAT,
    renderTrigger: true,
    props: { freeForm: true, choices: NUMBER_FORMAT_OPTIONS },
    description: 'D3 format syntax: https://github.com/d3/d3-format',
  },
  x_axis_time_format: {
    type: 'SelectControl',
    label: 'Time format',
    default: DEFAULT_TIME_FORMAT,
    renderTrigger: true,
    props: { freeForm: true, choices: TIME_FORMAT_OPTIONS },
    description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
  },
  truncate_metric: {
    type: 'CheckboxControl',
    label: 'Truncate metric',
    default: true,
    description: 'Whether to truncate metrics',
  },
  show_empty_columns: {
    type: 'CheckboxControl',
    label: 'Show empty columns',
    default: true,
  },
  rolling_type: {
    type: 'SelectControl',
    label: 'Rolling function',
    default: null,
    props: { clearable: true, choices: ROLLING_TYPE_OPTIONS.map((r) => [r, r]) },
    description:
      'Defines a rolling window function to apply, works along with the [Periods] text box',
  },
  rolling_periods: {
    type: 'TextControl',
    label: 'Periods',
    default: null,
    props: { isInt: true },
    validators: [validateInteger],
    visibility: (s) =>
      !!s.form_data.rolling_type &&
      s.form_data.rolling_type !== 'None' &&
      s.form_data.rolling_type !== 'cumsum',
  },
  min_periods: {
    type: 'TextControl',
    label: 'Min periods',
    default: null,
    props: { isInt: true },
    validators: [validateInteger],
    visibility: (s) =>
      !!s.form_data.rolling_type &&
      s.form_data.rolling_type !== 'None' &&
      s.form_data.rolling_type !== 'cumsum',
  },
  time_compare: {
    type: 'SelectControl',
    label: 'Time shift',
    default: [],
    props: { multi: true, freeForm: true, choices: TIME_SHIFT_OPTIONS.map((t) => [t, t]) },
    description:
      'Overlay one or more timeseries from a relative time period. Expects relative time deltas in natural language (example: 24 hours, 7 days, 52 weeks, 365 days). Free text is supported.',
  },
  comparison_type: {
    type: 'SelectControl',
    label: 'Calculation type',
    default: 'values',
    props: { choices: COMPARISON_TYPE_OPTIONS },
  },
  resample_rule: {
    type: 'SelectControl',
    label: 'Rule',
    default: null,
    props: { freeForm: true, clearable: true, choices: RESAMPLE_RULE_OPTIONS },
    description: 'Pandas resample rule',
  },
  resample_method: {
    type: 'SelectControl',
    label: 'Fill method',
    default: null,
    props: { clearable: true, choices: RESAMPLE_METHOD_OPTIONS },
    description: 'Pandas resample method',
  },
  annotation_layers: {
    type: 'AnnotationLayerControl',
    label: 'Annotation layers',
    default: [],
  },
};

/** The shared control of a name, with a plugin's override merged in. */
export function sharedControl(
  name: string,
  override?: Partial<ControlConfig>,
): ControlConfig | undefined {
  const base = sharedControls[name];
  if (!base) return undefined;
  return override ? { ...base, ...override, props: { ...base.props, ...override.props } } : base;
}

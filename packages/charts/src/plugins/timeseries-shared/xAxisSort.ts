/**
 * Sorting a categorical x axis (Superset's x_axis_sort controls of the ECharts time-series
 * family). Offered only when the x axis is not temporal (a string or boolean column, or a custom
 * SQL dimension whose type is unknown):
 * - one metric and no dimensions: "X-Axis Sort By" (the x axis itself or the metric) and
 *   "X-Axis Sort Ascending", applied by the query's `sort` post-processing step;
 * - several metrics or dimensions: "X-Axis Sort By" a measure over the series (category name,
 *   total, minimum, maximum, average) and its ascending flag, applied when the chart is drawn.
 * A horizontal bar chart calls the base axis Y.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
  type QueryObject,
} from '@strata/core';
import type { ControlConfig, ControlPanelState, ControlSetRow } from '../../control-panel/types.js';

type Step = NonNullable<QueryObject['post_processing']>[number];
type Row = Record<string, unknown>;

const list = <T>(v: unknown): T[] =>
  Array.isArray(v) ? (v as T[]) : v === null || v === undefined || v === '' ? [] : [v as T];

/** Whether the x axis holds categories that may be reordered (Superset's isSortable). */
export function isXAxisSortable(state: ControlPanelState): boolean {
  const x = state.form_data.x_axis as QueryColumn | null | undefined;
  if (x === null || x === undefined || x === '') return false;
  if (typeof x !== 'string') return true;
  const column = state.datasource?.columns.find((c) => c.column_name === x);
  if (!column || column.is_dttm === true) return false;
  return (
    column.type_generic === GenericDataType.STRING ||
    column.type_generic === GenericDataType.BOOLEAN
  );
}

const oneSeries = (fd: QueryFormData) =>
  list(fd.groupby).length === 0 && list(fd.metrics).length === 1;

/** "X-Axis Sort By" (x axis or metric): one metric, no dimensions. */
export const xAxisSortVisible = (s: ControlPanelState) =>
  isXAxisSortable(s) && oneSeries(s.form_data);
/** "X-Axis Sort By" (a measure over the series): several metrics or any dimension. */
export const xAxisSortSeriesVisible = (s: ControlPanelState) =>
  isXAxisSortable(s) && !oneSeries(s.form_data);

/** What the x axis can be sorted by: the x axis' label and the metrics' labels. */
export function xAxisSortChoices(state: ControlPanelState): Array<[string, string]> {
  const fd = state.form_data;
  const verbose = state.datasource?.verbose_map ?? {};
  const x = fd.x_axis as QueryColumn | null | undefined;
  const labels = [
    ...(x ? [getColumnLabel(x)] : []),
    ...[...list<QueryMetric>(fd.metrics), ...list<QueryMetric>(fd.timeseries_limit_metric)].map(
      getMetricLabel,
    ),
  ];
  return [...new Set(labels)].map((l) => [l, verbose[l] || l]);
}

const axisName = (s: ControlPanelState) => (s.form_data.orientation === 'horizontal' ? 'Y' : 'X');

export const SORT_SERIES_CHOICES: Array<[string, string]> = [
  ['name', 'Category name'],
  ['sum', 'Total value'],
  ['min', 'Minimum value'],
  ['max', 'Maximum value'],
  ['avg', 'Average value'],
];

const controls: Record<string, ControlConfig> = {
  x_axis_sort: {
    type: 'XAxisSortControl',
    label: (s) => `${axisName(s)}-Axis Sort By`,
    description: 'Decides which column to sort the base axis by.',
    default: null,
    props: { clearable: true },
    visibility: xAxisSortVisible,
    mapStateToProps: (s) => ({ choices: xAxisSortChoices(s) }),
  },
  x_axis_sort_asc: {
    type: 'CheckboxControl',
    label: (s) => `${axisName(s)}-Axis Sort Ascending`,
    description: 'Whether to sort ascending or descending on the base Axis.',
    default: true,
    visibility: (s) =>
      s.form_data.x_axis_sort !== undefined &&
      s.form_data.x_axis_sort !== null &&
      xAxisSortVisible(s),
  },
  x_axis_sort_series: {
    type: 'SelectControl',
    label: (s) => `${axisName(s)}-Axis Sort By`,
    description: 'Decides which measure to sort the base axis by.',
    default: 'name',
    renderTrigger: true,
    props: { choices: SORT_SERIES_CHOICES, clearable: false },
    visibility: xAxisSortSeriesVisible,
  },
  x_axis_sort_series_ascending: {
    type: 'CheckboxControl',
    label: (s) => `${axisName(s)}-Axis Sort Ascending`,
    description: 'Whether to sort ascending or descending on the base Axis.',
    default: true,
    renderTrigger: true,
    visibility: xAxisSortSeriesVisible,
  },
};

/** The control panel rows, placed under the x axis. */
export const xAxisSortRows: ControlSetRow[] = Object.entries(controls).map(([name, config]) => [
  { name, config },
]);

/**
 * The query's sort step (Superset's sortOperator): by the index when sorting by the x axis,
 * else by the metric's column; none unless the choice is the x axis or a metric of the query
 * and there are no dimensions.
 */
export function xAxisSortStep(formData: QueryFormData, xLabel: string): Step | null {
  const by = formData.x_axis_sort;
  const ascending = formData.x_axis_sort_asc;
  if (typeof by !== 'string' || by === '' || typeof ascending !== 'boolean') return null;
  if (list(formData.groupby).length > 0) return null;
  const metricLabels = [
    ...list<QueryMetric>(formData.metrics),
    ...list<QueryMetric>(formData.timeseries_limit_metric),
  ].map(getMetricLabel);
  if (by === xLabel) return { operation: 'sort', options: { is_sort_index: true, ascending } };
  if (!metricLabels.includes(by)) return null;
  return { operation: 'sort', options: { by, ascending } };
}

/**
 * Rows (one per x value, one column per series) ordered by a measure over the series: the
 * category name, or the sum, minimum, maximum or average of the row's numbers. Rows without
 * numbers go last; ties keep their order.
 */
export function sortRowsBySeries(
  rows: readonly Row[],
  xLabel: string,
  series: readonly string[],
  type: string,
  ascending: boolean,
): Row[] {
  const measure = (row: Row): number | string | null => {
    if (type === 'name') {
      const v = row[xLabel];
      return v === null || v === undefined ? null : String(v);
    }
    const nums = series
      .map((s) => row[s])
      .filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
    if (nums.length === 0) return null;
    if (type === 'min') return Math.min(...nums);
    if (type === 'max') return Math.max(...nums);
    const sum = nums.reduce((a, b) => a + b, 0);
    return type === 'avg' ? sum / nums.length : sum;
  };
  const keyed = rows.map((row, i) => ({ row, i, m: measure(row) }));
  keyed.sort((a, b) => {
    if (a.m === null || b.m === null) return a.m === b.m ? a.i - b.i : a.m === null ? 1 : -1;
    const c =
      typeof a.m === 'number' && typeof b.m === 'number'
        ? a.m - b.m
        : String(a.m).localeCompare(String(b.m));
    return c === 0 ? a.i - b.i : ascending ? c : -c;
  });
  return keyed.map((k) => k.row);
}

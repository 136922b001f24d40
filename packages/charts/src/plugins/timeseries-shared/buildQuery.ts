/**
 * The ECharts time-series family's query (Superset's Timeseries buildQuery with the generic
 * x-axis): the x-axis column as BASE_AXIS (truncated to the time grain), the dimensions as
 * series, then post-processing — pivot on the x axis, rolling window or cumulative sum, time
 * comparison (time_offsets + compare), resample, contribution, renaming away the metric when
 * there is one metric and dimensions, and flatten.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
  type QueryObject,
} from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { xAxisSortStep } from './xAxisSort.js';

type Step = NonNullable<QueryObject['post_processing']>[number];

const list = <T>(v: unknown): T[] =>
  Array.isArray(v) ? (v as T[]) : v === null || v === undefined ? [] : [v as T];

/** The x-axis column of the form data (x_axis, else the legacy time column). */
export function xAxisColumn(formData: QueryFormData): QueryColumn | null {
  const x = (formData.x_axis ?? formData.granularity_sqla) as QueryColumn | undefined;
  if (!x) return null;
  const label = getColumnLabel(x);
  if (typeof x !== 'string')
    return { ...x, columnType: 'BASE_AXIS', timeGrain: formData.time_grain_sqla ?? null };
  return {
    sqlExpression: x,
    label,
    expressionType: 'SQL',
    columnType: 'BASE_AXIS',
    timeGrain: formData.time_grain_sqla ?? null,
    isColumnReference: true,
  };
}

/** The post-processing steps of a time series (one query's metrics and dimensions). */
export function timeseriesPostProcessing(
  formData: QueryFormData,
  xLabel: string,
  metrics: QueryMetric[],
  groupby: QueryColumn[],
  suffix = '',
): Step[] {
  const field = (name: string) => formData[`${name}${suffix}`];
  const metricLabels = metrics.map(getMetricLabel);
  const groupLabels = groupby.map(getColumnLabel);
  const offsets = list<string>(field('time_compare'));
  // The shifted copies of each metric are joined before post-processing: pivot them too.
  const pivoted = [
    ...metricLabels,
    ...metricLabels.flatMap((m) => offsets.map((o) => `${m}__${o}`)),
  ];
  const steps: Step[] = [
    {
      operation: 'pivot',
      options: {
        index: [xLabel],
        columns: groupLabels,
        aggregates: Object.fromEntries(pivoted.map((m) => [m, { operator: 'mean' }])),
        drop_missing_columns: field('show_empty_columns') === false,
      },
    },
  ];
  const columnsMap = Object.fromEntries(metricLabels.map((m) => [m, m]));
  const rolling = field('rolling_type') as string | null | undefined;
  if (rolling === 'cumsum')
    steps.push({ operation: 'cum', options: { operator: 'sum', columns: columnsMap } });
  else if (rolling && rolling !== 'None') {
    const window = Number(field('rolling_periods'));
    const minPeriods = Number(field('min_periods'));
    steps.push({
      operation: 'rolling',
      options: {
        rolling_type: rolling,
        window: Number.isInteger(window) && window > 0 ? window : 1,
        min_periods: Number.isInteger(minPeriods) && minPeriods >= 0 ? minPeriods : 0,
        columns: columnsMap,
      },
    });
  }
  const comparison = (field('comparison_type') as string | undefined) ?? 'values';
  if (offsets.length && comparison !== 'values') {
    steps.push({
      operation: 'compare',
      options: {
        source_columns: metricLabels.flatMap((m) => offsets.map(() => m)),
        compare_columns: metricLabels.flatMap((m) => offsets.map((o) => `${m}__${o}`)),
        compare_type: comparison,
        drop_original_columns: true,
      },
    });
  }
  const rule = field('resample_rule') as string | null | undefined;
  const method = field('resample_method') as string | null | undefined;
  if (rule && method) steps.push({ operation: 'resample', options: { rule, method } });
  const contribution = field('contributionMode') as string | null | undefined;
  if (contribution === 'row' || contribution === 'column')
    steps.push({ operation: 'contribution', options: { orientation: contribution } });
  if (metricLabels.length === 1 && groupLabels.length > 0 && field('truncate_metric') !== false)
    steps.push({
      operation: 'rename',
      options: { columns: { [metricLabels[0]!]: null }, level: 0, inplace: true },
    });
  steps.push({ operation: 'flatten' });
  return steps;
}

/** The query of one series set (suffix '' for query A, '_b' for a mixed chart's query B). */
export function timeseriesQuery(
  formData: QueryFormData,
  base: QueryObject,
  suffix = '',
): QueryObject {
  const field = (name: string) => formData[`${name}${suffix}`];
  const metrics = list<QueryMetric>(field('metrics'));
  const groupby = list<QueryColumn>(field('groupby'));
  const x = xAxisColumn(formData);
  const xLabel = x ? getColumnLabel(x) : '__timestamp';
  const limitMetric = (field('series_limit_metric') ?? field('timeseries_limit_metric')) as
    QueryMetric | null | undefined;
  const offsets = list<string>(field('time_compare'));
  const query: QueryObject = {
    ...base,
    metrics,
    columns: [...(x ? [x] : []), ...groupby],
    series_columns: groupby,
    orderby: limitMetric
      ? [[limitMetric, !(field('order_desc') ?? true)]]
      : metrics[0]
        ? [[metrics[0], false]]
        : [],
    post_processing: timeseriesPostProcessing(formData, xLabel, metrics, groupby, suffix),
  };
  if (offsets.length) query.time_offsets = offsets;
  if (limitMetric) query.series_limit_metric = limitMetric;
  return query;
}

export function buildTimeseriesQuery(
  formData: QueryFormData,
  options?: BuildQueryOptions,
): QueryContext {
  return buildQueryContext(
    formData,
    (base) => {
      const query = timeseriesQuery(formData, base);
      // The x axis' sort (one metric, no dimensions) after the pivot, before flattening.
      const x = xAxisColumn(formData);
      const sort = xAxisSortStep(formData, x ? getColumnLabel(x) : '__timestamp');
      const steps = query.post_processing ?? [];
      if (sort) {
        const at = steps.findIndex(
          (st) => st?.operation === 'rename' || st?.operation === 'flatten',
        );
        query.post_processing = [
          ...steps.slice(0, at < 0 ? steps.length : at),
          sort,
          ...steps.slice(at < 0 ? steps.length : at),
        ];
      }
      return [query];
    },
    options,
  );
}

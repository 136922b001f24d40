import { getColumnLabel, getMetricLabel, type QueryFormData, type QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { timeseriesPostProcessing, xAxisColumn } from '../timeseries-shared/buildQuery.js';

/** The metric over the time axis, pivoted (and rolled) like a time series of one series. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const metric = formData.metric as QueryMetric | undefined;
  const x = xAxisColumn(formData);
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: x ? [x] : [],
        metrics: metric ? [metric] : [],
        orderby: x ? [[x, true]] : [],
        post_processing: timeseriesPostProcessing(
          { ...formData, time_compare: [], resample_rule: null, contributionMode: null },
          x ? getColumnLabel(x) : '__timestamp',
          metric ? [metric] : [],
          [],
        ),
      },
    ],
    options,
  );
}

export const metricLabelOf = (formData: QueryFormData): string =>
  formData.metric ? getMetricLabel(formData.metric as QueryMetric) : '';

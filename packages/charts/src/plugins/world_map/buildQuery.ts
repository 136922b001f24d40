/**
 * The World Map's query (Superset's): grouped by the country column, the metric and (when set
 * and different) the bubble-size metric, sorted by the metric descending on request.
 */
import { getMetricLabel, type QueryFormData, type QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const metric = formData.metric as QueryMetric | null | undefined;
  const secondary = formData.secondary_metric as QueryMetric | null | undefined;
  const metrics: QueryMetric[] = metric ? [metric] : [];
  if (secondary && (!metric || getMetricLabel(secondary) !== getMetricLabel(metric)))
    metrics.push(secondary);
  const entity = formData.entity;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: entity ? [entity] : [],
        metrics,
        orderby: formData.sort_by_metric === true && metric ? [[metric, false]] : [],
      },
    ],
    options,
  );
}

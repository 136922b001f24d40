import type { QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/**
 * One query: the metric (and the secondary metric, when set) by the hierarchy's columns,
 * largest first unless sorting by the metric is turned off.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const metric = formData.metric as QueryMetric | undefined;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        ...(formData.sort_by_metric !== false && metric ? { orderby: [[metric, false]] } : {}),
      },
    ],
    options,
  );
}

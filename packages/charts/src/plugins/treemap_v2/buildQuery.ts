import type { QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** One query: the metric by the hierarchy's columns, largest first when sorting by the metric. */
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

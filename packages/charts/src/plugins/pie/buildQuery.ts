import type { QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** One query: the metric by the dimensions, largest first unless asked otherwise. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const metric = formData.metric as QueryMetric | undefined;
  return buildQueryContext(
    formData,
    (base) => [
      { ...base, orderby: formData.sort_by_metric !== false && metric ? [[metric, false]] : [] },
    ],
    options,
  );
}

import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** One query: the metric by the single dimension, largest first when sorting by the metric. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const metric = formData.metric as QueryMetric | null | undefined;
  const series = formData.series as QueryColumn | null | undefined;
  const sortByMetric = formData.sort_by_metric !== false;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: series ? [series] : [],
        metrics: metric ? [metric] : [],
        ...(sortByMetric ? { orderby: metric ? [[metric, false]] : [] } : {}),
      },
    ],
    options,
  );
}

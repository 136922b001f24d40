import type { QueryFormData } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** One query: the metric, no grouping, no time grain. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  return buildQueryContext(
    formData,
    (base) => [{ ...base, columns: [], orderby: [], row_limit: undefined, series_limit: 0 }],
    options,
  );
}

import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

const FIELDS = ['id', 'parent', 'name'] as const;

/** One query: the metric (when there is one) by the id, parent and name columns. */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const columns = new Map<string, QueryColumn>();
  for (const field of FIELDS) {
    const c = formData[field] as QueryColumn | null | undefined;
    if (c !== null && c !== undefined && c !== '') columns.set(JSON.stringify(c), c);
  }
  const metric = formData.metric as QueryMetric | null | undefined;
  return buildQueryContext(
    formData,
    (base) => [{ ...base, columns: [...columns.values()], metrics: metric ? [metric] : [] }],
    options,
  );
}

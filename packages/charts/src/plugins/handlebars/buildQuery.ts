/**
 * Handlebars queries: the Table's main query (aggregate or raw records, percentage metrics as
 * "%label" through the contribution step, sort metric, include time); never its summary query.
 */
import type { QueryFormData } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQuery as buildTableQuery } from '../table/buildQuery.js';

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const context = buildTableQuery(formData, options);
  return { ...context, queries: context.queries.slice(0, 1) };
}

import type { QueryFormData, QueryObject } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../plugin.js';
import { buildQueryObject } from './build-query-object.js';

/** `"3__table"` → `{id: 3, type: "table"}`; throws on anything else. */
export function parseDatasource(key: string): { id: number; type: string } {
  const m = /^(\d{1,10})__([a-z_]+)$/.exec(key ?? '');
  if (!m) throw new Error(`Invalid datasource "${String(key)}"`);
  return { id: Number(m[1]), type: m[2]! };
}

/**
 * The query context of a chart: the base query object of its form data, turned into the
 * plugin's queries by `buildQueries` (default: the base query alone).
 */
export function buildQueryContext(
  formData: QueryFormData,
  buildQueries: (base: QueryObject) => QueryObject[] = (base) => [base],
  options: BuildQueryOptions = {},
): QueryContext {
  return {
    datasource: parseDatasource(formData.datasource),
    force: options.force ?? false,
    queries: buildQueries(buildQueryObject(formData)),
    form_data: formData,
    result_format: options.resultFormat ?? 'json',
    result_type: options.resultType ?? 'full',
  };
}

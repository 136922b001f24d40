/**
 * The Waterfall Chart's query: the x axis (as BASE_AXIS, truncated to the time grain when
 * temporal) and the optional breakdown as columns, the one metric, ordered by the x axis and then
 * the breakdown, ascending (Superset's Waterfall buildQuery).
 */
import {
  getColumnLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { xAxisColumn } from '../timeseries-shared/buildQuery.js';

/** The breakdown column: the first of `groupby` (a list, or one column). */
export function breakdownOf(formData: QueryFormData): QueryColumn | null {
  const g: unknown = formData.groupby;
  const first: unknown = Array.isArray(g) ? g[0] : g;
  return first === undefined || first === null || first === '' ? null : (first as QueryColumn);
}

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const x = xAxisColumn(formData);
  const breakdown = breakdownOf(formData);
  const metric = formData.metric as QueryMetric | null | undefined;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [...(x ? [x] : []), ...(breakdown ? [breakdown] : [])],
        metrics: metric ? [metric] : [],
        // By label: the server orders by the x axis select item (with its time grain).
        orderby: [
          ...(x ? [[getColumnLabel(x), true] as [QueryColumn, boolean]] : []),
          ...(breakdown ? [[breakdown, true] as [QueryColumn, boolean]] : []),
        ],
      },
    ],
    options,
  );
}

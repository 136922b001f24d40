/**
 * The pivot table's query: one aggregate query grouped by the row and column dimensions
 * (a temporal dimension takes the time grain), ordered by the sort metric or the first metric.
 * The pivoting happens in the browser (`pivot.ts`).
 */
import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

function withGrain(column: QueryColumn, formData: QueryFormData): QueryColumn {
  const extra = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  const grain = extra?.time_grain_sqla || (formData.time_grain_sqla as string | undefined);
  const temporal = formData.temporal_columns_lookup as Record<string, boolean> | undefined;
  if (
    typeof column === 'string' &&
    grain &&
    (temporal?.[column] || formData.granularity_sqla === column)
  ) {
    return {
      timeGrain: grain,
      columnType: 'BASE_AXIS',
      sqlExpression: column,
      label: column,
      expressionType: 'SQL',
      isColumnReference: true,
    };
  }
  return column;
}

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const seen = new Set<string>();
  const columns = [
    ...asList<QueryColumn>(formData.groupbyColumns),
    ...asList<QueryColumn>(formData.groupbyRows),
  ]
    .filter((c) => {
      const id = JSON.stringify(c);
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .map((c) => withGrain(c, formData));
  const metrics = asList<QueryMetric>(formData.metrics);
  const sortBy = formData.series_limit_metric as QueryMetric | null | undefined;
  const desc = formData.order_desc !== false;
  const orderby: Array<[QueryMetric, boolean]> = sortBy
    ? [[sortBy, !desc]]
    : metrics[0]
      ? [[metrics[0], !desc]]
      : [];
  return buildQueryContext(
    formData,
    (base) => [{ ...base, columns, metrics, orderby, post_processing: [] }],
    options,
  );
}

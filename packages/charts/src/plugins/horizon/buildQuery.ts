/**
 * The Horizon Chart's query (Superset's legacy horizon: a time series by the dimensions): the
 * metrics over the time column at the time grain and the dimensions, with the series limit; the
 * series are formed in the browser (`transformProps.ts`).
 */
import type { QueryColumn, QueryFormData, QueryMetric } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** The label of the time column in the answer (the legacy time series' pseudo column). */
export const TIME_LABEL = '__timestamp';

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : v ? [v as T] : []);

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const time = formData.granularity_sqla as string | undefined;
  const groupby = list<QueryColumn>(formData.groupby);
  const metrics = list<QueryMetric>(formData.metrics);
  const limitMetric = formData.timeseries_limit_metric as QueryMetric | null | undefined;
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns: [
          ...(time
            ? [
                {
                  sqlExpression: time,
                  label: TIME_LABEL,
                  expressionType: 'SQL' as const,
                  columnType: 'BASE_AXIS' as const,
                  timeGrain: formData.time_grain_sqla ?? null,
                  isColumnReference: true,
                },
              ]
            : []),
          ...groupby,
        ],
        metrics,
        series_columns: groupby,
        ...(formData.limit ? { series_limit: Number(formData.limit) } : {}),
        ...(limitMetric ? { series_limit_metric: limitMetric } : {}),
        // Newest first, so a row limit keeps the latest periods; the chart sorts them again.
        orderby: [[TIME_LABEL, false]],
        post_processing: [],
      },
    ],
    options,
  );
}

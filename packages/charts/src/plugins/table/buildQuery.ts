/**
 * The table's queries: raw records (all_columns, order_by_cols) or aggregates (groupby, metrics,
 * percentage metrics via the `contribution` post-processing renamed to "%label"), sorted by the
 * sort metric or the first metric; with "Show summary", a second query of the metrics alone.
 */
import {
  getMetricLabel,
  type QueryFormData,
  type QueryMetric,
  type QueryObject,
} from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

const asMetrics = (v: unknown): QueryMetric[] => (Array.isArray(v) ? (v as QueryMetric[]) : []);

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const raw = formData.query_mode === 'raw';
  return buildQueryContext(
    formData,
    (base) => {
      // Raw records: no metrics at all (an empty list would make the server group the rows).
      if (raw) {
        const { metrics: _none, ...records } = base;
        return [{ ...records, series_limit: 0 }];
      }
      const metrics = asMetrics(formData.metrics);
      const percent = asMetrics(formData.percent_metrics);
      const allMetrics = [...metrics];
      for (const p of percent) {
        if (!allMetrics.some((m) => getMetricLabel(m) === getMetricLabel(p))) allMetrics.push(p);
      }
      let orderby = base.orderby ?? [];
      const sortBy = formData.timeseries_limit_metric as QueryMetric | null | undefined;
      if (sortBy) orderby = [[sortBy, !(formData.order_desc ?? true)]];
      else if (allMetrics[0] && orderby.length === 0) orderby = [[allMetrics[0], false]];
      const columns = [...(base.columns ?? [])];
      if (formData.include_time && formData.granularity_sqla) {
        columns.unshift({
          sqlExpression: formData.granularity_sqla,
          label: formData.granularity_sqla,
          expressionType: 'SQL',
          columnType: 'BASE_AXIS',
          timeGrain: formData.time_grain_sqla ?? null,
          isColumnReference: true,
        });
      }
      const percentLabels = percent.map(getMetricLabel);
      const main: QueryObject = {
        ...base,
        columns,
        metrics: allMetrics,
        orderby,
        series_limit: 0,
        post_processing: percentLabels.length
          ? [
              {
                operation: 'contribution',
                options: {
                  columns: percentLabels,
                  rename_columns: percentLabels.map((l) => `%${l}`),
                },
              },
            ]
          : [],
      };
      // Only percentage metrics that are not also plain metrics are dropped after computing.
      const queries: QueryObject[] = [main];
      if (formData.show_totals) {
        queries.push({
          ...main,
          columns: [],
          orderby: [],
          row_limit: 0,
          row_offset: 0,
          post_processing: [],
        });
      }
      return queries;
    },
    options,
  );
}

import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryObject,
} from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

type Step = NonNullable<QueryObject['post_processing']>[number];

/** The whisker option's `whisker_type` and `percentiles` (Superset's boxplotOperator). */
export function whiskerOf(option: unknown): {
  whisker_type: 'tukey' | 'min/max' | 'percentile';
  percentiles?: [number, number];
} {
  if (!option || option === 'Tukey') return { whisker_type: 'tukey' };
  if (option === 'Min/max (no outliers)') return { whisker_type: 'min/max' };
  const m = /(\d+)\/(\d+) percentiles/.exec(String(option));
  if (m) return { whisker_type: 'percentile', percentiles: [Number(m[1]), Number(m[2])] };
  throw new Error(`Unsupported whisker type: ${String(option)}`);
}

/** The `boxplot` step: each metric's statistics per dimension group. */
export function boxplotStep(formData: QueryFormData, metrics: QueryObject['metrics']): Step {
  return {
    operation: 'boxplot',
    options: {
      ...whiskerOf(formData.whiskerOptions),
      groupby: (formData.groupby ?? []).map(getColumnLabel),
      metrics: (metrics ?? []).map(getMetricLabel),
    },
  };
}

/**
 * One query of the metrics by the columns to distribute across and the dimensions (the series
 * limit ranks the dimensions), reduced by the server's `boxplot` operation to one row per
 * dimension group.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const columns: QueryColumn[] = [...(formData.columns ?? []), ...(formData.groupby ?? [])];
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns,
        series_columns: formData.groupby ?? [],
        post_processing: [boxplotStep(formData, base.metrics)],
      },
    ],
    options,
  );
}

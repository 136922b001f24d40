/**
 * The Mixed Chart keeps two queries in one form data: query A under the usual names, query B
 * under Superset's suffixed names (`metrics_b`, `groupby_b`, …, `seriesTypeB`, `yAxisIndexB`).
 * `queryFormData` gives either query's fields under the plain names the time-series family reads.
 */
import type { QueryFormData } from '@strata/core';

/** Query fields with an `_b` twin. */
export const QUERY_FIELDS = [
  'metrics',
  'groupby',
  'adhoc_filters',
  'limit',
  'timeseries_limit_metric',
  'order_desc',
  'row_limit',
  'truncate_metric',
  'rolling_type',
  'rolling_periods',
  'min_periods',
  'time_compare',
  'comparison_type',
  'resample_rule',
  'resample_method',
] as const;

/** Style fields with a `B` twin. */
export const STYLE_FIELDS = [
  'seriesType',
  'stack',
  'area',
  'show_value',
  'opacity',
  'markerEnabled',
  'markerSize',
  'yAxisIndex',
] as const;

export type QueryId = 'A' | 'B';

export function queryFormData(formData: QueryFormData, query: QueryId): QueryFormData {
  const out: Record<string, unknown> = { ...formData };
  for (const f of QUERY_FIELDS) out[f] = query === 'A' ? formData[f] : formData[`${f}_b`];
  for (const f of STYLE_FIELDS) out[f] = query === 'A' ? formData[f] : formData[`${f}B`];
  // The mixed chart names its series limit `limit`, the family `series_limit`.
  out.series_limit = out.limit;
  delete out.limit;
  if (query === 'B') out.annotation_layers = [];
  return out as QueryFormData;
}

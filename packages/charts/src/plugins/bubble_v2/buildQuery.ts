import {
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

const isSet = <T>(v: T | null | undefined | ''): v is T =>
  v !== null && v !== undefined && v !== '';

/** The x, y and size metrics, each once. */
export function bubbleMetrics(formData: QueryFormData): QueryMetric[] {
  const byLabel = new Map<string, QueryMetric>();
  for (const m of [formData.x, formData.y, formData.size].filter(isSet<QueryMetric>))
    if (!byLabel.has(getMetricLabel(m))) byLabel.set(getMetricLabel(m), m);
  return [...byLabel.values()];
}

/** The "Sort by" metric: bubble's `orderby` is one metric, not a list of [item, asc] pairs. */
function sortMetric(formData: QueryFormData): QueryMetric | null {
  const v: unknown = formData.orderby;
  return isSet(v) && !Array.isArray(v) ? (v as QueryMetric) : null;
}

/**
 * One query: the x, y and size metrics by entity (and series), ordered by the "Sort by"
 * metric when one is chosen (descending unless asked otherwise), limited to the row limit.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const columns = [formData.entity, formData.series].filter(isSet<QueryColumn>);
  const sortBy = sortMetric(formData);
  return buildQueryContext(
    formData,
    (base) => [
      {
        ...base,
        columns,
        metrics: bubbleMetrics(formData),
        orderby: sortBy ? [[sortBy, formData.order_desc === false]] : [],
      },
    ],
    options,
  );
}

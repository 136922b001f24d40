/**
 * The query of a deck.gl chart (Superset's `BaseDeckGLViz.query_obj`): the spatial columns of
 * its position controls and the dimension as columns, the chart's metric (when it has one)
 * sorted descending, and — unless "Ignore null locations" is off — an IS NOT NULL filter on each
 * spatial column.
 */
import type { QueryFormData, QueryMetric, QueryObject } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { spatialValueOf } from '../../control-panel/spatial.js';
import { spatialColumns } from './spatial.js';

export function deckQueryObject(
  base: QueryObject,
  formData: QueryFormData,
  spatialKeys: readonly string[],
  metric: QueryMetric | null,
): QueryObject {
  const spatial = spatialKeys.flatMap((key) =>
    formData[key] ? spatialColumns(spatialValueOf(formData[key])) : [],
  );
  const dimension = typeof formData.dimension === 'string' ? [formData.dimension] : [];
  const columns = [...new Set([...spatial, ...dimension])].sort();
  const nullFilters =
    formData.filter_nulls === false
      ? []
      : [...new Set(spatial)].sort().map((col) => ({ col, op: 'IS NOT NULL' as const }));
  return {
    ...base,
    columns,
    metrics: metric ? [metric] : [],
    orderby: metric ? [[metric, false]] : [],
    filters: [...(base.filters ?? []), ...nullFilters],
  };
}

export function buildDeckQuery(
  formData: QueryFormData,
  spatialKeys: readonly string[],
  metric: QueryMetric | null,
  options?: BuildQueryOptions,
): QueryContext {
  return buildQueryContext(
    formData,
    (base) => [deckQueryObject(base, formData, spatialKeys, metric)],
    options,
  );
}

/** The metric of point_radius_fixed when it is "Based on a metric", else null. */
export function radiusMetric(formData: QueryFormData): QueryMetric | null {
  const v = formData.point_radius_fixed as { type?: string; value?: unknown } | undefined;
  return v?.type === 'metric' && v.value ? (v.value as QueryMetric) : null;
}

/** The `size` metric of the aggregating layers, or null. */
export function sizeMetric(formData: QueryFormData): QueryMetric | null {
  return formData.size ? (formData.size as QueryMetric) : null;
}

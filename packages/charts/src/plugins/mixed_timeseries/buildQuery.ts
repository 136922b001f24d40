/**
 * The Mixed Chart's two queries: each built like a time series (same x axis and grain, its own
 * metrics, dimensions, filters, limits and advanced analytics).
 */
import type { QueryFormData } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { buildQueryObject } from '../../query/build-query-object.js';
import { timeseriesQuery } from '../timeseries-shared/buildQuery.js';
import { queryFormData } from './queryFields.js';

const hasMetrics = (fd: QueryFormData) => Array.isArray(fd.metrics) && fd.metrics.length > 0;

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const a = queryFormData(formData, 'A');
  const b = queryFormData(formData, 'B');
  return buildQueryContext(
    formData,
    () => [
      timeseriesQuery(a, buildQueryObject(a)),
      // Query B is optional: without metrics it is not sent.
      ...(hasMetrics(b) ? [timeseriesQuery(b, buildQueryObject(b))] : []),
    ],
    options,
  );
}

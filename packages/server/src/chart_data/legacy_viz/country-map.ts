/**
 * `country_map` (viz.py `CountryMapViz`): one metric grouped by the `entity` column of ISO
 * codes, for the country picked in `select_country`; rows `{country_id, metric}`.
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import {
  columnLabel,
  jsonNumber,
  metricLabel,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

export function countryMapQueryObject(base: QueryObject, formData: FormData): QueryObject {
  // Superset's own messages, in its order.
  if (!formData.select_country) throw new ApiError(400, 'Must specify a country');
  if (metricLabel(formData.metric) === null) throw new ApiError(400, 'Must specify a metric');
  if (columnLabel(formData.entity) === null) throw new ApiError(400, 'Must provide ISO codes');
  return {
    ...base,
    metrics: [formData.metric as QueryMetric],
    columns: [formData.entity as string],
    is_timeseries: false,
    orderby: undefined,
  };
}

export function countryMapData(
  rows: readonly Row[],
  formData: FormData,
): Array<{ country_id: unknown; metric: number | null }> | null {
  if (rows.length === 0) return null;
  const entity = columnLabel(formData.entity) ?? '';
  const metric = metricLabel(formData.metric) ?? '';
  return rows.map((row) => ({
    country_id: row[entity] ?? null,
    metric: jsonNumber(toNumber(row[metric])),
  }));
}

export const countryMap: LegacyViz = {
  className: 'CountryMapViz',
  queryObject: countryMapQueryObject,
  data: countryMapData,
};

/**
 * `world_map` (viz.py `WorldMapViz`): grouped by the `entity` column, with `metric` and
 * `secondary_metric`; each row becomes `{country, m1, m2}` with the country turned into its
 * ISO alpha-3 code (`country_fieldtype`: name, cioc, cca2 or cca3) and `latitude`, `longitude`,
 * `name` added; a value that names no country is `"XXX"`.
 */
import type { QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import { findCountry } from './countries.js';
import {
  columnLabel,
  formMetrics,
  jsonNumber,
  metricLabel,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

export interface WorldMapRow {
  country: string;
  m1: number | null;
  m2?: number | null;
  latitude?: number;
  longitude?: number;
  name?: string;
}

export function worldMapQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const entity = formData.entity;
  if (columnLabel(entity) === null)
    throw new ApiError(400, 'Bad request: the world map needs a country column (entity)');
  const { metrics } = formMetrics(formData);
  const query: QueryObject = {
    ...base,
    columns: [entity as string],
    metrics: metrics.length ? metrics : null,
    is_timeseries: false,
    orderby: undefined,
  };
  if (formData.sort_by_metric === true && metrics.length) query.orderby = [[metrics[0]!, false]];
  return query;
}

export function worldMapData(rows: readonly Row[], formData: FormData): WorldMapRow[] | null {
  if (rows.length === 0) return null;
  const entity = columnLabel(formData.entity) ?? '';
  const metric = metricLabel(formData.metric) ?? '';
  const secondary = metricLabel(formData.secondary_metric);
  const fieldType =
    typeof formData.country_fieldtype === 'string' ? formData.country_fieldtype : null;
  return rows.map((row) => {
    const m1 = jsonNumber(toNumber(row[metric]));
    const out: WorldMapRow = { country: '', m1 };
    if (secondary !== null)
      out.m2 = secondary === metric ? m1 : jsonNumber(toNumber(row[secondary]));
    const value = row[entity];
    const country = typeof value === 'string' && fieldType ? findCountry(fieldType, value) : null;
    if (country) {
      out.country = country.cca3;
      out.latitude = country.lat;
      out.longitude = country.lng;
      out.name = country.name;
    } else {
      out.country = 'XXX';
    }
    return out;
  });
}

export const worldMap: LegacyViz = {
  className: 'WorldMapViz',
  queryObject: worldMapQueryObject,
  data: worldMapData,
};

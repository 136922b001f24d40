/**
 * `cal_heatmap` (viz.py `CalHeatmapViz`): the metrics by time at the grain of the
 * `subdomain_granularity`; data `{data: {<metric>: {<epoch seconds as Python prints the float>:
 * value}}, start (epoch ms), domain, subdomain, range}`, `range` the number of domain units
 * (years, months, weeks, days, else hours) the time range spans, as dateutil's relativedelta
 * counts them.
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { DTTM_ALIAS } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import {
  asList,
  formMetrics,
  jsonNumber,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
  type TimeBounds,
} from './common.js';

const SUBDOMAIN_GRAINS: Readonly<Record<string, string>> = {
  min: 'PT1M',
  hour: 'PT1H',
  day: 'P1D',
  week: 'P1W',
  month: 'P1M',
  year: 'P1Y',
};

export function calHeatmapQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const sub = formData.subdomain_granularity ?? 'min';
  const grain =
    typeof sub === 'string' && Object.hasOwn(SUBDOMAIN_GRAINS, sub) ? SUBDOMAIN_GRAINS[sub] : null;
  if (!grain) throw new ApiError(400, 'Bad request: unknown subdomain_granularity');
  const metrics = asList(formData.metrics) as QueryMetric[];
  return {
    ...base,
    metrics: metrics.length ? metrics : null,
    is_timeseries: true,
    extras: { ...base.extras, time_grain_sqla: grain },
  };
}

/** Python's `str()` of a float of seconds: "1072915200.0", "1.5". */
const pyFloat = (n: number): string => (Number.isInteger(n) ? `${n}.0` : String(n));

/** The months and days of dateutil's `relativedelta(end, start)` (end ≥ start, UTC). */
export function relativeDelta(
  start: number,
  end: number,
): { years: number; months: number; days: number } {
  const s = new Date(start);
  const e = new Date(end);
  const addMonths = (m: number): number => {
    const y = s.getUTCFullYear() + Math.floor((s.getUTCMonth() + m) / 12);
    const mo = (((s.getUTCMonth() + m) % 12) + 12) % 12;
    const lastDay = new Date(Date.UTC(y, mo + 1, 0)).getUTCDate();
    return Date.UTC(
      y,
      mo,
      Math.min(s.getUTCDate(), lastDay),
      s.getUTCHours(),
      s.getUTCMinutes(),
      s.getUTCSeconds(),
      s.getUTCMilliseconds(),
    );
  };
  let months = (e.getUTCFullYear() - s.getUTCFullYear()) * 12 + (e.getUTCMonth() - s.getUTCMonth());
  let at = addMonths(months);
  while (end < at) at = addMonths(--months);
  const days = Math.floor((end - at) / 86_400_000);
  return { years: Math.trunc(months / 12), months: months % 12, days };
}

export function calHeatmapData(
  rows: readonly Row[],
  formData: FormData,
  range: TimeBounds,
): Record<string, unknown> | null {
  if (rows.length === 0) return null;
  const data: Record<string, Record<string, number | null>> = {};
  for (const metric of formMetrics(formData).labels) {
    const values: Record<string, number | null> = {};
    for (const row of rows) {
      const t = row[DTTM_ALIAS];
      if (typeof t !== 'number') continue;
      values[pyFloat(t / 1000)] = jsonNumber(toNumber(row[metric]));
    }
    data[metric] = values;
  }
  const { from: start, to: end } = range;
  if (start === null || end === null)
    throw new ApiError(400, 'Please provide both time bounds (Since and Until)');
  const domain = formData.domain_granularity ?? null;
  const delta = relativeDelta(start, end);
  const seconds = (end - start) / 1000;
  let units: number;
  if (domain === 'year')
    units = new Date(end).getUTCFullYear() - new Date(start).getUTCFullYear() + 1;
  else if (domain === 'month') units = delta.years * 12 + delta.months + 1;
  else if (domain === 'week') units = delta.years * 53 + Math.trunc(delta.days / 7) + 1;
  else if (domain === 'day') units = Math.floor(seconds / 86_400) + 1;
  else units = Math.floor(seconds / 3_600) + 1;
  return {
    data,
    start,
    domain,
    subdomain: formData.subdomain_granularity ?? null,
    range: units,
  };
}

export const calHeatmap: LegacyViz = {
  className: 'CalHeatmapViz',
  queryObject: calHeatmapQueryObject,
  data: calHeatmapData,
};

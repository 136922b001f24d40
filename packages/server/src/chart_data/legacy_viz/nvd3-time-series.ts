/**
 * NVD3 time series (viz.py `NVD3TimeSeriesViz`, which `horizon` and `compare` are): the rows
 * pivoted on `__timestamp` with one series per metric × group-by values (pandas' `pivot_table`,
 * mean of duplicates, rows whose time or group value is null left out), optional rolling window
 * and contribution, then `to_series`: `{key, values: [{x: epoch ms, y}]}` per numeric series
 * that has a value, `key` the metric label alone (no group-by), else the list of the group-by
 * values (the metric put first when there are several metrics), sorted by key.
 */
import { DTTM_ALIAS, type QueryMetric, type QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import {
  asList,
  checkDenseCells,
  columnLabel,
  formMetrics,
  jsonNumber,
  metricLabel,
  pyStr,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

export interface SeriesPoint {
  x: number;
  y: number | null;
}

export interface NvdSeries {
  key: string | string[];
  values: SeriesPoint[];
}

export function timeSeriesQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const { metrics } = formMetrics(formData);
  const groupby: unknown[] = [];
  const seen = new Set<string>();
  for (const c of [...asList(formData.groupby), ...asList(formData.columns)]) {
    const label = columnLabel(c);
    if (label === null || seen.has(label) || label === DTTM_ALIAS) continue;
    seen.add(label);
    groupby.push(c);
  }
  const sortBy = (formData.timeseries_limit_metric || metrics[0]) as QueryMetric | undefined;
  if (sortBy !== undefined) {
    const label = metricLabel(sortBy);
    if (label !== null && !metrics.some((m) => metricLabel(m) === label)) metrics.push(sortBy);
  }
  const limit = Number(formData.limit);
  return {
    ...base,
    columns: groupby as QueryObject['columns'],
    metrics: metrics.length ? metrics : null,
    is_timeseries: true,
    series_limit: Number.isSafeInteger(limit) && limit > 0 ? limit : null,
    series_limit_metric: (formData.timeseries_limit_metric as QueryMetric | undefined) ?? null,
    order_desc: formData.order_desc !== false,
    orderby: sortBy !== undefined ? [[sortBy, !formData.order_desc]] : undefined,
  };
}

/**
 * One pivoted column: its name parts (metric, then the group-by values as text), the metric and
 * the group-by values as they came, and a value per time.
 */
export interface PivotColumn {
  name: string[];
  metric: string;
  groups: unknown[];
  values: Map<number, number>;
}

/** pandas `pivot_table(index=__timestamp, columns=groupby, values=metrics)` (mean, sorted). */
export function pivot(
  rows: readonly Row[],
  metrics: readonly string[],
  groupby: readonly string[],
): { index: number[]; columns: PivotColumn[] } {
  const sums = new Map<
    string,
    { name: string[]; metric: string; groups: unknown[]; cells: Map<number, [number, number]> }
  >();
  const times = new Set<number>();
  for (const row of rows) {
    const t = row[DTTM_ALIAS];
    const time = typeof t === 'number' ? t : typeof t === 'string' ? Date.parse(t) : Number.NaN;
    if (!Number.isFinite(time)) continue;
    const groups = groupby.map((g) => row[g]);
    if (groups.some((g) => g === null || g === undefined)) continue;
    times.add(time);
    for (const metric of metrics) {
      const name = [metric, ...groups.map(pyStr)];
      const id = JSON.stringify(name);
      let col = sums.get(id);
      if (!col) sums.set(id, (col = { name, metric, groups, cells: new Map() }));
      const y = toNumber(row[metric]);
      if (Number.isNaN(y)) continue; // mean skips NaN
      const cell = col.cells.get(time) ?? [0, 0];
      cell[0] += y;
      cell[1] += 1;
      col.cells.set(time, cell);
    }
  }
  const index = [...times].sort((a, b) => a - b);
  checkDenseCells(index.length * sums.size, 'time series (times × series)');
  const columns = [...sums.values()]
    .map(({ name, metric, groups, cells }) => ({
      name,
      metric,
      groups,
      values: new Map([...cells].map(([t, [sum, n]]) => [t, sum / n])),
    }))
    .sort((a, b) => compareValues([a.metric, ...a.groups], [b.metric, ...b.groups]));
  return { index, columns };
}

/** pandas' sort of column labels: numbers by value, text by code point, part by part. */
function compareValues(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (typeof x === 'number' && typeof y === 'number') {
      if (x !== y) return x - y;
      continue;
    }
    const sx = pyStr(x);
    const sy = pyStr(y);
    if (sx !== sy) return sx < sy ? -1 : 1;
  }
  return a.length - b.length;
}

function compareTuples(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i]! < b[i]!) return -1;
    if (a[i]! > b[i]!) return 1;
  }
  return a.length - b.length;
}

/** `BaseViz.apply_rolling` on each column (cumsum, or mean/std/sum over `rolling_periods`). */
function applyRolling(index: number[], columns: PivotColumn[], formData: FormData): number[] {
  const type = formData.rolling_type;
  const periods = Math.trunc(Number(formData.rolling_periods) || 0);
  const minPeriods = Math.trunc(Number(formData.min_periods) || 0);
  const windowed = (type === 'mean' || type === 'std' || type === 'sum') && periods > 0;
  if (windowed || type === 'cumsum') {
    for (const col of columns) {
      const ys = index.map((t) => col.values.get(t) ?? Number.NaN);
      const out = new Map<number, number>();
      let running = 0;
      index.forEach((t, i) => {
        if (!windowed) {
          // pandas cumsum skips NaN (it stays NaN) and carries the sum on.
          if (!Number.isNaN(ys[i]!)) {
            running += ys[i]!;
            out.set(t, running);
          }
          return;
        }
        const win = ys.slice(Math.max(0, i - periods + 1), i + 1).filter((y) => !Number.isNaN(y));
        if (win.length < Math.max(minPeriods, 1) || win.length === 0) return;
        const sum = win.reduce((s, y) => s + y, 0);
        if (type === 'sum') out.set(t, sum);
        else if (type === 'mean') out.set(t, sum / win.length);
        else if (win.length > 1) {
          const mean = sum / win.length;
          out.set(t, Math.sqrt(win.reduce((s, y) => s + (y - mean) ** 2, 0) / (win.length - 1)));
        }
      });
      col.values = out;
    }
  }
  const kept = minPeriods > 0 ? index.slice(minPeriods) : index;
  if (kept.length === 0)
    throw new ApiError(
      400,
      'Applied rolling window did not return any data. Please make sure the source query satisfies the minimum periods defined in the rolling window.',
    );
  return kept;
}

/** NVD3TimeSeriesViz.get_data (comparison_type "values", no time_compare). */
export function timeSeriesData(rows: readonly Row[], formData: FormData): NvdSeries[] {
  if (formData.granularity === 'all')
    throw new ApiError(400, 'Pick a time granularity for your time series');
  if (rows.length === 0) return [];
  const { labels: metrics } = formMetrics(formData);
  const groupby = asList(formData.groupby)
    .map(columnLabel)
    .filter((l): l is string => l !== null);
  const pivoted = pivot(rows, metrics, groupby);
  const index = applyRolling(pivoted.index, pivoted.columns, formData);
  if (formData.contribution === true) {
    for (const t of index) {
      let total = 0;
      for (const col of pivoted.columns) total += col.values.get(t) ?? 0;
      for (const col of pivoted.columns) {
        const y = col.values.get(t);
        if (y !== undefined) col.values.set(t, y / total);
      }
    }
  }
  const series: NvdSeries[] = [];
  for (const col of pivoted.columns) {
    const values = index.map((x) => ({ x, y: jsonNumber(col.values.get(x) ?? Number.NaN) }));
    if (!values.some((p) => p.y !== null)) continue;
    // Without a group-by the column is the metric label; with one, a tuple whose metric is
    // dropped when there is one metric.
    const key: string | string[] =
      groupby.length === 0
        ? col.name[0]!
        : metrics.length === 1 && col.name.length > 1
          ? col.name.slice(1)
          : col.name;
    series.push({ key, values });
  }
  const sortKey = (k: string | string[]) => (typeof k === 'string' ? [...k] : k);
  return series.sort((a, b) => compareTuples(sortKey(a.key), sortKey(b.key)));
}

export const nvd3TimeSeries = (className: string): LegacyViz => ({
  className,
  queryObject: timeSeriesQueryObject,
  data: timeSeriesData,
});

/**
 * `rose` (viz.py `RoseViz`): the NVD3 series regrouped by time — an object keyed by the time in
 * nanoseconds (pandas' `Timestamp.value`, as text) holding `{key, value, name, time}` per series
 * (a missing value is 0; `name` is the key as it is, a list when there is a group-by, as
 * Superset's check for a list misses the tuple it has); no rows → null.
 */
export function roseData(
  rows: readonly Row[],
  formData: FormData,
): Record<
  string,
  Array<{ key: string | string[]; value: number; name: string | string[]; time: number }>
> | null {
  if (rows.length === 0) return null;
  const out: Record<
    string,
    Array<{ key: string | string[]; value: number; name: string | string[]; time: number }>
  > = {};
  for (const series of timeSeriesData(rows, formData)) {
    for (const point of series.values) {
      const ns = (BigInt(Math.round(point.x)) * 1_000_000n).toString();
      (out[ns] ??= []).push({
        key: series.key,
        value: point.y ?? 0,
        name: series.key,
        time: point.x,
      });
    }
  }
  return out;
}

export const rose: LegacyViz = {
  className: 'RoseViz',
  queryObject: timeSeriesQueryObject,
  data: roseData,
};

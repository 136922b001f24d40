/**
 * Horizon Chart props: one series per metric and dimension value (named by the dimension values,
 * the metric first when there are several metrics; by the metric without dimensions), sorted by
 * name, its values over every time of the answer oldest first (null where it has none); series
 * without any value are dropped. Contribution divides each value by the total of all series at
 * its time. The value domain gives each row its extent (the value that fills all the bands):
 * `series` its own largest absolute value, `overall` the largest of all series, `change` the
 * series drawn as its change from its first value, scaled on its own.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { TIME_LABEL } from './buildQuery.js';

export type HorizonColorScale = 'series' | 'overall' | 'change';

export interface HorizonSeries {
  name: string;
  /** One per time of `times`, as drawn (changes from the first value in `change` mode). */
  values: Array<number | null>;
  /** The absolute value that fills all the bands of the row. */
  extent: number;
}

export interface HorizonProps {
  width: number;
  height: number;
  /** Pixel height of each row. */
  seriesHeight: number;
  colorScale: HorizonColorScale;
  /** The times of the answer, oldest first (epoch ms). */
  times: number[];
  series: HorizonSeries[];
  empty: boolean;
}

export const DEFAULT_SERIES_HEIGHT = 25;

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : v ? [v as T] : []);
const toTime = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
const toValue = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** The row height: a positive integer (text from the form data too), else 25. */
export function seriesHeightOf(v: unknown): number {
  const n = typeof v === 'number' ? v : parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : DEFAULT_SERIES_HEIGHT;
}

const colorScaleOf = (v: unknown): HorizonColorScale =>
  v === 'overall' || v === 'change' ? v : 'series';

/** Orders name parts: numbers by value, anything else as text (a number before text). */
function compareParts(a: readonly unknown[], b: readonly unknown[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    const x = a[i];
    const y = b[i];
    if (typeof x === 'number' && typeof y === 'number') {
      if (x !== y) return x - y;
      continue;
    }
    if (typeof x === 'number') return -1;
    if (typeof y === 'number') return 1;
    const sx = String(x);
    const sy = String(y);
    if (sx !== sy) return sx < sy ? -1 : 1;
  }
  return a.length - b.length;
}

const maxAbs = (values: ReadonlyArray<number | null>): number =>
  values.reduce<number>((m, v) => (v === null ? m : Math.max(m, Math.abs(v))), 0);

export function transformProps(chartProps: ChartProps<QueryFormData>): HorizonProps {
  const { width, height, formData, queriesData } = chartProps;
  const rows = queriesData[0]?.data ?? [];
  const metrics = list<QueryMetric>(formData.metrics).map(getMetricLabel);
  const groupby = list<QueryColumn>(formData.groupby).map(getColumnLabel);
  const seriesHeight = seriesHeightOf(formData.series_height);
  const colorScale = colorScaleOf(formData.horizon_color_scale);
  const none: HorizonProps = {
    width,
    height,
    seriesHeight,
    colorScale,
    times: [],
    series: [],
    empty: true,
  };
  if (rows.length === 0 || metrics.length === 0) return none;

  // Series name → its name parts and time → value.
  const found = new Map<string, { parts: unknown[]; byTime: Map<number, number | null> }>();
  const timeSet = new Set<number>();
  for (const row of rows) {
    const t = toTime(row[TIME_LABEL]);
    if (!Number.isFinite(t)) continue;
    timeSet.add(t);
    const group = groupby.map((g) => row[g] ?? 'NULL');
    for (const m of metrics) {
      const parts = groupby.length ? (metrics.length > 1 ? [m, ...group] : group) : [m];
      const name = parts.map(String).join(', ');
      let entry = found.get(name);
      if (!entry) found.set(name, (entry = { parts, byTime: new Map() }));
      entry.byTime.set(t, toValue(row[m]));
    }
  }
  const times = [...timeSet].sort((a, b) => a - b);
  let series = [...found]
    .sort(([, a], [, b]) => compareParts(a.parts, b.parts))
    .map(([name, { byTime }]) => ({ name, values: times.map((t) => byTime.get(t) ?? null) }));

  if (formData.contribution) {
    const totals = times.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
    series = series.map((s) => ({
      ...s,
      values: s.values.map((v, i) => (v === null || totals[i] === 0 ? null : v / totals[i]!)),
    }));
  }
  series = series.filter((s) => s.values.some((v) => v !== null));
  if (series.length === 0) return none;

  const overall = Math.max(...series.map((s) => maxAbs(s.values)));
  return {
    ...none,
    times,
    empty: false,
    series: series.map((s) => {
      if (colorScale === 'change') {
        const first = s.values.find((v) => v !== null) ?? 0;
        const values = s.values.map((v) => (v === null ? null : v - first));
        return { ...s, values, extent: maxAbs(values) };
      }
      return { ...s, extent: colorScale === 'overall' ? overall : maxAbs(s.values) };
    }),
  };
}

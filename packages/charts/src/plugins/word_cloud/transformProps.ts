/**
 * Word cloud props: one word per row (the dimension's value), its font size linear in the
 * metric between size_from and size_to (the scale's domain includes zero, as Superset's), its
 * colour from the categorical scheme and its rotation from the rotation mode.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import type { ChartProps } from '../../plugin.js';
import { wordRotation } from './layout.js';

export interface WordCloudWord {
  text: string;
  value: number;
  /** Font size in px before any shrinking to fit. */
  size: number;
  color: string;
  /** Degrees. */
  rotate: number;
}

export interface WordCloudProps {
  width: number;
  height: number;
  /** Largest value first. */
  words: WordCloudWord[];
  empty: boolean;
}

const toNumber = (v: unknown, fallback: number): number => {
  if (v === null || v === undefined || v === '') return fallback;
  const n = Number(v);
  return Number.isFinite(n) ? n : fallback;
};

/** A linear map from the values' range (extended to include zero) onto [from, to]. */
export function fontSizeScale(values: readonly number[], from: number, to: number) {
  const lo = values.reduce((m, v) => Math.min(m, v), 0);
  const hi = values.reduce((m, v) => Math.max(m, v), 0);
  return (v: number): number => (hi === lo ? to : from + ((v - lo) / (hi - lo)) * (to - from));
}

export function transformProps(chartProps: ChartProps): WordCloudProps {
  const { width, height, formData, queriesData } = chartProps;
  const rows = queriesData[0]?.data ?? [];
  const series = formData.series as QueryColumn | null | undefined;
  const metric = formData.metric as QueryMetric | null | undefined;
  if (rows.length === 0 || !series || !metric) return { width, height, words: [], empty: true };
  const textKey = getColumnLabel(series);
  const valueKey = getMetricLabel(metric);
  const sizeFrom = toNumber(formData.size_from, 10);
  const sizeTo = toNumber(formData.size_to, 70);
  const rotation = formData.rotation as string | undefined;
  const entries = rows
    .map((row) => ({
      text: row[textKey] === null || row[textKey] === undefined ? 'NULL' : String(row[textKey]),
      value: toNumber(row[valueKey], 0),
    }))
    .sort((a, b) => b.value - a.value);
  const size = fontSizeScale(
    entries.map((e) => e.value),
    sizeFrom,
    sizeTo,
  );
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const words = entries.map((e) => ({
    ...e,
    size: size(e.value),
    color: scale.getColor(e.text),
    rotate: wordRotation(e.text, rotation),
  }));
  return { width, height, words, empty: false };
}

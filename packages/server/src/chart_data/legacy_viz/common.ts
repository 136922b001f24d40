/**
 * What the per-viz-type steps of `/superset/explore_json/` share: the form data, a result row,
 * metric and column labels that never throw, and pandas' `to_numeric(errors="coerce")` of
 * metric cells (Superset's `BaseViz.df_metrics_to_num`).
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryMetric,
  type QueryObject,
} from '@strata/core';
import { ApiError } from '../../api/errors.js';

export type FormData = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** The query's evaluated time range (epoch ms, UTC; null: open). */
export interface TimeBounds {
  from: number | null;
  to: number | null;
}

/** One legacy viz type: its query (viz.py `query_obj`) and its data (viz.py `get_data`). */
export interface LegacyViz {
  /** The viz.py class this follows, for messages and docs. */
  readonly className: string;
  /** The query object this viz asks, from the viz-independent one (`BaseViz.query_obj`). */
  queryObject(base: QueryObject, formData: FormData): QueryObject;
  /** `get_data(df)`: the rows (labels as keys, temporal cells as epoch ms) in the viz's shape. */
  data(rows: readonly Row[], formData: FormData, range: TimeBounds): unknown;
}

/** A metric's label, or null when the value is not a metric. */
export function metricLabel(metric: unknown): string | null {
  if (metric === undefined || metric === null || metric === '') return null;
  try {
    return getMetricLabel(metric as QueryMetric);
  } catch {
    return null;
  }
}

/** A column's label, or null when the value is not a column. */
export function columnLabel(column: unknown): string | null {
  if (column === undefined || column === null || column === '') return null;
  try {
    return getColumnLabel(column as QueryColumn);
  } catch {
    return null;
  }
}

export const asList = (value: unknown): unknown[] =>
  Array.isArray(value)
    ? value
    : value === undefined || value === null || value === ''
      ? []
      : [value];

/**
 * The metrics of the form data as `BaseViz.process_metrics` collects them: the METRIC_KEYS in
 * their order, one per label (a later one of the same label replaces the value, keeping the
 * place).
 */
const METRIC_KEYS = [
  'metric',
  'metrics',
  'percent_metrics',
  'metric_2',
  'secondary_metric',
  'x',
  'y',
  'size',
] as const;

export function formMetrics(formData: FormData): { labels: string[]; metrics: QueryMetric[] } {
  const byLabel = new Map<string, QueryMetric>();
  for (const key of METRIC_KEYS) {
    for (const metric of asList(formData[key])) {
      const label = metricLabel(metric);
      if (label !== null) byLabel.set(label, metric as QueryMetric);
    }
  }
  return { labels: [...byLabel.keys()], metrics: [...byLabel.values()] };
}

/** pandas `to_numeric(errors="coerce")` of one cell: numbers, numeric text; else NaN. */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isNaN(n) ? Number.NaN : n;
  }
  return Number.NaN;
}

/** A number as JSON answers it (simplejson's `ignore_nan`: NaN and infinities are null). */
export const jsonNumber = (n: number): number | null => (Number.isFinite(n) ? n : null);

/** Python's `str()` of a cell, as a series name is built from it. */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'string') return value;
  return String(value);
}

/**
 * The most cells a viz shape may lay out densely (time × series of a pivot, a chord's square
 * matrix): rows are bounded by the row limit, but a pivot or a matrix of them is not (50,000
 * rows on a diagonal make 2.5 billion cells). Past it the answer is a 422, as for a result past
 * the byte budget (issue 16).
 */
export const MAX_DENSE_CELLS = 4_000_000;

export function checkDenseCells(cells: number, what: string): void {
  if (cells > MAX_DENSE_CELLS)
    throw new ApiError(
      422,
      `The chart's ${what} would have ${cells.toLocaleString('en-US')} cells, more than the ` +
        `${MAX_DENSE_CELLS.toLocaleString('en-US')} it may have. Lower the row limit, filter or aggregate the data.`,
    );
}

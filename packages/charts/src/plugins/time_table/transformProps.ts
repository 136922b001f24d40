/**
 * Time-series Table props: one row per metric (or, with dimensions, per dimension value and
 * metric), its series over time oldest first, and each configured column's cell for the row.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps } from '../../plugin.js';
import { TIME_LABEL } from './buildQuery.js';
import {
  colorFromBounds,
  computeCell,
  type CellResult,
  type Point,
  type TimeSeriesColumn,
} from './columns.js';

export interface TimeTableCell {
  result: CellResult;
  text: string;
  color?: string;
}

export interface TimeTableRow {
  label: string;
  /** The row's link from the URL template, when set and safe (http(s) or a local path). */
  href?: string;
  cells: TimeTableCell[];
}

export interface TimeTableColumnView {
  key: string;
  label: string;
  tooltip: string;
  colType: TimeSeriesColumn['colType'];
  width: number;
  height: number;
  showYAxis: boolean;
  yAxisBounds: [number | null, number | null];
  formatValue: (v: number | null) => string;
  formatTime: (t: number) => string;
}

export interface TimeTableProps {
  width: number;
  height: number;
  empty: boolean;
  rowHeader: string;
  columns: TimeTableColumnView[];
  rows: TimeTableRow[];
}

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : v ? [v as T] : []);
const toTime = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
const num = (v: unknown, fallback: number) => {
  const n = Number(v);
  return v !== '' && v !== null && v !== undefined && Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The URL template with `{{ metric }}` replaced by the row's label (encoded). */
export function linkOf(template: unknown, label: string): { href?: string } {
  if (typeof template !== 'string' || !template.trim()) return {};
  const href = template.trim().replace(/\{\{\s*metric\s*\}\}/g, encodeURIComponent(label));
  return /^(https?:\/\/|\/(?!\/))/i.test(href) ? { href } : {};
}

export function transformProps(chartProps: ChartProps<QueryFormData>): TimeTableProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  const metrics = list<QueryMetric>(formData.metrics).map(getMetricLabel);
  const groupby = list<QueryColumn>(formData.groupby).map(getColumnLabel);
  const configs = list<TimeSeriesColumn>(formData.column_collection);
  const empty = !result || result.data.length === 0 || metrics.length === 0;

  // Row label → time → value.
  const series = new Map<string, Map<number, number | null>>();
  const times = new Set<number>();
  for (const row of result?.data ?? []) {
    const t = toTime(row[TIME_LABEL]);
    if (!Number.isFinite(t)) continue;
    times.add(t);
    const group = groupby.map((g) => String(row[g] ?? 'NULL')).join(', ');
    for (const m of metrics) {
      const label = groupby.length ? (metrics.length > 1 ? `${m}, ${group}` : group) : m;
      let s = series.get(label);
      if (!s) series.set(label, (s = new Map()));
      const v = row[m];
      s.set(t, typeof v === 'number' ? v : v === null || v === undefined ? null : Number(v));
    }
  }
  const ordered = [...times].sort((a, b) => a - b);
  const points = new Map<string, Point[]>(
    [...series].map(([label, s]) => [
      label,
      ordered.map((time) => ({ time, value: s.get(time) ?? null })),
    ]),
  );
  const latest = [...points.values()].map((p) => p[p.length - 1]?.value ?? null);
  const columns: TimeTableColumnView[] = configs.map((c) => {
    const percent =
      c.colType === 'contrib' ||
      (c.colType === 'time' && (c.comparisonType === 'perc' || c.comparisonType === 'perc_change'));
    const formatNumber = getNumberFormatter(c.d3format || (percent ? '.1%' : 'SMART_NUMBER'));
    return {
      key: c.key,
      label: c.label || '',
      tooltip: c.tooltip || '',
      colType: c.colType ?? '',
      width: num(c.width, 300),
      height: num(c.height, 50),
      showYAxis: c.showYAxis === true,
      yAxisBounds: c.yAxisBounds ?? [null, null],
      formatValue: (v) => (v === null ? 'N/A' : formatNumber(v)),
      formatTime: getTimeFormatter(c.dateFormat || 'smart_date'),
    };
  });
  const rows: TimeTableRow[] = [...points].map(([label, p]) => ({
    label,
    ...linkOf(formData.url, label),
    cells: configs.map((c, i) => {
      const r = computeCell(c, p, latest);
      if (r.kind === 'number') {
        const color = colorFromBounds(r.value, c.bounds);
        return { result: r, text: columns[i]!.formatValue(r.value), ...(color ? { color } : {}) };
      }
      return { result: r, text: r.kind === 'error' ? r.message : '' };
    }),
  }));
  return {
    width,
    height,
    empty,
    rowHeader: groupby.length ? groupby.join(', ') : 'Metric',
    columns,
    rows,
  };
}

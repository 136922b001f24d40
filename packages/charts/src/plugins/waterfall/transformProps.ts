/**
 * Waterfall answer → stacked ECharts bars. Without a breakdown each x value is one step (its
 * metric, summed); with one, each x value's breakdown values are steps followed by a subtotal bar
 * of the running total; with "show total", a final total bar ends a chart without breakdown (with
 * one, the last subtotal is the total). Each step is drawn on an invisible "assist" bar holding it
 * at the previous running total; a step crossing zero colours the assist part up to zero.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps } from '../../plugin.js';
import { escapeHtml } from '../pie/legend.js';
import { xAxisColumn } from '../timeseries-shared/buildQuery.js';
import { breakdownOf } from './buildQuery.js';

export interface WaterfallProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
}

export const ASSIST = 'Assist';
/** ECharts' empty value. */
export const EMPTY = '-';

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a?: number;
}

export function rgba(color: unknown, fallback: Rgba): string {
  const c = color && typeof color === 'object' ? (color as Partial<Rgba>) : {};
  const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);
  return `rgba(${n(c.r, fallback.r)},${n(c.g, fallback.g)},${n(c.b, fallback.b)},${n(c.a, fallback.a ?? 1)})`;
}

/** One bar: a step (its own value) or a total (the running total). */
export interface WaterfallItem {
  /** The category on the x axis. */
  label: string;
  /** The tooltip's title. */
  title: string;
  value: number;
  total: boolean;
}

type Row = Record<string, unknown>;

const numberOf = (v: unknown): number => {
  const n = typeof v === 'number' ? v : v === null || v === undefined ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The bars of the answer: steps per x value (or per breakdown value), subtotals and total. */
export function waterfallItems(
  rows: Row[],
  opts: {
    x: string;
    breakdown: string | null;
    metric: string;
    xText: (v: unknown) => string;
    totalLabel: string;
    showTotal: boolean;
  },
): WaterfallItem[] {
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const key = row[opts.x] ?? null;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  const items: WaterfallItem[] = [];
  let running = 0;
  for (const [key, group] of groups) {
    const xText = opts.xText(key);
    if (opts.breakdown) {
      for (const row of group) {
        const label = row[opts.breakdown] === null ? 'NULL' : String(row[opts.breakdown]);
        const value = numberOf(row[opts.metric]);
        running += value;
        items.push({ label, title: `${xText}, ${label}`, value, total: false });
      }
      if (opts.showTotal) items.push({ label: xText, title: xText, value: running, total: true });
    } else {
      const value = group.reduce((s, row) => s + numberOf(row[opts.metric]), 0);
      running += value;
      items.push({ label: xText, title: xText, value, total: false });
    }
  }
  if (!opts.breakdown && opts.showTotal)
    items.push({ label: opts.totalLabel, title: '', value: running, total: true });
  return items;
}

export interface BarDatum {
  value: number | typeof EMPTY;
  /** The step's own value (or the total). */
  originalValue?: number;
  /** The running total after this bar. */
  totalSum?: number;
  itemStyle?: Record<string, unknown>;
}

/** The four stacked series' data: assist (invisible base), increase, decrease, total. */
export function waterfallBars(
  items: WaterfallItem[],
  colors: { increase: string; decrease: string },
): { assist: BarDatum[]; increase: BarDatum[]; decrease: BarDatum[]; total: BarDatum[] } {
  const assist: BarDatum[] = [];
  const increase: BarDatum[] = [];
  const decrease: BarDatum[] = [];
  const total: BarDatum[] = [];
  const none = (): BarDatum => ({ value: EMPTY });
  let prev = 0;
  for (const item of items) {
    if (item.total) {
      assist.push(none());
      increase.push(none());
      decrease.push(none());
      total.push({ value: item.value, originalValue: item.value, totalSum: item.value });
      prev = item.value;
      continue;
    }
    const cur = prev + item.value;
    const up = item.value >= 0;
    let bar: number;
    if (prev >= 0 && cur >= 0) {
      assist.push({ value: Math.min(prev, cur) });
      bar = Math.abs(cur - prev);
    } else if (prev <= 0 && cur <= 0) {
      assist.push({ value: Math.max(prev, cur) });
      bar = -Math.abs(cur - prev);
    } else {
      // Crossing zero: the part up to zero is the base bar, coloured as the step.
      assist.push({
        value: prev,
        itemStyle: { color: up ? colors.increase : colors.decrease },
      });
      bar = cur;
    }
    const datum: BarDatum = { value: bar, originalValue: item.value, totalSum: cur };
    (up ? increase : decrease).push(datum);
    (up ? decrease : increase).push(none());
    total.push(none());
    prev = cur;
  }
  return { assist, increase, decrease, total };
}

function axisLabelOf(layout: unknown): Record<string, unknown> {
  if (layout === '45°' || layout === 'staggered') return { rotate: -45 };
  if (layout === '90°') return { rotate: -90 };
  if (layout === 'flat') return { rotate: 0 };
  return { show: true };
}

type TooltipParam = { seriesName?: string; marker?: string; dataIndex: number; data?: BarDatum };

export function transformProps(chartProps: ChartProps<QueryFormData>): WaterfallProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const x = xAxisColumn(formData);
  const xLabel = x ? getColumnLabel(x) : '';
  const breakdownColumn = breakdownOf(formData);
  const breakdown = breakdownColumn ? getColumnLabel(breakdownColumn) : null;
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const format = getNumberFormatter(formData.y_axis_format as string | undefined);
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const xTemporal = result.coltypes[result.colnames.indexOf(xLabel)] === GenericDataType.TEMPORAL;
  const xText = (v: unknown) =>
    v === null || v === undefined
      ? 'NULL'
      : xTemporal && typeof v === 'number'
        ? timeFormat(v)
        : String(v);
  const names = {
    increase: (formData.increase_label as string) || 'Increase',
    decrease: (formData.decrease_label as string) || 'Decrease',
    total: (formData.total_label as string) || 'Total',
  };
  const colors = {
    increase: rgba(formData.increase_color, { r: 90, g: 193, b: 137 }),
    decrease: rgba(formData.decrease_color, { r: 224, g: 67, b: 85 }),
    total: rgba(formData.total_color, { r: 102, g: 102, b: 102 }),
  };
  const showTotal = formData.show_total !== false;
  const items = waterfallItems(result.data, {
    x: xLabel,
    breakdown,
    metric,
    xText,
    totalLabel: names.total,
    showTotal,
  });
  const bars = waterfallBars(items, colors);

  const label = (position: string) => ({
    show: formData.show_value === true,
    position,
    formatter: (p: { data?: BarDatum }) => format(p.data?.originalValue),
  });
  const stacked = { type: 'bar', stack: 'waterfall', emphasis: { disabled: true } };
  const series = [
    {
      ...stacked,
      name: ASSIST,
      itemStyle: { color: 'transparent' },
      data: bars.assist,
    },
    {
      ...stacked,
      name: names.increase,
      itemStyle: { color: colors.increase },
      label: label('top'),
      data: bars.increase,
    },
    {
      ...stacked,
      name: names.decrease,
      itemStyle: { color: colors.decrease },
      label: label('bottom'),
      data: bars.decrease,
    },
    {
      ...stacked,
      name: names.total,
      itemStyle: { color: colors.total },
      label: label('top'),
      data: bars.total,
    },
  ];
  const tooltipFormatter = (params: unknown): string => {
    const list = (Array.isArray(params) ? params : [params]) as TooltipParam[];
    const p = list.find((s) => s.seriesName !== ASSIST && s.data && s.data.value !== EMPTY);
    if (!p?.data) return '';
    const item = items[p.dataIndex];
    const lines: string[] = [];
    if (item?.title) lines.push(`<b>${escapeHtml(item.title)}</b>`);
    if (item && !item.total)
      lines.push(
        `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${format(p.data.originalValue)}</b>`,
      );
    lines.push(`${escapeHtml(names.total)}: <b>${format(p.data.totalSum)}</b>`);
    return lines.join('<br/>');
  };
  const showLegend = formData.show_legend !== false;
  const xName = (formData.x_axis_label as string) || '';
  const yName = (formData.y_axis_label as string) || '';
  return {
    width,
    height,
    empty: false,
    echartOptions: {
      grid: {
        left: yName ? 60 : 20,
        right: 30,
        top: showLegend ? 40 : 20,
        bottom: xName ? 40 : 20,
        containLabel: true,
      },
      legend: {
        show: showLegend,
        top: 0,
        data: [names.increase, names.decrease, ...(showTotal ? [names.total] : [])],
      },
      tooltip: {
        trigger: 'axis',
        appendToBody: true,
        axisPointer: { type: 'shadow' },
        formatter: tooltipFormatter,
      },
      xAxis: {
        type: 'category',
        data: items.map((i) => i.label),
        name: xName,
        nameLocation: 'middle',
        nameGap: 30,
        axisLabel: axisLabelOf(formData.x_ticks_layout),
      },
      yAxis: {
        type: 'value',
        name: yName,
        nameLocation: 'middle',
        nameGap: 50,
        axisLabel: { formatter: (v: number) => format(v) },
      },
      series,
    },
  };
}

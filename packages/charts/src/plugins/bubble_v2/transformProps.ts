/**
 * Bubble Chart props: one scatter series per series value (or per entity without a series
 * column), each bubble at (x, y) sized by the size metric between a 5px minimum and the
 * minimum plus twice the max bubble size; log axes on request; the tooltip names the entity
 * (and series) and gives the three metrics in their formats.
 */
import { getColumnLabel, getMetricLabel, type QueryColumn, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter, type NumberFormatter } from '../../format/number-format.js';
import type { ChartProps } from '../../plugin.js';
import { categoryLegend, escapeHtml } from '../pie/legend.js';

export interface BubbleProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
}

export const MINIMUM_BUBBLE_SIZE = 5;

/** A bubble: [x, y, size, entity, series]. */
type Bubble = [number | null, number | null, number | null, string, string | null];

const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);
const text = (v: unknown): string => (v === null || v === undefined ? 'NULL' : String(v));

/** Symbol sizes of the sizes: min → 5px, max → 5 + 2 × maxBubbleSize (5 when all equal). */
export function bubbleSizes(sizes: Array<number | null>, maxBubbleSize: number): number[] {
  const known = sizes.filter((s): s is number => s !== null);
  const min = Math.min(...known);
  const spread = Math.max(...known) - min;
  return sizes.map(
    (s) =>
      (s === null || !spread ? 0 : ((s - min) / spread) * maxBubbleSize * 2) + MINIMUM_BUBBLE_SIZE,
  );
}

export function bubbleTooltip(
  bubble: Bubble,
  labels: [string, string, string],
  formats: [NumberFormatter, NumberFormatter, NumberFormatter],
): string {
  const [x, y, size, entity, series] = bubble;
  const title = series !== null ? `${entity} (${series})` : entity;
  const rows = [x, y, size].map((v, i) => `${escapeHtml(labels[i]!)}: <b>${formats[i]!(v)}</b>`);
  return [`<b>${escapeHtml(title)}</b>`, ...rows].join('<br/>');
}

const axis = (
  name: string,
  gap: unknown,
  log: boolean,
  format: NumberFormatter,
  scale: boolean,
) => ({
  type: log ? 'log' : 'value',
  scale,
  name,
  nameLocation: 'middle',
  nameGap: Number(gap ?? 30) || 0,
  nameTextStyle: { fontWeight: 'bolder' },
  axisLabel: { formatter: (v: number) => format(v) },
  splitLine: { lineStyle: { type: 'dashed' } },
});

export function transformProps(chartProps: ChartProps): BubbleProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const labels: [string, string, string] = [
    getMetricLabel(formData.x as QueryMetric),
    getMetricLabel(formData.y as QueryMetric),
    getMetricLabel(formData.size as QueryMetric),
  ];
  const entity = getColumnLabel(formData.entity as QueryColumn);
  const seriesCol = formData.series ? getColumnLabel(formData.series as QueryColumn) : null;
  const bubbles: Bubble[] = result.data.map((row) => [
    num(row[labels[0]]),
    num(row[labels[1]]),
    num(row[labels[2]]),
    text(row[entity]),
    seriesCol !== null ? text(row[seriesCol]) : null,
  ]);
  const maxSize = Number(formData.max_bubble_size ?? 25) || 25;
  const sizes = bubbleSizes(
    bubbles.map((b) => b[2]),
    maxSize,
  );
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const opacity = Number(formData.opacity ?? 0.6);
  const groups = new Map<string, Array<{ value: Bubble; symbolSize: number }>>();
  bubbles.forEach((b, i) => {
    const name = b[4] ?? b[3];
    const list = groups.get(name) ?? [];
    list.push({ value: b, symbolSize: sizes[i]! });
    groups.set(name, list);
  });
  const series = [...groups].map(([name, data]) => ({
    name,
    type: 'scatter',
    data,
    itemStyle: { color: scale.getColor(name), opacity },
  }));
  const formats: [NumberFormatter, NumberFormatter, NumberFormatter] = [
    getNumberFormatter(formData.xAxisFormat as string | undefined),
    getNumberFormatter(formData.y_axis_format),
    getNumberFormatter(formData.tooltipSizeFormat as string | undefined),
  ];
  const legend = categoryLegend(formData, [...groups.keys()]);
  const legendAt = (side: string) => (legend.show && legend[side] === 0 ? 30 : 0);
  return {
    width,
    height,
    empty: false,
    echartOptions: {
      grid: {
        left: 20 + legendAt('left') + (formData.y_axis_label ? 20 : 0),
        right: 20 + legendAt('right'),
        top: 20 + legendAt('top'),
        bottom: 20 + legendAt('bottom') + (formData.x_axis_label ? 20 : 0),
        containLabel: true,
      },
      legend,
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: { data: { value: Bubble } }) => bubbleTooltip(p.data.value, labels, formats),
      },
      xAxis: axis(
        (formData.x_axis_label as string | undefined) ?? '',
        formData.x_axis_title_margin,
        formData.logXAxis === true,
        formats[0],
        true,
      ),
      yAxis: axis(
        (formData.y_axis_label as string | undefined) ?? '',
        formData.y_axis_title_margin,
        formData.logYAxis === true,
        formats[1],
        false,
      ),
      series,
    },
  };
}

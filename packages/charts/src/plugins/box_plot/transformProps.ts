/**
 * Box Plot props: one box per dimension group and metric (named after the group, or
 * "group, metric" with several metrics, or the metric without dimensions), in one ECharts
 * `boxplot` series, with the outliers as `scatter` series; the tooltip gives the five numbers,
 * the mean, the number of observations and of outliers.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryMetric,
} from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartDataResult, ChartProps, DrillFilter } from '../../plugin.js';
import { itemMenu, namedItemContextMenu, rowDrillFilters } from '../../drill.js';
import { escapeHtml } from '../pie/legend.js';

export interface BoxPlotProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on a box or an outlier (its box's name): the page's drill menu. */
  onItemContextMenu?: (name: string, clientX: number, clientY: number) => void;
}

export interface BoxStats {
  name: string;
  /** The colour key: the group's label, or the metric's without dimensions. */
  colorKey: string;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
  mean: number | null;
  count: number | null;
  outliers: number[];
}

/** A metric's outliers: a list, or its JSON text (a cell holds no arrays); else none. */
export function parseOutliers(value: unknown): number[] {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return [];
    }
  }
  return Array.isArray(list)
    ? list.filter((v): v is number => typeof v === 'number' && Number.isFinite(v))
    : [];
}

const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? null : Number(v);

/** The boxes of the boxplot operation's rows, in row order, metric by metric. */
export function boxesOf(
  result: ChartDataResult,
  groupby: string[],
  metrics: string[],
  dateFormat: (v: number) => string,
): BoxStats[] {
  const temporal = new Set(
    result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL),
  );
  return result.data.flatMap((row) => {
    const group = groupby
      .map((g) =>
        temporal.has(g) && typeof row[g] === 'number'
          ? dateFormat(row[g] as number)
          : String(row[g] ?? 'NULL'),
      )
      .join(', ');
    return metrics.map((m) => {
      const name = groupby.length === 0 ? m : metrics.length === 1 ? group : `${group}, ${m}`;
      return {
        name,
        colorKey: groupby.length === 0 ? m : group,
        min: num(row[`${m}__min`]),
        q1: num(row[`${m}__q1`]),
        median: num(row[`${m}__median`]),
        q3: num(row[`${m}__q3`]),
        max: num(row[`${m}__max`]),
        mean: num(row[`${m}__mean`]),
        count: num(row[`${m}__count`]),
        outliers: parseOutliers(row[`${m}__outliers`]),
      };
    });
  });
}

/**
 * Each box's drill filters by its name: the values of its row's dimensions (the boxes are the
 * rows' metrics in order), shown as the box's name shows them. Boxes without dimensions have
 * none.
 */
export function boxDrills(
  result: ChartDataResult,
  groupbyColumns: readonly QueryColumn[],
  boxes: readonly BoxStats[],
  metricCount: number,
  dateFormat: (v: number) => string,
): Map<string, DrillFilter[]> {
  const temporal = new Set(
    result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL),
  );
  const text = (label: string, v: unknown) =>
    temporal.has(label) && typeof v === 'number' ? dateFormat(v) : String(v);
  const drills = new Map<string, DrillFilter[]>();
  boxes.forEach((box, i) => {
    const row = result.data[Math.floor(i / Math.max(1, metricCount))];
    if (row && !drills.has(box.name))
      drills.set(box.name, rowDrillFilters(groupbyColumns, row, text));
  });
  return drills;
}

/** The tooltip of a box: its name, then max, quartiles, mean, median, min and counts. */
export function boxTooltip(box: BoxStats, format: (v: number | null) => string): string {
  const stats = [
    `Max: ${format(box.max)}`,
    `3rd Quartile: ${format(box.q3)}`,
    `Mean: ${format(box.mean)}`,
    `Median: ${format(box.median)}`,
    `1st Quartile: ${format(box.q1)}`,
    `Min: ${format(box.min)}`,
    `# Observations: ${box.count ?? 'N/A'}`,
  ];
  if (box.outliers.length > 0) stats.push(`# Outliers: ${box.outliers.length}`);
  return `<p><strong>${escapeHtml(box.name)}</strong></p>${stats.join('<br/>')}`;
}

function axisLabelOf(layout: unknown): Record<string, unknown> {
  if (layout === '45°' || layout === 'staggered') return { rotate: -45, interval: 0 };
  if (layout === '90°') return { rotate: -90, interval: 0 };
  if (layout === 'flat') return { rotate: 0 };
  return { show: true };
}

export function transformProps(chartProps: ChartProps): BoxPlotProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const groupby = groupbyColumns.map(getColumnLabel);
  const metrics = ((formData.metrics as QueryMetric[] | undefined) ?? []).map(getMetricLabel);
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const dateFormat = getTimeFormatter(formData.date_format as string | undefined);
  const boxes = boxesOf(result, groupby, metrics, dateFormat);
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const colorOf = (b: BoxStats) => scale.getColor(b.colorKey);
  const outlierTooltip = (p: { data: [string, number] }) =>
    `${groupby.length > 0 ? `<p><strong>${escapeHtml(p.data[0])}</strong></p>` : ''}${format(p.data[1])}`;
  const outliers = boxes
    .filter((b) => b.outliers.length > 0)
    .map((b) => ({
      name: 'outlier',
      type: 'scatter',
      data: b.outliers.map((v) => [b.name, v]),
      itemStyle: { color: colorOf(b) },
      tooltip: { formatter: outlierTooltip },
    }));
  const dash = (v: number | null) => v ?? '-';
  return {
    width,
    height,
    empty: false,
    ...itemMenu(
      namedItemContextMenu(
        chartProps.hooks?.onContextMenu,
        boxDrills(result, groupbyColumns, boxes, metrics.length, dateFormat),
      ),
    ),
    echartOptions: {
      grid: { left: 20, right: 20, top: 20, bottom: 20, containLabel: true },
      xAxis: {
        type: 'category',
        data: boxes.map((b) => b.name),
        axisLabel: axisLabelOf(formData.x_ticks_layout),
      },
      yAxis: { type: 'value', axisLabel: { formatter: (v: number) => format(v) } },
      tooltip: { trigger: 'item', appendToBody: true, axisPointer: { type: 'shadow' } },
      series: [
        {
          name: 'boxplot',
          type: 'boxplot',
          data: boxes.map((b) => ({
            name: b.name,
            value: [b.min, b.q1, b.median, b.q3, b.max].map(dash),
            itemStyle: { color: colorOf(b), borderColor: colorOf(b), opacity: 0.6 },
          })),
          tooltip: {
            formatter: (p: { dataIndex: number }) => {
              const box = boxes[p.dataIndex];
              return box ? boxTooltip(box, format) : '';
            },
          },
        },
        ...outliers,
      ],
    },
  };
}

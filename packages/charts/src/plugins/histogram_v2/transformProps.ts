/**
 * Histogram props: one bar series per group (or one named after the column), one bar per bin;
 * the x categories are the bins' "low - high" edges in the x-axis format, the values counts (or
 * proportions) in the y-axis format. The tooltip lists each group's value at the bin, and with
 * groups their share and the total.
 */
import { GenericDataType, getColumnLabel } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps } from '../../plugin.js';
import { categoryLegend, escapeHtml } from '../pie/legend.js';
import { histogramFields } from './buildQuery.js';

export interface HistogramProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
}

interface AxisParam {
  name: string;
  marker?: string;
  seriesName?: string;
  value: number;
}

/** A bin's label "low - high" with both edges in the x-axis format. */
export function binLabel(key: string, format: (n: number) => string): string {
  const [low = '', high = ''] = key.split(' - ');
  return `${format(parseFloat(low))} - ${format(parseFloat(high))}`;
}

export function transformProps(chartProps: ChartProps): HistogramProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const { column, groupby: groupCols } = histogramFields(formData);
  const groupby = groupCols.map(getColumnLabel);
  const groupSet = new Set(groupby);
  const columnLabel = column !== null ? getColumnLabel(column) : '';
  const xFormat = getNumberFormatter(formData.x_axis_format as string | undefined);
  const yFormat = getNumberFormatter(formData.y_axis_format as string | undefined);
  const pct = getNumberFormatter(',.2%');
  const dateFormat = getTimeFormatter(undefined);
  const temporal = new Set(
    result.colnames.filter((_, i) => result.coltypes[i] === GenericDataType.TEMPORAL),
  );
  const keys = (
    result.colnames.length > 0 ? result.colnames : Object.keys(result.data[0] ?? {})
  ).filter((k) => !groupSet.has(k));
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const showValue = formData.show_value === true;
  const series = result.data.map((row) => {
    const name =
      groupby.length > 0
        ? groupby
            .map((g) =>
              temporal.has(g) && typeof row[g] === 'number'
                ? dateFormat(row[g] as number)
                : String(row[g] ?? 'NULL'),
            )
            .join(', ')
        : columnLabel;
    return {
      name,
      type: 'bar',
      data: keys.map((k) => Number(row[k] ?? 0)),
      itemStyle: { color: scale.getColor(name) },
      label: {
        show: showValue,
        position: 'top',
        formatter: (p: { value: number }) => yFormat(p.value),
      },
    };
  });
  const normalize = formData.normalize === true;
  const tooltipFormatter = (params: AxisParam[]) => {
    const title = escapeHtml(params[0]?.name ?? '');
    const total = params.reduce((s, p) => s + (Number(p.value) || 0), 0);
    const share = (v: number) =>
      groupby.length > 0 && !normalize ? ` (${pct(v / (total || 1))})` : '';
    const rows = params.map(
      (p) =>
        `${p.marker ?? ''}${escapeHtml(p.seriesName ?? '')}: <b>${yFormat(p.value)}</b>${share(p.value)}`,
    );
    if (groupby.length > 0) rows.push(`Total: <b>${yFormat(total)}</b>${share(total)}`);
    return [`<b>${title}</b>`, ...rows].join('<br/>');
  };
  const showLegend = formData.show_legend !== false;
  const xTitle = (formData.x_axis_title as string | undefined) ?? '';
  const yTitle = (formData.y_axis_title as string | undefined) ?? '';
  return {
    width,
    height,
    empty: false,
    echartOptions: {
      grid: {
        left: yTitle ? 40 : 20,
        right: 20,
        top: showLegend ? 40 : 20,
        bottom: xTitle ? 40 : 20,
        containLabel: true,
      },
      legend: categoryLegend(
        formData,
        series.map((s) => s.name),
      ),
      tooltip: { trigger: 'axis', appendToBody: true, formatter: tooltipFormatter },
      xAxis: {
        type: 'category',
        data: keys.map((k) => binLabel(k, xFormat)),
        name: xTitle,
        nameLocation: 'middle',
        nameGap: 35,
      },
      yAxis: {
        type: 'value',
        name: yTitle,
        nameLocation: 'middle',
        nameGap: normalize ? 55 : 40,
        axisLabel: { formatter: (v: number) => yFormat(v) },
      },
      series,
    },
  };
}

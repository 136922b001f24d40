/**
 * Big Number with Trendline: the latest value of the metric over time as the big number, its
 * change against the value `compare_lag` periods before ("+12.3% WoW"), and the series as a
 * small area line below.
 */
import { getColumnLabel, type QueryColumn } from '@strata/core';
import { categoricalScheme } from '../../color/schemes.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter, tooltipDate } from '../../format/time-format.js';
import type { ChartProps, DrillFilter } from '../../plugin.js';
import { drillFilter, drillFilters } from '../../drill.js';
import { metricLabelOf } from './buildQuery.js';

export interface BigNumberTrendProps {
  width: number;
  height: number;
  bigNumber: string | null;
  subheader: string;
  timestamp: string | null;
  /** Sign of the change, for colouring: 1 up, -1 down, 0 none. */
  trend: -1 | 0 | 1;
  echartOptions: Record<string, unknown> | null;
  /** A right click on the number: the page's drill menu, without filters (Superset's). */
  onNumberContextMenu?: (clientX: number, clientY: number) => void;
  /** A right click on a point of the trend line (its time): the drill menu for that period. */
  onTrendContextMenu?: (time: number, clientX: number, clientY: number) => void;
}

/** A trend point's drill filter: its time on the x column, for the period of the time grain. */
export function trendPointDrill(
  x: QueryColumn | undefined,
  time: number,
  grain: string | null,
  text: string,
): DrillFilter[] {
  return drillFilters([drillFilter(x, time, text, grain)]);
}

export function transformProps(chartProps: ChartProps): BigNumberTrendProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const metric = metricLabelOf(formData);
  const x = formData.x_axis ?? formData.granularity_sqla;
  const xLabel = x ? getColumnLabel(x as QueryColumn) : '__timestamp';
  const rows = [...(queriesData[0]?.data ?? [])]
    .filter((r) => typeof r[xLabel] === 'number')
    .sort((a, b) => (a[xLabel] as number) - (b[xLabel] as number));
  const points = rows.map((r) => [r[xLabel] as number, r[metric] as number | null] as const);
  const numberFormat = getNumberFormatter(formData.y_axis_format as string | undefined);
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  let lastIndex = points.length - 1;
  while (lastIndex >= 0 && (points[lastIndex]![1] === null || points[lastIndex]![1] === undefined))
    lastIndex -= 1;
  const last = lastIndex >= 0 ? points[lastIndex]! : null;
  let subheader = '';
  let trend: -1 | 0 | 1 = 0;
  const lag = Number(formData.compare_lag);
  if (last && Number.isInteger(lag) && lag > 0 && lastIndex - lag >= 0) {
    const before = points[lastIndex - lag]![1];
    if (typeof before === 'number' && before !== 0 && typeof last[1] === 'number') {
      const change = (last[1] - before) / Math.abs(before);
      trend = change > 0 ? 1 : change < 0 ? -1 : 0;
      subheader =
        `${getNumberFormatter('+.1%')(change)} ${String(formData.compare_suffix ?? '')}`.trim();
    }
  }
  const color = categoricalScheme(formData.color_scheme as string | undefined).colors[0]!;
  const showTrend = formData.show_trend_line !== false && points.length > 1;
  const echartOptions = showTrend
    ? {
        animation: points.length < 300,
        grid: { left: 0, right: 0, top: 8, bottom: 0 },
        xAxis: { type: 'time', show: false },
        yAxis: { type: 'value', show: false, scale: formData.start_y_axis_at_zero === false },
        tooltip: {
          trigger: 'axis',
          appendToBody: true,
          formatter: (params: unknown) => {
            const p = (Array.isArray(params) ? params[0] : params) as {
              value: [number, number | null];
            };
            return `${tooltipDate(new Date(p.value[0]))}<br/><b>${numberFormat(p.value[1])}</b>`;
          },
        },
        series: [
          {
            type: 'line',
            data: points.map(([t, v]) => [t, v]),
            showSymbol: false,
            smooth: false,
            color,
            lineStyle: { width: 2 },
            areaStyle: { opacity: 0.2 },
          },
        ],
      }
    : null;
  const onContextMenu = hooks?.onContextMenu;
  const extra = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  const grain = extra?.time_grain_sqla || (formData.time_grain_sqla as string | undefined) || null;
  return {
    width,
    height,
    ...(onContextMenu
      ? {
          onNumberContextMenu: (cx: number, cy: number) => onContextMenu(cx, cy, []),
          onTrendContextMenu: (time: number, cx: number, cy: number) =>
            onContextMenu(
              cx,
              cy,
              trendPointDrill(x as QueryColumn | undefined, time, grain, timeFormat(time)),
            ),
        }
      : {}),
    bigNumber: last && typeof last[1] === 'number' ? numberFormat(last[1]) : null,
    subheader,
    timestamp: last && formData.show_timestamp ? timeFormat(last[0]) : null,
    trend,
    echartOptions,
  };
}

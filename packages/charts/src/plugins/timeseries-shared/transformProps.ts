/**
 * Time-series answer → ECharts option: one series per column beside the x axis (after pivot
 * and flatten: "metric" or "metric, dimension" or, with one metric, just the dimension), styled
 * for the chart type (line, smooth, step, bar, scatter, area), stacked on request, with a time,
 * category or number x axis, number formats, legend, rich tooltip, zoom, and the annotation
 * layers (formulas, events, intervals, time series).
 */
import {
  GenericDataType,
  getColumnLabel,
  type QueryColumn,
  type QueryFormData,
} from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter, tooltipDate } from '../../format/time-format.js';
import type { ChartDataResult, ChartProps, DataMask, DrillFilter } from '../../plugin.js';
import { drillFilter, drillFilters } from '../../drill.js';
import { evaluateFormula, parseFormula } from './formula.js';
import { xAxisColumn } from './buildQuery.js';
import { lttbIndices } from './downsample.js';
import { sortRowsBySeries } from './xAxisSort.js';
import { rowTotals, stackedSeriesValues, stackMode } from './stack.js';
import {
  CLEARED_CROSS_FILTER,
  isSelectedGroup,
  selectedGroup,
  UNSELECTED_OPACITY,
} from '../../cross-filter-selection.js';

export type SeriesKind = 'line' | 'smooth' | 'step' | 'bar' | 'scatter' | 'area';

export interface TimeseriesProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  /** Series name → the dimension values it stands for (cross filters). */
  seriesDimensions: Record<string, string[]>;
  groupby: string[];
  onSeriesClick?: (seriesName: string) => void;
  /** A right click on a point: the page's drill menu with its x value and series dimensions. */
  onPointContextMenu?: (
    seriesName: string,
    data: unknown,
    clientX: number,
    clientY: number,
  ) => void;
  empty: boolean;
}

/** Above this many points a line draws no symbols and is sampled (stays fast at 100,000). */
export const LARGE_SERIES = 300;

function xValues(
  result: ChartDataResult,
  xLabel: string,
): { values: unknown[]; type: 'time' | 'category' | 'value' } {
  const i = result.colnames.indexOf(xLabel);
  const values = result.data.map((r) => r[xLabel]);
  const t = result.coltypes[i];
  if (t === GenericDataType.TEMPORAL) return { values, type: 'time' };
  if (t === GenericDataType.NUMERIC) return { values, type: 'value' };
  return { values: values.map((v) => (v === null ? 'NULL' : String(v))), type: 'category' };
}

/** The cross filter of a clicked series (its dimension values), Superset's shape. */
export function seriesCrossFilter(groupby: string[], values: string[]): DataMask {
  if (!groupby.length || !values.length) return { extraFormData: {}, filterState: { value: null } };
  return {
    extraFormData: {
      filters: groupby.map((col, i) => ({ col, op: 'IN', val: [values[i]] })),
    },
    filterState: { value: [values], selectedValues: [values.join(', ')] },
  };
}

function annotationSeries(
  formData: QueryFormData,
  result: ChartDataResult,
  xs: number[],
  color: (name: string) => string,
): { series: Array<Record<string, unknown>>; errors: string[] } {
  const series: Array<Record<string, unknown>> = [];
  const errors: string[] = [];
  const layers = (formData.annotation_layers ?? []) as Array<Record<string, unknown>>;
  const data = (result.annotation_data ?? {}) as Record<
    string,
    { records?: Array<Record<string, unknown>> }
  >;
  for (const layer of layers) {
    if (layer.show === false) continue;
    const name = String(layer.name ?? '');
    if (layer.annotationType === 'FORMULA') {
      try {
        const tree = parseFormula(String(layer.value ?? ''));
        series.push({
          name,
          type: 'line',
          showSymbol: false,
          lineStyle: { type: 'dashed', width: 1.5 },
          color: color(name),
          data: xs.map((x) => [x, evaluateFormula(tree, x)]),
        });
      } catch (e) {
        errors.push(`${name}: ${(e as Error).message}`);
      }
      continue;
    }
    const records = data[name]?.records ?? [];
    const when = (r: Record<string, unknown>, key: string) => r[key] ?? r.ds ?? r.__timestamp;
    if (layer.annotationType === 'EVENT') {
      series.push({
        name,
        type: 'line',
        data: [],
        color: color(name),
        markLine: {
          symbol: 'none',
          label: { show: false },
          data: records.map((r) => ({
            xAxis: when(r, 'start_dttm'),
            name: String(r.short_descr ?? r.title ?? ''),
          })),
        },
      });
    } else if (layer.annotationType === 'INTERVAL') {
      series.push({
        name,
        type: 'line',
        data: [],
        color: color(name),
        markArea: {
          itemStyle: { opacity: 0.15 },
          data: records.map((r) => [
            { xAxis: when(r, 'start_dttm'), name: String(r.short_descr ?? r.title ?? '') },
            { xAxis: r.end_dttm ?? when(r, 'start_dttm') },
          ]),
        },
      });
    } else if (layer.annotationType === 'TIME_SERIES') {
      const first = records[0] ?? {};
      const valueKey = Object.keys(first).find(
        (k) => typeof first[k] === 'number' && !/^(ds|__timestamp)$/.test(k),
      );
      series.push({
        name,
        type: 'line',
        showSymbol: false,
        lineStyle: { type: 'dotted' },
        color: color(name),
        data: records.map((r) => [r.ds ?? r.__timestamp, valueKey ? r[valueKey] : null]),
      });
    }
  }
  return { series, errors };
}

export function transformTimeseries(chartProps: ChartProps, kind: SeriesKind): TimeseriesProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  let result = queriesData[0];
  const x = xAxisColumn(formData);
  const xLabel = x ? getColumnLabel(x) : '__timestamp';
  const groupby = ((formData.groupby as unknown[] | undefined) ?? []).map((g) =>
    getColumnLabel(g as string),
  );
  if (!result || result.data.length === 0)
    return { width, height, echartOptions: {}, seriesDimensions: {}, groupby, empty: true };

  const names = result.colnames.filter((c) => c !== xLabel);
  const sortSeries = formData.x_axis_sort_series;
  const multiSeries =
    groupby.length > 0 || ((formData.metrics as unknown[] | undefined)?.length ?? 0) > 1;
  let { values: xs, type: xType } = xValues(result, xLabel);
  if (xType === 'category' && multiSeries && typeof sortSeries === 'string') {
    // "X-Axis Sort By" a measure over the series (drawn, not queried).
    const rows = sortRowsBySeries(
      result.data,
      xLabel,
      names,
      sortSeries,
      formData.x_axis_sort_series_ascending !== false,
    );
    result = { ...result, data: rows };
    ({ values: xs, type: xType } = xValues(result, xLabel));
  }
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const mode = stackMode(formData);
  const stack = mode !== null;
  // Shares (a row's contribution, or an expanded stack) are drawn in percent, 0 to 100 %.
  const shares = stack && (mode === 'Expand' || formData.contributionMode === 'row');
  const yFormat = formData.y_axis_format as string | undefined;
  const numberFormat = getNumberFormatter(
    (mode === 'Expand' || formData.contributionMode) && (!yFormat || yFormat === 'SMART_NUMBER')
      ? ',.1%'
      : yFormat,
  );
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const horizontal = kind === 'bar' && formData.orientation === 'horizontal';
  const large = result.data.length > LARGE_SERIES;
  const markers = formData.markerEnabled === true;
  const seriesDimensions: Record<string, string[]> = {};

  // Long lines are down-sampled here to what the chart's pixels can show (LTTB), unless the
  // user may zoom in (then ECharts samples per view) or series stack (points must line up).
  const sampleTo = Math.max(500, Math.round(width * 2));
  const downsample =
    large &&
    result.data.length > sampleTo * 2 &&
    !horizontal &&
    !stack &&
    formData.zoomable !== true &&
    (kind === 'line' || kind === 'smooth' || kind === 'step' || kind === 'area') &&
    xType !== 'category';
  // The series this chart filters the dashboard on (the others dimmed).
  const selected = selectedGroup(chartProps.filterState);
  const totals = mode === 'Expand' ? rowTotals(result.data, names) : [];
  const series = names.map((name) => {
    seriesDimensions[name] = groupby.length ? name.split(', ').slice(-groupby.length) : [];
    const dim = selected !== null && !isSelectedGroup(seriesDimensions[name], selected);
    const ys = stackedSeriesValues(result.data, name, mode, totals);
    let data = ys.map((y, i) => (horizontal ? [y, xs[i]] : [xs[i], y]));
    if (downsample) {
      if (ys.every((y) => typeof y === 'number') && xs.every((x) => typeof x === 'number'))
        data = lttbIndices(xs as number[], ys as number[], sampleTo).map((i) => data[i]!);
    }
    const base: Record<string, unknown> = {
      name,
      data,
      color: scale.getColor(name),
      ...(stack ? { stack: 'total' } : {}),
      emphasis: { focus: 'series' },
      ...(dim
        ? {
            itemStyle: { opacity: UNSELECTED_OPACITY },
            lineStyle: { opacity: UNSELECTED_OPACITY },
          }
        : {}),
    };
    if (kind === 'bar') return { ...base, type: 'bar', barMaxWidth: 60 };
    if (kind === 'scatter')
      return { ...base, type: 'scatter', symbolSize: Number(formData.markerSize ?? 6) || 6 };
    return {
      ...base,
      type: 'line',
      smooth: kind === 'smooth',
      ...(kind === 'step' ? { step: (formData.seriesType as string) || 'start' } : {}),
      ...(kind === 'area'
        ? {
            areaStyle: {
              opacity: Number(formData.opacity ?? 0.2) * (dim ? UNSELECTED_OPACITY : 1),
            },
          }
        : {}),
      showSymbol: markers && !large,
      symbolSize: Number(formData.markerSize ?? 6) || 6,
      ...(large ? { sampling: 'lttb', progressive: 0 } : {}),
    };
  });
  const numericXs =
    xType === 'category' ? [] : (xs.filter((v) => typeof v === 'number') as number[]);
  const annotations = annotationSeries(formData, result, numericXs, (n) => scale.getColor(n));

  const bounds = Array.isArray(formData.y_axis_bounds)
    ? (formData.y_axis_bounds as Array<number | null>)
    : [null, null];
  const valueAxis = {
    type: formData.logAxis ? 'log' : 'value',
    ...(typeof bounds[0] === 'number' ? { min: bounds[0] } : shares ? { min: 0 } : {}),
    ...(typeof bounds[1] === 'number' ? { max: bounds[1] } : shares ? { max: 1 } : {}),
    axisLabel: { formatter: (v: number) => numberFormat(v) },
    name: (formData.y_axis_title as string) || '',
    nameLocation: 'middle',
    nameGap: 50,
  };
  const rotation = Number(formData.xAxisLabelRotation ?? 0) || 0;
  const categoryAxis = {
    type: xType,
    axisLabel: {
      ...(xType === 'time' ? { formatter: (v: number) => timeFormat(v) } : {}),
      hideOverlap: true,
      ...(rotation ? { rotate: rotation } : {}),
    },
    name: (formData.x_axis_title as string) || '',
    nameLocation: 'middle',
    nameGap: 30,
  };
  const showLegend = formData.show_legend !== false;
  const orient = (formData.legendOrientation as string) || 'top';
  const legend = {
    show: showLegend,
    type: (formData.legendType as string) || 'scroll',
    orient: orient === 'left' || orient === 'right' ? 'vertical' : 'horizontal',
    [orient]: 0,
    data: [...names, ...annotations.series.map((s) => String(s.name))],
  };
  const rich = formData.rich_tooltip !== false;
  const sortTooltip = formData.tooltipSortByMetric === true;
  const tooltip = {
    trigger: rich ? 'axis' : 'item',
    appendToBody: true,
    formatter: (params: unknown) => {
      const items = (Array.isArray(params) ? params : [params]) as Array<{
        seriesName: string;
        value: unknown[];
        marker: string;
      }>;
      if (!items.length) return '';
      const xv = items[0]!.value[horizontal ? 1 : 0];
      const head =
        xType === 'time' && typeof xv === 'number' ? tooltipDate(new Date(xv)) : String(xv);
      const rows = items
        .map((p) => ({ p, v: p.value[horizontal ? 0 : 1] as number | null }))
        .sort((a, b) => (sortTooltip ? (b.v ?? -Infinity) - (a.v ?? -Infinity) : 0))
        .map(({ p, v }) => `${p.marker}${escapeHtml(p.seriesName)}: <b>${numberFormat(v)}</b>`);
      return [escapeHtml(head), ...rows].join('<br/>');
    },
  };
  const grid = {
    left: formData.y_axis_title ? 70 : 20,
    right: 20,
    top: showLegend && orient === 'top' ? 40 : 20,
    bottom:
      (formData.zoomable ? 50 : 20) +
      (formData.x_axis_title ? 25 : 0) +
      (showLegend && orient === 'bottom' ? 30 : 0),
    containLabel: true,
  };
  const echartOptions: Record<string, unknown> = {
    animation: !large,
    grid,
    legend,
    tooltip,
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: [...series, ...annotations.series],
    ...(formData.zoomable
      ? { dataZoom: [{ type: 'slider', start: 0, end: 100, bottom: 10 }, { type: 'inside' }] }
      : {}),
  };
  const emit = chartProps.emitCrossFilters === true && hooks?.setDataMask && groupby.length > 0;
  const onContextMenu = hooks?.onContextMenu;
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  /** The drill filters of a point (ECharts' `[x, y]` data): its x value, its series' values. */
  const pointDrill = (seriesName: string, data: unknown): DrillFilter[] => {
    // Annotation series are not data: only the whole chart.
    if (!(seriesName in seriesDimensions) || !Array.isArray(data)) return [];
    const xv: unknown = horizontal ? data[1] : data[0];
    const temporal = xType === 'time' && typeof xv === 'number';
    const grain = temporal ? ((formData.time_grain_sqla as string | undefined) ?? null) : null;
    const xText = temporal ? timeFormat(xv) : xv == null ? '' : String(xv);
    const dims = seriesDimensions[seriesName] ?? [];
    return drillFilters([
      x && xv !== 'NULL' ? drillFilter(x, xv, xText, grain) : null,
      ...groupbyColumns.map((c, i) => drillFilter(c, dims[i], dims[i] ?? '')),
    ]);
  };
  return {
    width,
    height,
    echartOptions,
    seriesDimensions,
    groupby,
    empty: false,
    ...(onContextMenu
      ? {
          onPointContextMenu: (name: string, data: unknown, cx: number, cy: number) =>
            onContextMenu(cx, cy, pointDrill(name, data)),
        }
      : {}),
    ...(emit
      ? {
          onSeriesClick: (name: string) =>
            hooks.setDataMask!(
              isSelectedGroup(seriesDimensions[name], selected)
                ? CLEARED_CROSS_FILTER
                : seriesCrossFilter(groupby, seriesDimensions[name] ?? []),
            ),
        }
      : {}),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

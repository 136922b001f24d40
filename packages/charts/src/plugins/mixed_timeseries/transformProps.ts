/**
 * Mixed Chart: each query drawn as its own time series (its series type, stacking, area,
 * markers), then merged onto one x axis with a primary and a secondary y axis; series of query B
 * whose names collide with query A's are told apart by " (Query B)".
 */
import type { QueryFormData } from '@strata/core';
import { getNumberFormatter } from '../../format/number-format.js';
import { tooltipDate } from '../../format/time-format.js';
import type { ChartHooks, ChartProps, DrillContext } from '../../plugin.js';
import { escapeHtml } from '../pie/legend.js';
import {
  transformTimeseries,
  type SeriesKind,
  type TimeseriesProps,
} from '../timeseries-shared/transformProps.js';
import { queryFormData, type QueryId } from './queryFields.js';

type Option = Record<string, unknown>;
type Series = Option & { name: string };

function kindOf(formData: QueryFormData): SeriesKind {
  const t = (formData.seriesType as string | undefined) ?? 'line';
  if (t === 'bar') return 'bar';
  if (t === 'scatter') return 'scatter';
  if (formData.area === true) return 'area';
  if (t === 'smooth') return 'smooth';
  if (t === 'start' || t === 'middle' || t === 'end') return 'step';
  return 'line';
}

function valueAxis(formData: QueryFormData, secondary: boolean): Option {
  const suffix = secondary ? '_secondary' : '';
  const format = getNumberFormatter(formData[`y_axis_format${suffix}`] as string | undefined);
  const bounds = Array.isArray(formData[`y_axis_bounds${suffix}`])
    ? (formData[`y_axis_bounds${suffix}`] as Array<number | null>)
    : [null, null];
  const log = secondary ? formData.logAxisSecondary : formData.logAxis;
  return {
    type: log ? 'log' : 'value',
    position: secondary ? 'right' : 'left',
    ...(typeof bounds[0] === 'number' ? { min: bounds[0] } : {}),
    ...(typeof bounds[1] === 'number' ? { max: bounds[1] } : {}),
    axisLabel: { formatter: (v: number) => format(v) },
    ...(secondary ? { splitLine: { show: false } } : {}),
    name: (formData[`y_axis_title${suffix}`] as string) || '',
    nameLocation: 'middle',
    nameGap: 50,
  };
}

/**
 * The grouping a point of query A or B belongs to (Superset's drill-by context of the mixed
 * chart): "Drill by" regroups that query's dimensions and filters that query.
 */
export function mixedDrillContext(id: QueryId): DrillContext {
  return id === 'A'
    ? { drillByField: 'groupby', adhocFilterField: 'adhoc_filters' }
    : { drillByField: 'groupby_b', adhocFilterField: 'adhoc_filters_b' };
}

/** A query's hooks: its right clicks name its grouping. */
function queryHooks(hooks: ChartHooks | undefined, id: QueryId): ChartHooks | undefined {
  const onContextMenu = hooks?.onContextMenu;
  if (!hooks || !onContextMenu) return hooks;
  return {
    ...hooks,
    onContextMenu: (x, y, filters, context) =>
      onContextMenu(x, y, filters, { ...mixedDrillContext(id), ...context }),
  };
}

export function transformProps(chartProps: ChartProps): TimeseriesProps {
  const { width, height, formData, queriesData } = chartProps;
  const parts = (['A', 'B'] as QueryId[]).map((id, i) => {
    const fd = queryFormData(formData, id);
    const hooks = queryHooks(chartProps.hooks, id);
    const props = transformTimeseries(
      {
        ...chartProps,
        formData: fd,
        queriesData: queriesData[i] ? [queriesData[i]] : [],
        ...(hooks ? { hooks } : {}),
      },
      kindOf(fd),
    );
    const axisIndex = Number(fd.yAxisIndex) === 1 ? 1 : 0;
    return { id, props, axisIndex };
  });
  const drawn = parts.filter((p) => !p.props.empty);
  if (drawn.length === 0)
    return { width, height, echartOptions: {}, seriesDimensions: {}, groupby: [], empty: true };

  const names = new Set<string>();
  const axisOf = new Map<string, number>();
  const seriesDimensions: Record<string, string[]> = {};
  const series: Series[] = [];
  // Each drawn series' query and its name there (right clicks go to that query's drill).
  const origin = new Map<string, { props: TimeseriesProps; name: string }>();
  for (const { id, props, axisIndex } of drawn) {
    for (const s of (props.echartOptions.series as Series[] | undefined) ?? []) {
      const name = id === 'B' && names.has(s.name) ? `${s.name} (Query B)` : s.name;
      names.add(name);
      origin.set(name, { props, name: s.name });
      axisOf.set(name, axisIndex);
      seriesDimensions[name] = props.seriesDimensions[s.name] ?? [];
      series.push({ ...s, name, yAxisIndex: axisIndex });
    }
  }
  const formats = [
    getNumberFormatter(formData.y_axis_format as string | undefined),
    getNumberFormatter(formData.y_axis_format_secondary as string | undefined),
  ];
  const first = drawn[0]!.props.echartOptions;
  const xAxis = first.xAxis as Option;
  const timeAxis = xAxis.type === 'time';
  const legend = { ...(first.legend as Option), data: [...names] };
  const tooltip = {
    ...(first.tooltip as Option),
    formatter: (params: unknown) => {
      const items = (Array.isArray(params) ? params : [params]) as Array<{
        seriesName: string;
        value: unknown[];
        marker: string;
      }>;
      if (!items.length) return '';
      const xv = items[0]!.value[0];
      const head = timeAxis && typeof xv === 'number' ? tooltipDate(new Date(xv)) : String(xv);
      const rows = items.map((p) => {
        const format = formats[axisOf.get(p.seriesName) ?? 0]!;
        return `${p.marker}${escapeHtml(p.seriesName)}: <b>${format(p.value[1] as number | null)}</b>`;
      });
      return [escapeHtml(head), ...rows].join('<br/>');
    },
  };
  const secondaryUsed = drawn.some((p) => p.axisIndex === 1);
  const grid = { ...(first.grid as Option), ...(secondaryUsed ? { right: 20 } : {}) };
  const echartOptions: Option = {
    ...first,
    grid,
    legend,
    tooltip,
    xAxis,
    yAxis: [valueAxis(formData, false), valueAxis(formData, true)],
    series,
  };
  const click = drawn.find((p) => p.props.onSeriesClick)?.props.onSeriesClick;
  const onContextMenu = chartProps.hooks?.onContextMenu;
  const onPointContextMenu = onContextMenu
    ? (name: string, data: unknown, x: number, y: number) => {
        const from = origin.get(name);
        if (from?.props.onPointContextMenu) from.props.onPointContextMenu(from.name, data, x, y);
        else onContextMenu(x, y, []);
      }
    : undefined;
  return {
    width,
    height,
    echartOptions,
    seriesDimensions,
    groupby: drawn[0]!.props.groupby,
    empty: false,
    ...(click ? { onSeriesClick: click } : {}),
    ...(onPointContextMenu ? { onPointContextMenu } : {}),
  };
}

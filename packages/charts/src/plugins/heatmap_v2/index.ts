/**
 * Heatmap: the metric on a grid of the x axis by one dimension, coloured along the linear
 * scheme; normalised across the whole heatmap, each x or each y (the colour is the value's
 * position between that group's minimum and maximum), values shown on request, sorted axes.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { sequentialScheme } from '../../color/schemes.js';
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartMetadata, ChartPlugin, ChartProps, DrillFilter } from '../../plugin.js';
import { drillFilter, drillFilters } from '../../drill.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { escapeHtml } from '../pie/legend.js';
import { xAxisColumn } from '../timeseries-shared/buildQuery.js';

const cells = [0, 1, 2, 3, 4]
  .flatMap((r) =>
    [0, 1, 2, 3, 4, 5].map(
      (c) =>
        `<rect x="${12 + c * 23}" y="${8 + r * 17}" width="21" height="15" fill="#1FA8C9" opacity="${(0.15 + ((r * 7 + c * 5) % 10) / 12).toFixed(2)}"/>`,
    ),
  )
  .join('');
const metadata: ChartMetadata = {
  name: 'Heatmap',
  category: 'Correlation',
  description:
    'Visualize a related metric across pairs of groups. Heatmaps excel at showcasing the correlation or strength between two groups. Color is used to emphasize the strength of the link between each pair of groups.',
  tags: ['Business', 'Intensity', 'Density', 'Single Metric', 'ECharts', 'Featured'],
  thumbnail: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>${cells}</svg>`,
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL'],
};

const sortChoices: Array<[string, string]> = [
  ['alpha_asc', 'Axis ascending'],
  ['alpha_desc', 'Axis descending'],
  ['value_asc', 'Metric ascending'],
  ['value_desc', 'Metric descending'],
];

const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['x_axis'],
        ['time_grain_sqla'],
        [
          {
            name: 'groupby',
            override: { label: 'Y-axis', props: { multi: false }, default: null },
          },
        ],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10000 } }],
        [
          {
            name: 'sort_x_axis',
            config: {
              type: 'SelectControl',
              label: 'Sort X Axis',
              default: 'alpha_asc',
              props: { clearable: false, choices: sortChoices },
            },
          },
        ],
        [
          {
            name: 'sort_y_axis',
            config: {
              type: 'SelectControl',
              label: 'Sort Y Axis',
              default: 'alpha_asc',
              props: { clearable: false, choices: sortChoices },
            },
          },
        ],
        [
          {
            name: 'normalize_across',
            config: {
              type: 'SelectControl',
              label: 'Normalize across',
              default: 'heatmap',
              renderTrigger: true,
              props: {
                clearable: false,
                choices: [
                  ['heatmap', 'heatmap'],
                  ['x', 'x'],
                  ['y', 'y'],
                ],
              },
              description:
                'Color will be shaded based the normalized (0% to 100%) value of a given cell against the other cells in the selected range',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['linear_color_scheme'],
        [
          {
            name: 'show_legend',
            config: {
              type: 'CheckboxControl',
              label: 'Legend',
              default: true,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'show_values',
            config: {
              type: 'CheckboxControl',
              label: 'Show values',
              default: false,
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'show_percentage',
            config: {
              type: 'CheckboxControl',
              label: 'Show percentage',
              default: true,
              renderTrigger: true,
            },
          },
        ],
        ['y_axis_format'],
        ['x_axis_time_format'],
      ],
    },
  ],
};

export interface HeatmapProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on a cell (ECharts' data index: the answer's row): the page's drill menu. */
  onCellContextMenu?: (dataIndex: number, clientX: number, clientY: number) => void;
}

/**
 * A cell's drill filters: its x value (a temporal one with the time grain it was grouped by)
 * and its y value, each shown as the axis shows it.
 */
export function heatmapCellDrill(
  cell: { x: QueryColumn | null; y: QueryColumn | null; xValue: unknown; yValue: unknown },
  text: { x: string; y: string },
  grain: string | null,
): DrillFilter[] {
  return drillFilters([
    cell.x ? drillFilter(cell.x, cell.xValue, text.x, grain) : null,
    cell.y ? drillFilter(cell.y, cell.yValue, text.y) : null,
  ]);
}

type Cell = { x: string; y: string; value: number | null };

/** The y dimension: the first of `groupby` (a list, or one column in older form data). */
function yColumnOf(formData: QueryFormData): QueryColumn | null {
  const g: unknown = formData.groupby;
  const first: unknown = Array.isArray(g) ? g[0] : g;
  return (first ?? null) as QueryColumn | null;
}

function sortAxis(values: string[], cellsOf: (v: string) => number[], how: string): string[] {
  const sum = (v: string) => cellsOf(v).reduce((s, n) => s + n, 0);
  const out = [...values];
  if (how === 'alpha_desc') out.sort((a, b) => b.localeCompare(a, undefined, { numeric: true }));
  else if (how === 'value_asc') out.sort((a, b) => sum(a) - sum(b));
  else if (how === 'value_desc') out.sort((a, b) => sum(b) - sum(a));
  else out.sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
  return out;
}

/** Each cell's share between its group's minimum and maximum (0 to 1). */
export function normalizedCells(cells: Cell[], across: string): number[] {
  const key = (c: Cell) => (across === 'x' ? c.x : across === 'y' ? c.y : '');
  const ranges = new Map<string, [number, number]>();
  for (const c of cells) {
    if (c.value === null) continue;
    const r = ranges.get(key(c)) ?? [Infinity, -Infinity];
    ranges.set(key(c), [Math.min(r[0], c.value), Math.max(r[1], c.value)]);
  }
  return cells.map((c) => {
    const r = ranges.get(key(c));
    if (c.value === null || !r) return 0;
    return r[1] === r[0] ? 1 : (c.value - r[0]) / (r[1] - r[0]);
  });
}

export function transformHeatmap(chartProps: ChartProps): HeatmapProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const x = xAxisColumn(formData);
  const xLabel = x ? getColumnLabel(x) : '';
  const yCol = yColumnOf(formData);
  const yLabel = yCol ? getColumnLabel(yCol) : '';
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const xTemporal = result.coltypes[result.colnames.indexOf(xLabel)] === GenericDataType.TEMPORAL;
  const timeFormat = getTimeFormatter(formData.x_axis_time_format as string | undefined);
  const format = getNumberFormatter(formData.y_axis_format as string | undefined);
  const text = (v: unknown, temporal: boolean) =>
    temporal && typeof v === 'number' ? timeFormat(v) : String(v ?? 'NULL');
  const cells: Cell[] = result.data.map((r) => ({
    x: text(r[xLabel], xTemporal),
    y: text(r[yLabel], false),
    value:
      typeof r[metric] === 'number'
        ? (r[metric] as number)
        : r[metric] === null
          ? null
          : Number(r[metric]),
  }));
  const byX = (v: string) => cells.filter((c) => c.x === v).map((c) => c.value ?? 0);
  const byY = (v: string) => cells.filter((c) => c.y === v).map((c) => c.value ?? 0);
  // Temporal x values keep their order of time unless asked to sort by value.
  const xsRaw = [...new Set(cells.map((c) => c.x))];
  const xs =
    xTemporal && String(formData.sort_x_axis ?? 'alpha_asc').startsWith('alpha')
      ? [...new Set(result.data.map((r) => r[xLabel] as number))]
          .sort((a, b) => a - b)
          .map((v) => text(v, true))
      : sortAxis(xsRaw, byX, String(formData.sort_x_axis ?? 'alpha_asc'));
  if (xTemporal && formData.sort_x_axis === 'alpha_desc') xs.reverse();
  const ys = sortAxis(
    [...new Set(cells.map((c) => c.y))],
    byY,
    String(formData.sort_y_axis ?? 'alpha_asc'),
  );
  const shares = normalizedCells(cells, String(formData.normalize_across ?? 'heatmap'));
  const colors = sequentialScheme(formData.linear_color_scheme as string | undefined).colors;
  const showPct = formData.show_percentage !== false;
  const pct = getNumberFormatter(',.1%');
  const data = cells.map((c, i) => [xs.indexOf(c.x), ys.indexOf(c.y), shares[i], c.value]);
  const extra = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  const grain = xTemporal
    ? extra?.time_grain_sqla || (formData.time_grain_sqla as string | undefined) || null
    : null;
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    empty: false,
    ...(onContextMenu
      ? {
          onCellContextMenu: (i: number, cx: number, cy: number) => {
            const row = result.data[i];
            const cell = cells[i];
            onContextMenu(
              cx,
              cy,
              row && cell
                ? heatmapCellDrill(
                    { x, y: yCol, xValue: row[xLabel], yValue: row[yLabel] },
                    cell,
                    grain,
                  )
                : [],
            );
          },
        }
      : {}),
    echartOptions: {
      grid: {
        left: 10,
        right: 10,
        top: 10,
        bottom: formData.show_legend !== false ? 90 : 10,
        containLabel: true,
      },
      tooltip: {
        appendToBody: true,
        formatter: (p: { value: [number, number, number, number | null] }) =>
          `${escapeHtml(xs[p.value[0]] ?? '')} × ${escapeHtml(ys[p.value[1]] ?? '')}<br/><b>${format(p.value[3])}</b>${showPct ? ` (${pct(p.value[2])})` : ''}`,
      },
      xAxis: { type: 'category', data: xs, splitArea: { show: true } },
      yAxis: { type: 'category', data: ys, splitArea: { show: true } },
      visualMap: {
        show: formData.show_legend !== false,
        min: 0,
        max: 1,
        dimension: 2,
        calculable: true,
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        inRange: { color: colors },
        formatter: (v: number) => pct(v),
      },
      series: [
        {
          type: 'heatmap',
          data,
          label: {
            show: formData.show_values === true,
            formatter: (p: { value: [number, number, number, number | null] }) =>
              format(p.value[3]),
          },
          emphasis: { itemStyle: { borderColor: '#333', borderWidth: 1 } },
        },
      ],
    },
  };
}

export const heatmapPlugin: ChartPlugin<QueryFormData, HeatmapProps> = {
  vizType: 'heatmap_v2',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => {
    const x = xAxisColumn(formData);
    const y = yColumnOf(formData);
    const metric = formData.metric as QueryMetric | undefined;
    return buildQueryContext(
      { ...formData, groupby: [] },
      (base) => [
        {
          ...base,
          columns: [...(x ? [x] : []), ...(y ? [y] : [])],
          metrics: metric ? [metric] : [],
          orderby: [],
        },
      ],
      options,
    );
  },
  transformProps: transformHeatmap,
};

/**
 * Gauge Chart: one needle (or progress ring) per dimension value on a dial from min to max
 * (defaults: 0 and the largest value), with the split number, angles, font size, progress,
 * pointer and coloured intervals of Superset's gauge.
 */
import {
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartMetadata, ChartPlugin, ChartProps, DrillFilter } from '../../plugin.js';
import { itemMenu, namedItemContextMenu, rowDrillFilters } from '../../drill.js';
import { buildQueryContext } from '../../query/build-query-context.js';

const metadata: ChartMetadata = {
  name: 'Gauge Chart',
  category: 'KPI',
  description:
    'Uses a gauge to showcase progress of a metric towards a target. The position of the dial represents the progress and the terminal value in the gauge represents the target value.',
  tags: ['Business', 'Comparison', 'ECharts', 'Report'],
  thumbnail:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#fff"/>' +
    '<path d="M30,80 A50,50 0 1,1 130,80" fill="none" stroke="#e8ecee" stroke-width="12"/>' +
    '<path d="M30,80 A50,50 0 0,1 110,40" fill="none" stroke="#1FA8C9" stroke-width="12"/>' +
    '<line x1="80" y1="80" x2="108" y2="50" stroke="#454E7C" stroke-width="4" stroke-linecap="round"/></svg>',
  behaviors: ['INTERACTIVE_CHART', 'DRILL_TO_DETAIL', 'DRILL_BY'],
};

const num = (
  label: string,
  def: number | null,
  extra: Partial<ControlConfig> = {},
): ControlConfig => ({
  type: 'TextControl',
  label,
  default: def,
  renderTrigger: true,
  props: { isFloat: true },
  ...extra,
});
const check = (label: string, def: boolean): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
});

const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10 } }],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'min_val',
            config: num('Min', 0, { description: 'Minimum value on the gauge axis' }),
          },
          {
            name: 'max_val',
            config: num('Max', null, { description: 'Maximum value on the gauge axis' }),
          },
        ],
        [
          { name: 'start_angle', config: num('Start angle', 225) },
          { name: 'end_angle', config: num('End angle', -45) },
        ],
        ['color_scheme'],
        [
          {
            name: 'font_size',
            config: {
              type: 'SliderControl',
              label: 'Font size',
              default: 15,
              renderTrigger: true,
              props: { min: 10, max: 20, step: 1 },
            },
          },
        ],
        [
          {
            name: 'number_format',
            config: {
              type: 'SelectControl',
              label: 'Number format',
              default: 'SMART_NUMBER',
              renderTrigger: true,
              props: { freeForm: true },
            },
          },
        ],
        [
          { name: 'show_pointer', config: check('Show pointer', true) },
          { name: 'animation', config: check('Animation', true) },
        ],
        [
          { name: 'show_axis_line_ticks', config: check('Show axis line ticks', false) },
          { name: 'show_split_line', config: check('Show split lines', false) },
        ],
        [
          {
            name: 'split_number',
            config: {
              type: 'SliderControl',
              label: 'Split number',
              default: 10,
              renderTrigger: true,
              props: { min: 3, max: 30, step: 1 },
            },
          },
        ],
        [
          { name: 'show_progress', config: check('Show progress', true) },
          { name: 'overlap', config: check('Overlap', true) },
          { name: 'round_cap', config: check('Round cap', false) },
        ],
        [
          {
            name: 'intervals',
            config: {
              type: 'TextControl',
              label: 'Interval bounds',
              default: '',
              renderTrigger: true,
              description:
                'Comma-separated interval bounds, e.g. 2,4,5 for intervals 0-2, 2-4 and 4-5. Last number should match the value provided for MAX.',
            },
          },
        ],
        [
          {
            name: 'interval_color_indices',
            config: {
              type: 'TextControl',
              label: 'Interval colors',
              default: '',
              renderTrigger: true,
              description:
                'Comma-separated color picks for the intervals, e.g. 1,2,4. Integers denote colors from the chosen color scheme and are 1-indexed.',
            },
          },
        ],
      ],
    },
  ],
};

export interface GaugeProps {
  width: number;
  height: number;
  echartOptions: Record<string, unknown>;
  empty: boolean;
  /** A right click on an item (its name): the page's drill menu with its groupby values. */
  onItemContextMenu?: (name: string, clientX: number, clientY: number) => void;
}

const numbers = (text: unknown): number[] =>
  String(text ?? '')
    .split(',')
    .map((t) => Number(t.trim()))
    .filter((n) => Number.isFinite(n) && String(text ?? '').trim() !== '');

export function transformGauge(chartProps: ChartProps): GaugeProps {
  const { width, height, formData, queriesData } = chartProps;
  const result = queriesData[0];
  if (!result || result.data.length === 0) return { width, height, echartOptions: {}, empty: true };
  const metric = getMetricLabel(formData.metric as QueryMetric);
  const groupbyColumns = (formData.groupby as QueryColumn[] | undefined) ?? [];
  const groupby = groupbyColumns.map(getColumnLabel);
  const drills = new Map<string, DrillFilter[]>();
  const scale = new CategoricalColorScale(
    formData.color_scheme as string | undefined,
    chartProps.labelColors,
  );
  const format = getNumberFormatter(formData.number_format as string | undefined);
  const values = result.data.map((r) => Number(r[metric] ?? 0));
  const min =
    Number.isFinite(Number(formData.min_val)) &&
    formData.min_val !== null &&
    formData.min_val !== ''
      ? Number(formData.min_val)
      : 0;
  const maxGiven = Number(formData.max_val);
  const max =
    formData.max_val !== null && formData.max_val !== '' && Number.isFinite(maxGiven)
      ? maxGiven
      : Math.max(...values, min + 1);
  const fontSize = Number(formData.font_size ?? 15);
  // Several values (a group by) share one dial: each one's name and value are stacked below
  // the centre, in its own colour, instead of all being drawn on the same spot.
  const titleStep = 2 * fontSize;
  const data = result.data.map((row, i) => {
    const name = groupby.map((g) => String(row[g] ?? 'NULL')).join(', ') || metric;
    drills.set(name, rowDrillFilters(groupbyColumns, row));
    const color = scale.getColor(name);
    const top = 20 + i * titleStep;
    return {
      name,
      value: values[i],
      itemStyle: { color },
      title: { offsetCenter: ['0%', `${top}%`], color },
      detail: { offsetCenter: ['0%', `${top + 0.8 * fontSize}%`], color },
    };
  });
  const bounds = numbers(formData.intervals);
  const picks = numbers(formData.interval_color_indices);
  const scheme = new CategoricalColorScale(formData.color_scheme as string | undefined);
  const intervalColors = bounds.map((b, i): [number, string] => [
    (b - min) / (max - min || 1),
    picks[i] ? scheme.getColor(`__interval_${picks[i]}`) : '#e8ecee',
  ]);
  const axisLine = {
    roundCap: formData.round_cap === true,
    lineStyle: { width: fontSize, ...(intervalColors.length ? { color: intervalColors } : {}) },
  };
  return {
    width,
    height,
    empty: false,
    ...itemMenu(namedItemContextMenu(chartProps.hooks?.onContextMenu, drills)),
    echartOptions: {
      animation: formData.animation !== false,
      tooltip: {
        trigger: 'item',
        appendToBody: true,
        formatter: (p: { name: string; value: number }) => `${p.name}: ${format(p.value)}`,
      },
      series: [
        {
          type: 'gauge',
          min,
          max,
          startAngle: Number(formData.start_angle ?? 225),
          endAngle: Number(formData.end_angle ?? -45),
          splitNumber: Number(formData.split_number ?? 10),
          progress: {
            show: formData.show_progress !== false,
            overlap: formData.overlap !== false,
            roundCap: formData.round_cap === true,
            width: fontSize,
          },
          pointer: { show: formData.show_pointer !== false },
          axisLine,
          axisTick: { show: formData.show_axis_line_ticks === true },
          splitLine: { show: formData.show_split_line === true },
          axisLabel: { fontSize, formatter: (v: number) => format(v) },
          title: { fontSize },
          detail: {
            fontSize: fontSize * 1.5,
            formatter: (v: number) => format(v),
            valueAnimation: true,
          },
          data,
        },
      ],
    },
  };
}

export const gaugePlugin: ChartPlugin<QueryFormData, GaugeProps> = {
  vizType: 'gauge_chart',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => buildQueryContext(formData, (base) => [base], options),
  transformProps: transformGauge,
};

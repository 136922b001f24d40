/** The Waterfall Chart's controls (Superset's sections: query, chart, series, x and y axes). */
import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '@strata/core';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';

const X_TICKS_LAYOUTS = ['auto', 'flat', '45°', '90°', 'staggered'];

const check = (label: string, def: boolean, description: string): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  description,
});
const color = (
  label: string,
  def: { r: number; g: number; b: number; a: number },
  description: string,
): ControlConfig => ({
  type: 'ColorPickerControl',
  label,
  default: def,
  renderTrigger: true,
  description,
});
const text = (label: string, placeholder: string, description?: string): ControlConfig => ({
  type: 'TextControl',
  label,
  default: '',
  renderTrigger: true,
  props: { placeholder },
  ...(description ? { description } : {}),
});

export const controlPanel: ControlPanelConfig = {
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
            override: {
              label: 'Breakdowns',
              description:
                'Breaks down the series by the category specified in this control. This can help viewers understand how each category affects the overall value.',
              default: null,
              props: { multi: false, clearable: true },
            },
          },
        ],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10000 } }],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'show_value',
            config: check('Show Values', false, 'Show series values on the chart'),
          },
        ],
        [
          {
            name: 'show_legend',
            config: check('Show legend', true, 'Whether to display a legend for the chart'),
          },
        ],
      ],
    },
    {
      label: 'Series settings',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'increase_color',
            config: color(
              'Increase color',
              { r: 90, g: 193, b: 137, a: 1 },
              'Select the color used for values that indicate an increase in the chart',
            ),
          },
          {
            name: 'increase_label',
            config: text(
              'Increase label',
              'Increase',
              'Customize the label displayed for increasing values in the chart tooltips and legend.',
            ),
          },
        ],
        [
          {
            name: 'decrease_color',
            config: color(
              'Decrease color',
              { r: 224, g: 67, b: 85, a: 1 },
              'Select the color used for values that indicate a decrease in the chart.',
            ),
          },
          {
            name: 'decrease_label',
            config: text(
              'Decrease label',
              'Decrease',
              'Customize the label displayed for decreasing values in the chart tooltips and legend.',
            ),
          },
        ],
        [
          {
            name: 'show_total',
            config: check('Show total', true, 'Display cumulative total at end'),
          },
        ],
        [
          {
            name: 'total_color',
            config: color(
              'Total color',
              { r: 102, g: 102, b: 102, a: 1 },
              'Select the color used for values that represent total bars in the chart',
            ),
          },
          {
            name: 'total_label',
            config: text(
              'Total label',
              'Total',
              'Customize the label displayed for total values in the chart tooltips, legend, and chart axis.',
            ),
          },
        ],
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      controlSetRows: [
        [{ name: 'x_axis_label', config: text('X Axis Label', '') }],
        [
          {
            name: 'x_axis_time_format',
            config: {
              type: 'SelectControl',
              label: 'Time format',
              default: 'smart_date',
              renderTrigger: true,
              props: { freeForm: true, choices: TIME_FORMAT_OPTIONS },
              description: 'D3 time format syntax: https://github.com/d3/d3-time-format.',
            },
          },
        ],
        [
          {
            name: 'x_ticks_layout',
            config: {
              type: 'SelectControl',
              label: 'X Tick Layout',
              default: 'auto',
              renderTrigger: true,
              props: { clearable: false, choices: X_TICKS_LAYOUTS.map((o) => [o, o]) },
              description: 'The way the ticks are laid out on the X-axis',
            },
          },
        ],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      controlSetRows: [
        [{ name: 'y_axis_label', config: text('Y Axis Label', '') }],
        [
          {
            name: 'y_axis_format',
            config: {
              type: 'SelectControl',
              label: 'Y Axis Format',
              default: 'SMART_NUMBER',
              renderTrigger: true,
              props: { freeForm: true, choices: NUMBER_FORMAT_OPTIONS },
              description: 'D3 format syntax: https://github.com/d3/d3-format',
            },
          },
        ],
      ],
    },
  ],
};

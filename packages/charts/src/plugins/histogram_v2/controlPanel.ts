import { GenericDataType, NUMBER_FORMAT_OPTIONS } from '@strata/core';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';
import { validateInteger, validateNonEmpty } from '../../control-panel/validators.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

const numberFormat = (label: string): ControlConfig =>
  render({
    type: 'SelectControl',
    label,
    default: 'SMART_NUMBER',
    props: { freeForm: true, choices: NUMBER_FORMAT_OPTIONS },
    description: 'D3 format syntax: https://github.com/d3/d3-format',
  });

export const BIN_CHOICES = [5, 10, 15, 20];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'column',
            config: {
              type: 'ColumnSelectControl',
              label: 'Column',
              description: 'Numeric column used to calculate the histogram.',
              default: null,
              validators: [validateNonEmpty],
              props: { multi: false },
              mapStateToProps: (state) => ({
                options: (state.datasource?.columns ?? []).filter(
                  (c) => c.type_generic === GenericDataType.NUMERIC,
                ),
              }),
            },
          },
        ],
        ['groupby'],
        ['adhoc_filters'],
        ['row_limit'],
        [
          {
            name: 'bins',
            config: {
              type: 'SelectControl',
              label: 'Bins',
              default: 5,
              validators: [validateInteger],
              props: { freeForm: true, choices: BIN_CHOICES.map((n) => [n, String(n)]) },
              description: 'The number of bins for the histogram',
            },
          },
        ],
        [
          {
            name: 'normalize',
            config: {
              type: 'CheckboxControl',
              label: 'Normalize',
              default: false,
              description:
                "Divides each bin's count by the total number of values, so the bars show proportions that add up to 1.",
            },
          },
        ],
        [
          {
            name: 'cumulative',
            config: {
              type: 'CheckboxControl',
              label: 'Cumulative',
              default: false,
              description:
                'Each bar shows the running total of the counts up to and including its bin.',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [
          {
            name: 'show_value',
            config: render({
              type: 'CheckboxControl',
              label: 'Show Values',
              default: false,
              description: 'Show the value of each bar on top of it',
            }),
          },
        ],
        [
          {
            name: 'show_legend',
            config: render({
              type: 'CheckboxControl',
              label: 'Show legend',
              default: true,
              description: 'Whether to display a legend for the chart',
            }),
          },
        ],
        [
          {
            name: 'x_axis_title',
            config: render({ type: 'TextControl', label: 'X Axis Title', default: '' }),
          },
        ],
        [{ name: 'x_axis_format', config: numberFormat('X Axis Format') }],
        [
          {
            name: 'y_axis_title',
            config: render({ type: 'TextControl', label: 'Y Axis Title', default: '' }),
          },
        ],
        [{ name: 'y_axis_format', config: numberFormat('Y Axis Format') }],
      ],
    },
  ],
  controlOverrides: {
    groupby: { description: 'Columns to group by: one histogram (series of bars) per group.' },
  },
};

import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '@strata/core';
import { legendOrientationRow, legendTypeRow } from '../../control-panel/legend-controls.js';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});
const isDonut = (s: { form_data: Record<string, unknown> }) => s.form_data.donut === true;
const showLabels = (s: { form_data: Record<string, unknown> }) => s.form_data.show_labels !== false;

export const LABEL_TYPES: Array<[string, string]> = [
  ['key', 'Category Name'],
  ['value', 'Value'],
  ['percent', 'Percentage'],
  ['key_value', 'Category and Value'],
  ['key_percent', 'Category and Percentage'],
  ['key_value_percent', 'Category, Value and Percentage'],
  ['value_percent', 'Value and Percentage'],
];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['groupby'],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 100 } }],
        [
          {
            name: 'sort_by_metric',
            config: {
              type: 'CheckboxControl',
              label: 'Sort by metric',
              default: true,
              description: 'Whether to sort results by the selected metric in descending order.',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [
          {
            name: 'show_labels_threshold',
            config: render({
              type: 'TextControl',
              label: 'Percentage threshold',
              default: 5,
              props: { isFloat: true },
              description: 'Minimum threshold in percentage points for showing labels.',
            }),
          },
        ],
        [
          {
            name: 'show_legend',
            config: render({ type: 'CheckboxControl', label: 'Show legend', default: true }),
          },
        ],
        legendTypeRow,
        legendOrientationRow,
        [
          {
            name: 'label_type',
            config: render({
              type: 'SelectControl',
              label: 'Label Type',
              default: 'key',
              props: { clearable: false, choices: LABEL_TYPES },
              description: 'What should be shown on the label?',
            }),
          },
        ],
        [
          {
            name: 'number_format',
            config: render({
              type: 'SelectControl',
              label: 'Number format',
              default: 'SMART_NUMBER',
              props: { freeForm: true, choices: NUMBER_FORMAT_OPTIONS },
            }),
          },
        ],
        [
          {
            name: 'date_format',
            config: render({
              type: 'SelectControl',
              label: 'Date format',
              default: 'smart_date',
              props: { freeForm: true, choices: TIME_FORMAT_OPTIONS },
            }),
          },
        ],
        [
          {
            name: 'show_labels',
            config: render({ type: 'CheckboxControl', label: 'Show labels', default: true }),
          },
        ],
        [
          {
            name: 'labels_outside',
            config: render({
              type: 'CheckboxControl',
              label: 'Put labels outside',
              default: true,
              visibility: showLabels,
            }),
          },
        ],
        [
          {
            name: 'label_line',
            config: render({
              type: 'CheckboxControl',
              label: 'Label Line',
              default: false,
              visibility: showLabels,
              description: 'Draw line from Pie to label when labels outside?',
            }),
          },
        ],
        [
          {
            name: 'show_total',
            config: render({
              type: 'CheckboxControl',
              label: 'Show Total',
              default: false,
              description: 'Whether to display the aggregate count',
            }),
          },
        ],
        [
          {
            name: 'outerRadius',
            config: render({
              type: 'SliderControl',
              label: 'Outer Radius',
              default: 70,
              props: { min: 10, max: 100, step: 1 },
            }),
          },
        ],
        [
          {
            name: 'donut',
            config: render({
              type: 'CheckboxControl',
              label: 'Donut',
              default: false,
              description: 'Do you want a donut or a pie?',
            }),
          },
        ],
        [
          {
            name: 'innerRadius',
            config: render({
              type: 'SliderControl',
              label: 'Inner Radius',
              default: 30,
              props: { min: 0, max: 100, step: 1 },
              visibility: isDonut,
            }),
          },
        ],
      ],
    },
  ],
};

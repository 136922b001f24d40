/** The World Map's controls (Superset's: query, bubbles and colours, number format). */
import { NUMBER_FORMAT_OPTIONS } from '@strata/core';
import type { ControlPanelConfig } from '../../control-panel/types.js';

export const COUNTRY_FIELD_TYPES: Array<[string, string]> = [
  ['name', 'Full name'],
  ['cioc', 'Country code (IOC)'],
  ['cca2', 'Code ISO 3166-1 alpha-2 (cca2)'],
  ['cca3', 'Code ISO 3166-1 alpha-3 (cca3)'],
];

const byMetric = (s: { form_data: Record<string, unknown> }) =>
  (s.form_data.color_by ?? 'metric') === 'metric';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'entity',
            override: { label: 'Country Column', description: '3 letter code of the country' },
          },
        ],
        [
          {
            name: 'country_fieldtype',
            config: {
              type: 'SelectControl',
              label: 'Country Field Type',
              default: 'cca2',
              props: { clearable: false, choices: COUNTRY_FIELD_TYPES },
              description:
                'The country code standard that Superset should expect to find in the [country] column',
            },
          },
        ],
        ['metric'],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10000 } }],
        [
          {
            name: 'sort_by_metric',
            config: {
              type: 'CheckboxControl',
              label: 'Sort by metric',
              default: false,
              description: 'Whether to sort results by the selected metric in descending order.',
            },
          },
        ],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'show_bubbles',
            config: {
              type: 'CheckboxControl',
              label: 'Show Bubbles',
              default: false,
              renderTrigger: true,
              description: 'Whether to display bubbles on top of countries',
            },
          },
        ],
        [
          {
            name: 'secondary_metric',
            override: {
              label: 'Bubble Size',
              description: 'Metric that defines the size of the bubble',
            },
          },
        ],
        [
          {
            name: 'max_bubble_size',
            config: {
              type: 'SelectControl',
              label: 'Max Bubble Size',
              default: '25',
              renderTrigger: true,
              props: {
                freeForm: true,
                choices: ['5', '10', '15', '25', '50', '75', '100'].map((n) => [n, n]),
              },
            },
          },
        ],
        [
          {
            name: 'color_picker',
            config: {
              type: 'ColorPickerControl',
              label: 'Bubble Color',
              default: { r: 0, g: 122, b: 135, a: 1 },
              renderTrigger: true,
            },
          },
        ],
        [
          {
            name: 'color_by',
            config: {
              type: 'RadioButtonControl',
              label: 'Color by',
              default: 'metric',
              renderTrigger: true,
              props: {
                choices: [
                  ['metric', 'Metric'],
                  ['country', 'Country'],
                ],
              },
              description:
                'Choose whether a country should be shaded by the metric, or assigned a color based on a categorical color palette',
            },
          },
        ],
        [
          {
            name: 'linear_color_scheme',
            override: { label: 'Country Color Scheme', visibility: byMetric },
          },
        ],
        [
          {
            name: 'color_scheme',
            override: { label: 'Country Color Scheme', visibility: (s) => !byMetric(s) },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'y_axis_format',
            config: {
              type: 'SelectControl',
              label: 'Number format',
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

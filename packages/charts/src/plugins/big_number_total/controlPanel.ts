import type { ControlPanelConfig } from '../../control-panel/types.js';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['metric'], ['adhoc_filters']],
    },
    {
      label: 'Display settings',
      expanded: true,
      tabOverride: 'data',
      controlSetRows: [
        [
          {
            name: 'subheader',
            config: {
              type: 'TextControl',
              label: 'Subheader',
              renderTrigger: true,
              default: '',
              description: 'Description text that shows up below your Big Number',
            },
          },
        ],
        [
          {
            name: 'header_font_size',
            config: {
              type: 'SelectControl',
              label: 'Big Number Font Size',
              renderTrigger: true,
              default: 0.4,
              props: {
                clearable: false,
                choices: [
                  [0.2, 'Tiny'],
                  [0.3, 'Small'],
                  [0.4, 'Normal'],
                  [0.5, 'Large'],
                  [0.6, 'Huge'],
                ],
              },
            },
          },
        ],
        [
          {
            name: 'subheader_font_size',
            config: {
              type: 'SelectControl',
              label: 'Subheader Font Size',
              renderTrigger: true,
              default: 0.15,
              props: {
                clearable: false,
                choices: [
                  [0.125, 'Tiny'],
                  [0.15, 'Small'],
                  [0.2, 'Normal'],
                  [0.3, 'Large'],
                  [0.4, 'Huge'],
                ],
              },
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['y_axis_format'],
        [
          {
            name: 'force_timestamp_formatting',
            config: {
              type: 'CheckboxControl',
              label: 'Force date format',
              renderTrigger: true,
              default: false,
              description: 'Use date formatting even when metric value is not a timestamp',
            },
          },
        ],
        ['x_axis_time_format'],
      ],
    },
  ],
  controlOverrides: {
    y_axis_format: { label: 'Number format' },
    x_axis_time_format: {
      label: 'Date format',
      visibility: (s) => s.form_data.force_timestamp_formatting === true,
    },
  },
};

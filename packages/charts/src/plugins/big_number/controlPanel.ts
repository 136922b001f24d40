import type { ControlPanelConfig } from '../../control-panel/types.js';
import { validateInteger } from '../../control-panel/validators.js';

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['x_axis'], ['time_grain_sqla'], ['metric'], ['adhoc_filters']],
    },
    {
      label: 'Options',
      expanded: true,
      tabOverride: 'data',
      controlSetRows: [
        [
          {
            name: 'compare_lag',
            config: {
              type: 'TextControl',
              label: 'Comparison Period Lag',
              default: '',
              props: { isInt: true },
              validators: [validateInteger],
              renderTrigger: true,
              description: 'Based on granularity, number of time periods to compare against',
            },
          },
          {
            name: 'compare_suffix',
            config: {
              type: 'TextControl',
              label: 'Comparison suffix',
              default: '',
              renderTrigger: true,
              description: 'Suffix to apply after the percentage display',
            },
          },
        ],
        [
          {
            name: 'show_timestamp',
            config: {
              type: 'CheckboxControl',
              label: 'Show Timestamp',
              default: false,
              renderTrigger: true,
              description: 'Whether to display the timestamp',
            },
          },
        ],
        [
          {
            name: 'show_trend_line',
            config: {
              type: 'CheckboxControl',
              label: 'Show Trend Line',
              default: true,
              renderTrigger: true,
              description: 'Whether to display the trend line',
            },
          },
        ],
        [
          {
            name: 'start_y_axis_at_zero',
            config: {
              type: 'CheckboxControl',
              label: 'Start y-axis at 0',
              default: true,
              renderTrigger: true,
              description:
                'Start y-axis at zero. Uncheck to start y-axis at minimum value in the data.',
            },
          },
        ],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [['color_scheme'], ['y_axis_format'], ['x_axis_time_format']],
    },
    {
      label: 'Advanced Analytics',
      expanded: false,
      tabOverride: 'data',
      controlSetRows: [['rolling_type'], ['rolling_periods', 'min_periods']],
    },
  ],
  controlOverrides: { x_axis_time_format: { label: 'Timestamp format' } },
};

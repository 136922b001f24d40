import { NUMBER_FORMAT_OPTIONS, TIME_FORMAT_OPTIONS } from '@strata/core';
import { defaultTemporalColumn } from '../../control-panel/shared-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlPanelState,
} from '../../control-panel/types.js';
import { validateNonEmpty } from '../../control-panel/validators.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

export const WHISKER_OPTIONS = [
  'Tukey',
  'Min/max (no outliers)',
  '2/98 percentiles',
  '9/91 percentiles',
];

export const X_TICKS_LAYOUTS = ['auto', 'flat', '45°', '90°', 'staggered'];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['columns'],
        ['groupby'],
        ['metrics'],
        ['adhoc_filters'],
        ['series_limit'],
        ['series_limit_metric'],
        [
          {
            name: 'whiskerOptions',
            config: {
              type: 'SelectControl',
              label: 'Whisker/outlier options',
              default: 'Tukey',
              description: 'Determines how whiskers and outliers are calculated.',
              props: {
                clearable: false,
                freeForm: true,
                choices: WHISKER_OPTIONS.map((o) => [o, o]),
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
        ['color_scheme'],
        [
          {
            name: 'x_ticks_layout',
            config: render({
              type: 'SelectControl',
              label: 'X Tick Layout',
              default: 'auto',
              description: 'The way the ticks are laid out on the X-axis',
              props: { clearable: false, choices: X_TICKS_LAYOUTS.map((o) => [o, o]) },
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
              description: 'D3 format syntax: https://github.com/d3/d3-format',
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
              description: 'D3 time format syntax: https://github.com/d3/d3-time-format',
              props: { freeForm: true, choices: TIME_FORMAT_OPTIONS },
            }),
          },
        ],
      ],
    },
  ],
  controlOverrides: {
    columns: {
      label: 'Distribute across',
      description: 'Columns to calculate distribution across.',
      validators: [validateNonEmpty],
      default: (state: ControlPanelState) => {
        const temporal = defaultTemporalColumn(state);
        return temporal ? [temporal] : [];
      },
    },
    groupby: {
      label: 'Dimensions',
      description: 'Categories to group by on the x-axis.',
    },
  },
};

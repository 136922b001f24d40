/**
 * Filter Box controls (Superset's legacy filter_box): the filters (a collection of filter-box
 * items), the date filter, time grain and time column pickers, instant filtering, and filters
 * narrowing the choices.
 */
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';

const check = (label: string, def: boolean, description: string): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  description,
});

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Filters configuration',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'filter_configs',
            config: {
              type: 'CollectionControl',
              label: 'Filters',
              description: 'Filter configuration for the filter box',
              default: [],
              props: { controlName: 'FilterBoxItemControl' },
            },
          },
        ],
        [
          {
            name: 'date_filter',
            config: check('Date filter', true, 'Whether to include a time filter'),
          },
        ],
        [
          {
            name: 'instant_filtering',
            config: check(
              'Instant filtering',
              true,
              'Check to apply filters instantly as they change instead of displaying [Apply] button',
            ),
          },
        ],
        [
          {
            name: 'show_sqla_time_granularity',
            config: check(
              'Show time grain dropdown',
              false,
              'Check to include time grain dropdown',
            ),
          },
        ],
        [
          {
            name: 'show_sqla_time_column',
            config: check('Show time column', false, 'Check to include time column dropdown'),
          },
        ],
        [
          {
            name: 'adhoc_filters',
            override: {
              label: 'Narrow the choices',
              description: 'Filters applied to the choices every filter of the box offers',
            },
          },
        ],
      ],
    },
  ],
};

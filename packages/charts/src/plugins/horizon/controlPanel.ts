/**
 * Horizon Chart controls (Superset's legacy horizon): the metrics over the time column and
 * grain, optional dimensions with a series limit, contribution, and the row height and value
 * domain of the bands.
 */
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { validateInteger, validateNonEmpty } from '../../control-panel/validators.js';

export const SERIES_HEIGHTS = ['10', '25', '40', '50', '75', '100', '150', '200'];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Time',
      expanded: true,
      controlSetRows: [['granularity_sqla'], ['time_grain_sqla'], ['time_range']],
    },
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [{ name: 'metrics', override: { validators: [validateNonEmpty] } }],
        ['adhoc_filters'],
        ['groupby'],
        [
          {
            name: 'limit',
            config: {
              type: 'SelectControl',
              label: 'Series limit',
              default: null,
              validators: [validateInteger],
              props: {
                freeForm: true,
                clearable: true,
                choices: [5, 10, 25, 50, 100, 500].map((n) => [n, String(n)]),
              },
              description: 'The most series to draw, ranked by the sort metric.',
            },
          },
          'timeseries_limit_metric',
        ],
        ['order_desc'],
        [
          {
            name: 'contribution',
            config: {
              type: 'CheckboxControl',
              label: 'Contribution',
              default: false,
              description: 'Draw each value as its share of the total at its time.',
            },
          },
        ],
        [{ name: 'row_limit', override: { default: 10000 } }],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'series_height',
            config: {
              type: 'SelectControl',
              label: 'Series Height',
              default: '25',
              renderTrigger: true,
              validators: [validateInteger],
              props: { freeForm: true, choices: SERIES_HEIGHTS.map((h) => [h, h]) },
              description: 'The height of each series’ row, in pixels.',
            },
          },
          {
            name: 'horizon_color_scale',
            config: {
              type: 'SelectControl',
              label: 'Value Domain',
              default: 'series',
              renderTrigger: true,
              props: {
                clearable: false,
                choices: [
                  ['series', 'series'],
                  ['overall', 'overall'],
                  ['change', 'change'],
                ],
              },
              description:
                'series: each series scaled to its own largest value; overall: one scale for all series; change: each series drawn as its change from its first value.',
            },
          },
        ],
      ],
    },
  ],
};

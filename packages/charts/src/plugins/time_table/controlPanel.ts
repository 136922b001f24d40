/**
 * Time-series Table controls (Superset's legacy time_table): metrics over the time column and
 * grain, optional dimensions with a series limit, and the column collection (each entry edited
 * by the time-series column control).
 */
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { validateNonEmpty } from '../../control-panel/validators.js';

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
              props: {
                freeForm: true,
                clearable: true,
                choices: [5, 10, 25, 50, 100, 500].map((n) => [n, String(n)]),
              },
              description: 'Limits the number of series that get displayed.',
            },
          },
        ],
        ['timeseries_limit_metric'],
        ['order_desc'],
        [{ name: 'row_limit', override: { default: 10000 } }],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'column_collection',
            config: {
              type: 'CollectionControl',
              label: 'Time series columns',
              default: [],
              renderTrigger: true,
              props: { controlName: 'TimeSeriesColumnControl' },
              validators: [validateNonEmpty],
            },
          },
        ],
        [
          {
            name: 'url',
            config: {
              type: 'TextControl',
              label: 'URL',
              default: '',
              renderTrigger: true,
              description:
                "Templated link, it's possible to include {{ metric }} or other values coming from the controls.",
            },
          },
        ],
      ],
    },
  ],
};

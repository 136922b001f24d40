/**
 * Pivot table controls (Superset's pivot_table_v2): rows and columns to group by, the metrics and
 * where they go (columns or rows), the aggregate function for totals, totals and subtotals on
 * either axis, transposing, the metric level's position, sort orders, value/date formats and
 * conditional formatting.
 */
import type {
  ControlPanelConfig,
  ControlPanelState,
  ControlSetItem,
} from '../../control-panel/types.js';
import { sharedControls } from '../../control-panel/shared-controls.js';
import { validateNonEmpty } from '../../control-panel/validators.js';
import { AGGREGATE_FUNCTIONS } from './aggregators.js';

const KEY_ORDERS: Array<[string, string]> = [
  ['key_a_to_z', 'key a-z'],
  ['key_z_to_a', 'key z-a'],
  ['value_z_to_a', 'value highest first'],
  ['value_a_to_z', 'value lowest first'],
];

const metricLabels = (s: ControlPanelState) =>
  ((s.form_data.metrics as unknown[] | undefined) ?? []).map((m) => {
    const label = typeof m === 'string' ? m : String((m as { label?: string }).label ?? '');
    return { value: label, label };
  });

const checkbox = (
  name: string,
  label: string,
  description: string,
  def = false,
): ControlSetItem => ({
  name,
  config: { type: 'CheckboxControl', label, description, default: def, renderTrigger: true },
});

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'groupbyColumns',
            config: {
              ...sharedControls.groupby!,
              label: 'Columns',
              description: 'Columns to group by on the columns',
            },
          },
        ],
        [
          {
            name: 'groupbyRows',
            config: {
              ...sharedControls.groupby!,
              label: 'Rows',
              description: 'Columns to group by on the rows',
            },
          },
        ],
        ['time_grain_sqla'],
        [{ name: 'metrics', override: { validators: [validateNonEmpty] } }],
        [
          {
            name: 'metricsLayout',
            config: {
              type: 'RadioButtonControl',
              label: 'Apply metrics on',
              default: 'COLUMNS',
              renderTrigger: true,
              props: {
                choices: [
                  ['COLUMNS', 'Columns'],
                  ['ROWS', 'Rows'],
                ],
              },
            },
          },
        ],
        ['adhoc_filters'],
        [
          {
            name: 'row_limit',
            override: {
              label: 'Cell limit',
              description: 'Limits the number of cells that get retrieved.',
              default: 10000,
            },
          },
        ],
        [
          {
            name: 'series_limit',
            override: {
              label: 'Series limit',
              description:
                'Limits the number of series that get displayed. A joined subquery (or an extra phase where subqueries are not supported) is applied to limit the number of series that get fetched and rendered. This feature is useful when grouping by high cardinality column(s) though does increase the query complexity and cost.',
            },
          },
        ],
        ['series_limit_metric'],
        ['order_desc'],
      ],
    },
    {
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'valueFormat',
            config: {
              type: 'SelectControl',
              label: 'Value format',
              default: 'SMART_NUMBER',
              renderTrigger: true,
              props: { freeForm: true },
            },
          },
        ],
        [
          {
            name: 'date_format',
            config: {
              type: 'SelectControl',
              label: 'Date format',
              default: 'smart_date',
              renderTrigger: true,
              props: { freeForm: true },
            },
          },
        ],
        [
          {
            name: 'aggregateFunction',
            config: {
              type: 'SelectControl',
              label: 'Aggregation function',
              default: 'Sum',
              renderTrigger: true,
              description:
                'Aggregate function to apply when pivoting and computing the total rows and columns',
              props: { clearable: false, choices: AGGREGATE_FUNCTIONS.map((f) => [f, f]) },
            },
          },
        ],
        [checkbox('rowTotals', 'Show rows total', 'Display row level total')],
        [checkbox('rowSubTotals', 'Show rows subtotal', 'Display row level subtotal')],
        [checkbox('colTotals', 'Show columns total', 'Display column level total')],
        [checkbox('colSubTotals', 'Show columns subtotal', 'Display column level subtotal')],
        [checkbox('transposePivot', 'Transpose pivot', 'Swap rows and columns')],
        [
          checkbox(
            'combineMetric',
            'Combine metrics',
            'Display metrics side by side within each column, as opposed to each column being displayed side by side for each metric.',
          ),
        ],
        [
          {
            name: 'rowOrder',
            config: {
              type: 'SelectControl',
              label: 'Rows sort by',
              default: 'key_a_to_z',
              renderTrigger: true,
              props: { clearable: false, choices: KEY_ORDERS },
            },
          },
        ],
        [
          {
            name: 'colOrder',
            config: {
              type: 'SelectControl',
              label: 'Cols sort by',
              default: 'key_a_to_z',
              renderTrigger: true,
              props: { clearable: false, choices: KEY_ORDERS },
            },
          },
        ],
        [
          {
            name: 'conditional_formatting',
            config: {
              type: 'ConditionalFormattingControl',
              label: 'Conditional formatting',
              default: [],
              renderTrigger: true,
              description: 'Apply conditional color formatting to metrics',
              mapStateToProps: (s) => ({ columnOptions: metricLabels(s) }),
            },
          },
        ],
      ],
    },
  ],
};

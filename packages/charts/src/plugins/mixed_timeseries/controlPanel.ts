/**
 * Mixed Chart controls (Superset's sections): the shared x axis, Query A and Query B (each with
 * its metrics, dimensions, filters, limits and advanced analytics), annotations, and the chart
 * options with one style block per query and a primary and secondary y axis.
 */
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlSetRow,
} from '../../control-panel/types.js';
import { sharedControls } from '../../control-panel/shared-controls.js';
import { validateInteger } from '../../control-panel/validators.js';

const shared = (name: string): ControlConfig => sharedControls[name]!;
const check = (label: string, def: boolean, description?: string): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  ...(description ? { description } : {}),
});

function queryRows(s: string): ControlSetRow[] {
  return [
    [
      {
        name: `metrics${s}`,
        config: s ? { ...shared('metrics'), validators: [] } : shared('metrics'),
      },
    ],
    [
      {
        name: `groupby${s}`,
        config: {
          ...shared('groupby'),
          label: 'Dimensions',
          description: 'One or many columns to group by. The series of the chart.',
        },
      },
    ],
    [{ name: `adhoc_filters${s}`, config: shared('adhoc_filters') }],
    [{ name: `limit${s}`, config: shared('series_limit') }],
    [{ name: `timeseries_limit_metric${s}`, config: shared('timeseries_limit_metric') }],
    [{ name: `order_desc${s}`, config: shared('order_desc') }],
    [
      {
        name: `row_limit${s}`,
        config: { ...shared('row_limit'), default: 10000, validators: [validateInteger] },
      },
    ],
    [{ name: `truncate_metric${s}`, config: shared('truncate_metric') }],
  ];
}

function analyticsRows(s: string): ControlSetRow[] {
  return [
    [{ name: `rolling_type${s}`, config: shared('rolling_type') }],
    [
      { name: `rolling_periods${s}`, config: shared('rolling_periods') },
      { name: `min_periods${s}`, config: shared('min_periods') },
    ],
    [{ name: `time_compare${s}`, config: shared('time_compare') }],
    [{ name: `comparison_type${s}`, config: shared('comparison_type') }],
    [
      { name: `resample_rule${s}`, config: shared('resample_rule') },
      { name: `resample_method${s}`, config: shared('resample_method') },
    ],
  ];
}

function styleRows(s: string): ControlSetRow[] {
  return [
    [
      {
        name: `seriesType${s}`,
        config: {
          type: 'SelectControl',
          label: 'Series type',
          default: 'line',
          renderTrigger: true,
          props: {
            clearable: false,
            choices: [
              ['line', 'Line'],
              ['scatter', 'Scatter'],
              ['smooth', 'Smooth Line'],
              ['bar', 'Bar'],
              ['start', 'Step - start'],
              ['middle', 'Step - middle'],
              ['end', 'Step - end'],
            ],
          },
        },
      },
    ],
    [{ name: `stack${s}`, config: check('Stack series', false) }],
    [
      {
        name: `area${s}`,
        config: check(
          'Area chart',
          false,
          'Draw area under curves. Only applicable for line types.',
        ),
      },
    ],
    [
      {
        name: `show_value${s}`,
        config: check(
          'Show Values',
          false,
          'Whether to display the numerical values within the cells',
        ),
      },
    ],
    [
      {
        name: `opacity${s}`,
        config: {
          type: 'SliderControl',
          label: 'Opacity',
          default: 0.2,
          renderTrigger: true,
          props: { min: 0, max: 1, step: 0.1 },
          description: 'Opacity of area chart.',
        },
      },
    ],
    [
      {
        name: `markerEnabled${s}`,
        config: check(
          'Marker',
          false,
          'Draw a marker on data points. Only applicable for line types.',
        ),
      },
    ],
    [
      {
        name: `markerSize${s}`,
        config: {
          type: 'SliderControl',
          label: 'Marker size',
          default: 6,
          renderTrigger: true,
          props: { min: 0, max: 100, step: 1 },
          description: 'Size of marker. Also applies to forecast observations.',
        },
      },
    ],
    [
      {
        name: `yAxisIndex${s}`,
        config: {
          type: 'SelectControl',
          label: 'Y Axis',
          default: 0,
          renderTrigger: true,
          props: {
            clearable: false,
            choices: [
              [0, 'Primary'],
              [1, 'Secondary'],
            ],
          },
          description: 'Primary or secondary y-axis',
        },
      },
    ],
  ];
}

const text = (label: string): ControlConfig => ({
  type: 'TextControl',
  label,
  default: '',
  renderTrigger: true,
});
const bounds = (label: string): ControlConfig => ({
  type: 'BoundsControl',
  label,
  default: [null, null],
  renderTrigger: true,
  description:
    'Bounds for the Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data.',
});

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Shared query fields',
      expanded: true,
      controlSetRows: [['x_axis'], ['time_grain_sqla']],
    },
    { label: 'Query A', expanded: true, controlSetRows: queryRows('') },
    { label: 'Query B', expanded: true, controlSetRows: queryRows('_b') },
    {
      label: 'Annotations and Layers',
      expanded: false,
      tabOverride: 'data',
      controlSetRows: [['annotation_layers']],
    },
    {
      label: 'Advanced analytics Query A',
      expanded: false,
      tabOverride: 'data',
      controlSetRows: analyticsRows(''),
    },
    {
      label: 'Advanced analytics Query B',
      expanded: false,
      tabOverride: 'data',
      controlSetRows: analyticsRows('_b'),
    },
    {
      label: 'Chart options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [{ name: 'zoomable', config: check('Data zoom', false, 'Enable data zooming controls') }],
        [
          {
            name: 'show_legend',
            config: check('Show legend', true, 'Whether to display a legend for the chart'),
          },
        ],
        [
          {
            name: 'rich_tooltip',
            config: check(
              'Rich tooltip',
              true,
              'Shows a list of all series available at that point in time',
            ),
          },
        ],
      ],
    },
    { label: 'Query A', expanded: false, tabOverride: 'customize', controlSetRows: styleRows('') },
    { label: 'Query B', expanded: false, tabOverride: 'customize', controlSetRows: styleRows('B') },
    {
      label: 'X Axis',
      expanded: true,
      tabOverride: 'customize',
      controlSetRows: [
        [{ name: 'x_axis_title', config: text('X Axis Title') }],
        ['x_axis_time_format'],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      tabOverride: 'customize',
      controlSetRows: [
        [{ name: 'y_axis_title', config: text('Primary y-axis Title') }],
        ['y_axis_format'],
        [
          {
            name: 'logAxis',
            config: check('Logarithmic y-axis', false, 'Logarithmic scale on primary y-axis'),
          },
        ],
        [{ name: 'y_axis_bounds', config: bounds('Primary y-axis Bounds') }],
        [{ name: 'y_axis_title_secondary', config: text('Secondary y-axis title') }],
        [
          {
            name: 'y_axis_format_secondary',
            config: { ...shared('y_axis_format'), label: 'Secondary y-axis format' },
          },
        ],
        [
          {
            name: 'logAxisSecondary',
            config: check('Logarithmic y-axis', false, 'Logarithmic scale on secondary y-axis'),
          },
        ],
        [{ name: 'y_axis_bounds_secondary', config: bounds('Secondary y-axis Bounds') }],
      ],
    },
  ],
};

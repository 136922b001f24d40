/**
 * The control panel of the ECharts time-series family (Superset's sections): Query, Advanced
 * analytics, Annotations and layers, and Chart options (series style, legend, axes, tooltip).
 */
import { legendOrientationRow, legendTypeRow } from '../../control-panel/legend-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlSetRow,
} from '../../control-panel/types.js';
import { validateInteger } from '../../control-panel/validators.js';
import { xAxisSortRows } from './xAxisSort.js';

const check = (label: string, def: boolean, description?: string): ControlConfig => ({
  type: 'CheckboxControl',
  label,
  default: def,
  renderTrigger: true,
  ...(description ? { description } : {}),
});
const text = (label: string, def = ''): ControlConfig => ({
  type: 'TextControl',
  label,
  default: def,
  renderTrigger: true,
});

export interface TimeseriesPanelOptions {
  /** The series types offered (line, scatter, smooth, bar, start, middle, end). */
  seriesType?: string;
  /** Area chart: filled, with opacity. */
  area?: boolean;
  /** Bars: orientation and stacking. */
  bar?: boolean;
  /** Stepped line: where the step is. */
  step?: boolean;
  markers?: boolean;
}

export function timeseriesControlPanel(options: TimeseriesPanelOptions = {}): ControlPanelConfig {
  const styleRows: ControlSetRow[] = [];
  if (options.step)
    styleRows.push([
      {
        name: 'seriesType',
        config: {
          type: 'SelectControl',
          label: 'Step type',
          default: 'start',
          renderTrigger: true,
          props: {
            clearable: false,
            choices: [
              ['start', 'Start'],
              ['middle', 'Middle'],
              ['end', 'End'],
            ],
          },
          description:
            'Defines whether the step should appear at the beginning, middle or end between two data points',
        },
      },
    ]);
  if (options.bar)
    styleRows.push([
      {
        name: 'orientation',
        config: {
          type: 'RadioButtonControl',
          label: 'Bar orientation',
          default: 'vertical',
          renderTrigger: true,
          props: {
            choices: [
              ['vertical', 'Vertical'],
              ['horizontal', 'Horizontal'],
            ],
          },
        },
      },
    ]);
  styleRows.push([
    { name: 'stack', config: check('Stacked series', false, 'Stack series on top of each other') },
  ]);
  if (options.area)
    styleRows.push([
      {
        name: 'opacity',
        config: {
          type: 'SliderControl',
          label: 'Area chart opacity',
          default: 0.2,
          renderTrigger: true,
          props: { min: 0, max: 1, step: 0.1 },
        },
      },
    ]);
  if (options.markers !== false && !options.bar)
    styleRows.push(
      [
        {
          name: 'markerEnabled',
          config: check(
            'Marker',
            false,
            'Draw a marker on data points. Only applicable for line types.',
          ),
        },
      ],
      [
        {
          name: 'markerSize',
          config: {
            type: 'SliderControl',
            label: 'Marker size',
            default: 6,
            renderTrigger: true,
            props: { min: 0, max: 20, step: 1 },
            visibility: (s) => s.form_data.markerEnabled === true,
          },
        },
      ],
    );
  return {
    controlPanelSections: [
      {
        label: 'Query',
        expanded: true,
        controlSetRows: [
          ['x_axis'],
          ['time_grain_sqla'],
          ...xAxisSortRows,
          ['metrics'],
          [
            {
              name: 'groupby',
              override: {
                label: 'Dimensions',
                description: 'One or many columns to group by. The series of the chart.',
              },
            },
          ],
          [
            {
              name: 'contributionMode',
              config: {
                type: 'SelectControl',
                label: 'Contribution mode',
                default: null,
                props: {
                  clearable: true,
                  choices: [
                    ['row', 'Row'],
                    ['column', 'Series'],
                  ],
                },
                description: 'Calculate contribution per series or row',
              },
            },
          ],
          ['adhoc_filters'],
          ['series_limit'],
          ['series_limit_metric'],
          ['order_desc'],
          ['row_limit'],
          ['truncate_metric'],
          ['show_empty_columns'],
        ],
      },
      {
        label: 'Advanced analytics',
        expanded: false,
        tabOverride: 'data',
        description:
          'This section contains options that allow for advanced analytical post processing of query results',
        controlSetRows: [
          ['rolling_type'],
          ['rolling_periods', 'min_periods'],
          ['time_compare'],
          ['comparison_type'],
          ['resample_rule', 'resample_method'],
        ],
      },
      {
        label: 'Annotations and layers',
        expanded: false,
        tabOverride: 'data',
        controlSetRows: [['annotation_layers']],
      },
      {
        label: 'Chart options',
        expanded: true,
        controlSetRows: [
          ['color_scheme'],
          ...styleRows,
          [{ name: 'zoomable', config: check('Data zoom', false, 'Enable data zooming controls') }],
          [
            {
              name: 'show_legend',
              config: check('Show legend', true, 'Whether to display a legend for the chart'),
            },
          ],
          legendTypeRow,
          legendOrientationRow,
          [{ name: 'x_axis_title', config: text('X Axis Title') }],
          [{ name: 'y_axis_title', config: text('Y Axis Title') }],
          ['x_axis_time_format'],
          ['y_axis_format'],
          [{ name: 'logAxis', config: check('Logarithmic y-axis', false, 'Logarithmic y-axis') }],
          [
            {
              name: 'y_axis_bounds',
              config: {
                type: 'BoundsControl',
                label: 'Y Axis Bounds',
                default: [null, null],
                renderTrigger: true,
                description:
                  'Bounds for the Y-axis. When left empty, the bounds are dynamically defined based on the min/max of the data.',
              },
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
          [
            {
              name: 'tooltipSortByMetric',
              config: {
                ...check(
                  'Tooltip sort by metric',
                  false,
                  'Whether to sort tooltip by the selected metric in descending order.',
                ),
                visibility: (s) => s.form_data.rich_tooltip !== false,
              },
            },
          ],
        ],
      },
    ],
    controlOverrides: {
      row_limit: { default: 10000, validators: [validateInteger] },
    },
  };
}

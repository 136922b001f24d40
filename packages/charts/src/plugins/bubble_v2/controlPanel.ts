import { legendOrientationRow, legendTypeRow } from '../../control-panel/legend-controls.js';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';
import { sharedControl } from '../../control-panel/shared-controls.js';
import { validateNonEmpty } from '../../control-panel/validators.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

/** A single metric control (the shared `metric` with its own label and description). */
const metricControl = (label: string, description: string, required = true): ControlConfig => ({
  ...sharedControl('metric')!,
  label,
  description,
  validators: required ? [validateNonEmpty] : [],
  ...(required ? {} : { props: { multi: false, clearable: true } }),
});

const numberFormat = (label: string): ControlConfig => ({
  ...sharedControl('y_axis_format')!,
  label,
});

export const MAX_BUBBLE_SIZES = ['5', '10', '15', '25', '50', '75', '100'];
export const TITLE_MARGINS = [15, 30, 50, 75, 100, 125, 150, 200];

const titleMargin = (label: string): ControlConfig =>
  render({
    type: 'SelectControl',
    label,
    default: 30,
    props: { freeForm: true, clearable: true, choices: TITLE_MARGINS.map((n) => [n, String(n)]) },
  });

const checkbox = (label: string, defaultValue: boolean, description?: string): ControlConfig =>
  render({
    type: 'CheckboxControl',
    label,
    default: defaultValue,
    ...(description ? { description } : {}),
  });

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'series',
            override: {
              description:
                'Defines the grouping of entities. Each series is represented by a specific color in the chart.',
            },
          },
        ],
        ['entity'],
        [
          {
            name: 'x',
            config: metricControl(
              'X Axis',
              "The dataset column/metric that returns the values on your chart's x-axis.",
            ),
          },
        ],
        [
          {
            name: 'y',
            config: metricControl(
              'Y Axis',
              "The dataset column/metric that returns the values on your chart's y-axis.",
            ),
          },
        ],
        ['adhoc_filters'],
        [
          {
            name: 'size',
            config: metricControl('Bubble Size', 'Metric used to calculate bubble size'),
          },
        ],
        [
          {
            name: 'orderby',
            config: metricControl(
              'Sort by',
              'This metric is used to define row selection criteria (how the rows are sorted) if a row limit is present.',
              false,
            ),
          },
        ],
        [
          {
            name: 'order_desc',
            override: { visibility: (s) => Boolean(s.form_data.orderby) },
          },
        ],
        ['row_limit'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      tabOverride: 'customize',
      controlSetRows: [
        ['color_scheme'],
        [{ name: 'show_legend', config: checkbox('Show legend', true) }],
        legendTypeRow,
        legendOrientationRow,
        [
          {
            name: 'max_bubble_size',
            config: render({
              type: 'SelectControl',
              label: 'Max Bubble Size',
              default: '25',
              props: { freeForm: true, choices: MAX_BUBBLE_SIZES.map((n) => [n, n]) },
            }),
          },
        ],
        [{ name: 'tooltipSizeFormat', config: numberFormat('Bubble size number format') }],
        [
          {
            name: 'opacity',
            config: render({
              type: 'SliderControl',
              label: 'Bubble Opacity',
              default: 0.6,
              props: { min: 0, max: 1, step: 0.1 },
              description: 'Opacity of bubbles, 0 means completely transparent, 1 means opaque',
            }),
          },
        ],
      ],
    },
    {
      label: 'X Axis',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'x_axis_label',
            config: render({ type: 'TextControl', label: 'X Axis Title', default: '' }),
          },
        ],
        [{ name: 'x_axis_title_margin', config: titleMargin('X Axis Title Margin') }],
        [{ name: 'xAxisFormat', config: numberFormat('X Axis Format') }],
        [{ name: 'logXAxis', config: checkbox('Logarithmic x-axis', false, 'Logarithmic x-axis') }],
      ],
    },
    {
      label: 'Y Axis',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'y_axis_label',
            config: render({ type: 'TextControl', label: 'Y Axis Title', default: '' }),
          },
        ],
        [{ name: 'y_axis_title_margin', config: titleMargin('Y Axis Title Margin') }],
        [{ name: 'y_axis_format', override: { label: 'Y Axis Format' } }],
        [{ name: 'logYAxis', config: checkbox('Logarithmic y-axis', false, 'Logarithmic y-axis') }],
      ],
    },
  ],
};

import { dateFormatRow, numberFormatRow } from '../../control-panel/format-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlPanelState,
} from '../../control-panel/types.js';
import { HIERARCHY_LABEL_TYPES } from '../treemap_v2/tree.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

/** Colour by the secondary/primary ratio: a secondary metric other than the primary is set. */
export function colorsByRatio(formData: Record<string, unknown>): boolean {
  const secondary = formData.secondary_metric;
  if (secondary === null || secondary === undefined || secondary === '') return false;
  return JSON.stringify(secondary) !== JSON.stringify(formData.metric);
}

const byRatio = (s: ControlPanelState) => colorsByRatio(s.form_data);

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['columns'],
        ['metric'],
        ['secondary_metric'],
        ['adhoc_filters'],
        ['row_limit'],
        [
          {
            name: 'sort_by_metric',
            config: {
              type: 'CheckboxControl',
              label: 'Sort by metric',
              default: true,
              description: 'Whether to sort results by the selected metric in descending order.',
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
        ['linear_color_scheme'],
        [
          {
            name: 'show_labels',
            config: render({
              type: 'CheckboxControl',
              label: 'Show Labels',
              default: true,
              description: 'Whether to display the labels.',
            }),
          },
        ],
        [
          {
            name: 'show_labels_threshold',
            config: render({
              type: 'TextControl',
              label: 'Percentage threshold',
              default: 5,
              props: { isFloat: true },
              description: 'Minimum threshold in percentage points for showing labels.',
            }),
          },
        ],
        [
          {
            name: 'show_total',
            config: render({
              type: 'CheckboxControl',
              label: 'Show Total',
              default: false,
              description: 'Whether to display the aggregate count',
            }),
          },
        ],
        [
          {
            name: 'label_type',
            config: render({
              type: 'SelectControl',
              label: 'Label Type',
              default: 'key',
              props: { clearable: false, choices: HIERARCHY_LABEL_TYPES },
              description: 'What should be shown on the label?',
            }),
          },
        ],
        numberFormatRow,
        dateFormatRow,
      ],
    },
  ],
  controlOverrides: {
    columns: {
      label: 'Hierarchy',
      description:
        'Sets the hierarchy levels of the chart. Each level is one ring, the innermost circle being the top of the hierarchy.',
    },
    metric: {
      label: 'Primary Metric',
      description: 'The primary metric is used to define the arc segment sizes',
    },
    secondary_metric: {
      label: 'Secondary Metric',
      default: null,
      description:
        '[optional] this secondary metric is used to define the color as a ratio against the primary metric. When omitted, the color is categorical and based on labels',
    },
    color_scheme: {
      description: 'When only a primary metric is provided, a categorical color scale is used.',
      visibility: (s) => !byRatio(s),
    },
    linear_color_scheme: {
      description: 'When a secondary metric is provided, a linear color scale is used.',
      visibility: byRatio,
    },
  },
};

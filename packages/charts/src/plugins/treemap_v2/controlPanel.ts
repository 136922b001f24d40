import { dateFormatRow, numberFormatRow } from '../../control-panel/format-controls.js';
import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';
import { HIERARCHY_LABEL_TYPES } from './tree.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'groupby',
            override: {
              label: 'Dimensions',
              description: 'The hierarchy levels, from the outermost rectangles inwards.',
            },
          },
        ],
        ['metric'],
        [{ name: 'row_limit', override: { default: 10000 } }],
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
        ['adhoc_filters'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
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
            name: 'show_upper_labels',
            config: render({
              type: 'CheckboxControl',
              label: 'Show Upper Labels',
              default: true,
              description: 'Show labels when the node has children.',
            }),
          },
        ],
        [
          {
            name: 'label_type',
            config: render({
              type: 'SelectControl',
              label: 'Label Type',
              default: 'key_value',
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
};

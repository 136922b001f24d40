import type { ControlConfig, ControlPanelConfig } from '../../control-panel/types.js';
import { validateInteger, validateNonEmpty } from '../../control-panel/validators.js';

const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});

export const ROTATIONS: Array<[string, string]> = [
  ['random', 'random'],
  ['flat', 'flat'],
  ['square', 'square'],
];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        ['series'],
        ['metric'],
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
      label: 'Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'size_from',
            config: render({
              type: 'TextControl',
              label: 'Minimum Font Size',
              default: 10,
              validators: [validateInteger],
              props: { isInt: true },
              description: 'Font size for the smallest value in the list',
            }),
          },
          {
            name: 'size_to',
            config: render({
              type: 'TextControl',
              label: 'Maximum Font Size',
              default: 70,
              validators: [validateInteger],
              props: { isInt: true },
              description: 'Font size for the biggest value in the list',
            }),
          },
        ],
        [
          {
            name: 'rotation',
            config: render({
              type: 'SelectControl',
              label: 'Word Rotation',
              default: 'square',
              props: { clearable: false, choices: ROTATIONS },
              description: 'Rotation to apply to words in the cloud',
            }),
          },
        ],
        ['color_scheme'],
      ],
    },
  ],
  controlOverrides: {
    series: { validators: [validateNonEmpty], props: { multi: false, clearable: false } },
    row_limit: { default: 100 },
  },
};

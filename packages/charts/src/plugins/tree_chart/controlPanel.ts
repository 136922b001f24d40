/** Tree Chart controls: Superset's form-data names (camelCase for symbol size), labels and defaults. */
import { sharedControls } from '../../control-panel/shared-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlPanelState,
} from '../../control-panel/types.js';
import { TREE_DEFAULTS } from './transformProps.js';

const column = (label: string, description: string, required: boolean): ControlConfig => ({
  ...sharedControls.entity!,
  label,
  description,
  validators: required ? sharedControls.entity!.validators : [],
  default: null,
  props: { multi: false, clearable: !required },
});
const render = (c: Omit<ControlConfig, 'renderTrigger'>): ControlConfig => ({
  ...c,
  renderTrigger: true,
});
const isOrthogonal = (s: ControlPanelState) =>
  (s.form_data.layout || TREE_DEFAULTS.layout) === 'orthogonal';
const LABEL_POSITIONS: Array<[string, string]> = [
  ['left', 'left'],
  ['top', 'top'],
  ['right', 'right'],
  ['bottom', 'bottom'],
];

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [{ name: 'id', config: column('Id', 'The column holding each node’s id.', true) }],
        [
          {
            name: 'parent',
            config: column('Parent', 'The column holding the id of each node’s parent.', true),
          },
        ],
        [
          {
            name: 'name',
            config: column('Name', 'The column naming the nodes (the id when empty).', false),
          },
        ],
        [
          {
            name: 'root_node_id',
            config: render({
              type: 'TextControl',
              label: 'Root node id',
              default: '',
              description:
                'The id of the node to draw the tree from. When empty, the nodes without a parent are the top of the tree.',
            }),
          },
        ],
        [
          {
            name: 'metric',
            override: {
              validators: [],
              props: { multi: false, clearable: true },
              description: 'The value of each node, shown in its tooltip.',
            },
          },
        ],
        ['adhoc_filters'],
        ['row_limit'],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        [
          {
            name: 'layout',
            config: render({
              type: 'RadioButtonControl',
              label: 'Tree layout',
              default: TREE_DEFAULTS.layout,
              props: {
                choices: [
                  ['orthogonal', 'Orthogonal'],
                  ['radial', 'Radial'],
                ],
              },
              description: 'Draw the tree in rows or columns, or in circles around the root.',
            }),
          },
        ],
        [
          {
            name: 'orient',
            config: render({
              type: 'RadioButtonControl',
              label: 'Tree orientation',
              default: TREE_DEFAULTS.orient,
              props: {
                choices: [
                  ['LR', 'Left to Right'],
                  ['RL', 'Right to Left'],
                  ['TB', 'Top to Bottom'],
                  ['BT', 'Bottom to Top'],
                ],
              },
              description: 'Which way the tree grows from its root.',
              visibility: isOrthogonal,
            }),
          },
        ],
        [
          {
            name: 'node_label_position',
            config: render({
              type: 'RadioButtonControl',
              label: 'Node label position',
              default: TREE_DEFAULTS.node_label_position,
              props: { choices: LABEL_POSITIONS },
              description: 'Where the labels of nodes with children sit.',
            }),
          },
        ],
        [
          {
            name: 'child_label_position',
            config: render({
              type: 'RadioButtonControl',
              label: 'Child label position',
              default: TREE_DEFAULTS.child_label_position,
              props: { choices: LABEL_POSITIONS },
              description: 'Where the labels of leaf nodes sit.',
            }),
          },
        ],
        [
          {
            name: 'emphasis',
            config: render({
              type: 'RadioButtonControl',
              label: 'Emphasis',
              default: TREE_DEFAULTS.emphasis,
              props: {
                choices: [
                  ['ancestor', 'ancestor'],
                  ['descendant', 'descendant'],
                ],
              },
              description: 'Which relatives of the node under the pointer are highlighted.',
              visibility: isOrthogonal,
            }),
          },
        ],
        [
          {
            name: 'symbol',
            config: render({
              type: 'SelectControl',
              label: 'Symbol',
              default: TREE_DEFAULTS.symbol,
              props: {
                clearable: false,
                choices: [
                  ['emptyCircle', 'Empty circle'],
                  ['circle', 'Circle'],
                  ['rect', 'Rectangle'],
                  ['triangle', 'Triangle'],
                  ['diamond', 'Diamond'],
                  ['pin', 'Pin'],
                  ['arrow', 'Arrow'],
                  ['none', 'None'],
                ],
              },
              description: 'The shape drawn at each node.',
            }),
          },
        ],
        [
          {
            name: 'symbolSize',
            config: render({
              type: 'SliderControl',
              label: 'Symbol size',
              default: TREE_DEFAULTS.symbolSize,
              props: { min: 5, max: 30, step: 2 },
              description: 'The size of the node symbols, in pixels.',
            }),
          },
        ],
        [
          {
            name: 'roam',
            config: render({
              type: 'SelectControl',
              label: 'Enable graph roaming',
              default: TREE_DEFAULTS.roam,
              props: {
                clearable: false,
                choices: [
                  [false, 'Disabled'],
                  ['scale', 'Scale only'],
                  ['move', 'Move only'],
                  [true, 'Scale and Move'],
                ],
              },
              description: 'Whether the tree can be zoomed and dragged.',
            }),
          },
        ],
      ],
    },
  ],
};

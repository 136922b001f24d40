/** Graph Chart controls: Superset's form-data names (camelCase for the layout options) and defaults. */
import { sharedControls } from '../../control-panel/shared-controls.js';
import { legendOrientationRow, legendTypeRow } from '../../control-panel/legend-controls.js';
import type {
  ControlConfig,
  ControlPanelConfig,
  ControlPanelState,
} from '../../control-panel/types.js';
import { validateInteger, validateNumber } from '../../control-panel/validators.js';

export const GRAPH_DEFAULTS = {
  layout: 'force',
  edgeSymbol: 'none,arrow',
  draggable: false,
  roam: true,
  selectedMode: 'single',
  showSymbolThreshold: 0,
  baseNodeSize: 20,
  baseEdgeWidth: 3,
  edgeLength: 400,
  gravity: 0.3,
  repulsion: 1000,
  friction: 0.2,
} as const;

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
const isForce = (s: ControlPanelState) => (s.form_data.layout ?? GRAPH_DEFAULTS.layout) === 'force';
const slider = (
  label: string,
  value: number,
  [min, max, step]: [number, number, number],
  description: string,
): ControlConfig =>
  render({
    type: 'SliderControl',
    label,
    default: value,
    props: { min, max, step },
    description,
    visibility: isForce,
  });

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [{ name: 'source', config: column('Source', 'Name of the source nodes', true) }],
        [{ name: 'target', config: column('Target', 'Name of the target nodes', true) }],
        ['metric'],
        [
          {
            name: 'source_category',
            config: column(
              'Source category',
              'The category of source nodes used to assign colors. If a node is associated with more than one category, only the first will be used.',
              false,
            ),
          },
        ],
        [
          {
            name: 'target_category',
            config: column('Target category', 'Category of target nodes', false),
          },
        ],
        ['adhoc_filters'],
        [{ name: 'row_limit', override: { default: 10000 } }],
      ],
    },
    {
      label: 'Chart Options',
      expanded: true,
      controlSetRows: [
        ['color_scheme'],
        [
          {
            name: 'show_legend',
            config: render({
              type: 'CheckboxControl',
              label: 'Show legend',
              default: true,
              description: 'Whether to display a legend for the chart',
            }),
          },
        ],
        legendTypeRow,
        legendOrientationRow,
        [
          {
            name: 'layout',
            config: render({
              type: 'RadioButtonControl',
              label: 'Graph layout',
              default: GRAPH_DEFAULTS.layout,
              props: {
                choices: [
                  ['force', 'Force'],
                  ['circular', 'Circular'],
                ],
              },
              description: 'Layout type of graph',
            }),
          },
        ],
        [
          {
            name: 'edgeSymbol',
            config: render({
              type: 'SelectControl',
              label: 'Edge symbols',
              default: GRAPH_DEFAULTS.edgeSymbol,
              props: {
                clearable: false,
                choices: [
                  ['none,none', 'None -> None'],
                  ['none,arrow', 'None -> Arrow'],
                  ['circle,arrow', 'Circle -> Arrow'],
                  ['circle,circle', 'Circle -> Circle'],
                ],
              },
              description: 'Symbol of two ends of edge line',
            }),
          },
        ],
        [
          {
            name: 'draggable',
            config: render({
              type: 'CheckboxControl',
              label: 'Enable node dragging',
              default: GRAPH_DEFAULTS.draggable,
              description: 'Whether to enable node dragging in force layout mode.',
              visibility: isForce,
            }),
          },
        ],
        [
          {
            name: 'roam',
            config: render({
              type: 'SelectControl',
              label: 'Enable graph roaming',
              default: GRAPH_DEFAULTS.roam,
              props: {
                clearable: false,
                choices: [
                  [false, 'Disabled'],
                  ['scale', 'Scale only'],
                  ['move', 'Move only'],
                  [true, 'Scale and Move'],
                ],
              },
              description: 'Whether to enable changing graph position and scaling.',
            }),
          },
        ],
        [
          {
            name: 'selectedMode',
            config: render({
              type: 'SelectControl',
              label: 'Node select mode',
              default: GRAPH_DEFAULTS.selectedMode,
              props: {
                clearable: false,
                choices: [
                  [false, 'Disabled'],
                  ['single', 'Single'],
                  ['multiple', 'Multiple'],
                ],
              },
              description: 'Allow node selections',
            }),
          },
        ],
        [
          {
            name: 'showSymbolThreshold',
            config: render({
              type: 'TextControl',
              label: 'Label threshold',
              default: GRAPH_DEFAULTS.showSymbolThreshold,
              props: { isInt: true },
              validators: [validateInteger],
              description: 'Minimum value for label to be displayed on graph.',
            }),
          },
        ],
        [
          {
            name: 'baseNodeSize',
            config: render({
              type: 'TextControl',
              label: 'Node size',
              default: GRAPH_DEFAULTS.baseNodeSize,
              props: { isFloat: true },
              validators: [validateNumber],
              description:
                'Median node size, the largest node will be 4 times larger than the smallest',
            }),
          },
          {
            name: 'baseEdgeWidth',
            config: render({
              type: 'TextControl',
              label: 'Edge width',
              default: GRAPH_DEFAULTS.baseEdgeWidth,
              props: { isFloat: true },
              validators: [validateNumber],
              description:
                'Median edge width, the thickest edge will be 4 times thicker than the thinnest.',
            }),
          },
        ],
        [
          {
            name: 'edgeLength',
            config: slider(
              'Edge length',
              GRAPH_DEFAULTS.edgeLength,
              [100, 1000, 50],
              'Edge length between nodes',
            ),
          },
        ],
        [
          {
            name: 'gravity',
            config: slider(
              'Gravity',
              GRAPH_DEFAULTS.gravity,
              [0.1, 1, 0.1],
              'Strength to pull the graph toward center',
            ),
          },
        ],
        [
          {
            name: 'repulsion',
            config: slider(
              'Repulsion',
              GRAPH_DEFAULTS.repulsion,
              [100, 3000, 50],
              'Repulsion strength between nodes',
            ),
          },
        ],
        [
          {
            name: 'friction',
            config: slider(
              'Friction',
              GRAPH_DEFAULTS.friction,
              [0.1, 1, 0.1],
              'Friction between nodes',
            ),
          },
        ],
      ],
    },
  ],
};

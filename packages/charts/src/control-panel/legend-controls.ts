/**
 * The legend controls the ECharts chart types share (Superset's legend section): its type
 * (scroll or plain) and orientation, shown while the legend is on.
 */
import type { ControlSetRow, ControlPanelState } from './types.js';

const legendShown = (s: ControlPanelState) => s.form_data.show_legend !== false;

export const legendTypeRow: ControlSetRow = [
  {
    name: 'legendType',
    config: {
      type: 'SelectControl',
      label: 'Type',
      default: 'scroll',
      renderTrigger: true,
      description: 'Legend type',
      visibility: legendShown,
      props: {
        clearable: false,
        choices: [
          ['scroll', 'Scroll'],
          ['plain', 'Plain'],
        ],
      },
    },
  },
];

export const legendOrientationRow: ControlSetRow = [
  {
    name: 'legendOrientation',
    config: {
      type: 'SelectControl',
      label: 'Orientation',
      default: 'top',
      renderTrigger: true,
      description: 'Legend Orientation',
      visibility: legendShown,
      props: {
        clearable: false,
        choices: [
          ['top', 'Top'],
          ['bottom', 'Bottom'],
          ['left', 'Left'],
          ['right', 'Right'],
        ],
      },
    },
  },
];

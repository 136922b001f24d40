/**
 * deck.gl Arc (`deck_arc`, Superset's): an arc per row from its start to its end position,
 * coloured from the source to the target colour, or by a dimension's categories.
 */
import type { ControlPanelConfig } from '../../control-panel/types.js';
import type { ChartMetadata } from '../../plugin.js';
import * as c from '../deck-shared/controls.js';
import { arcLayer } from '../deck-shared/layers.js';
import { DECK_TAGS, deckPlugin, deckThumbnail } from '../deck-shared/plugin.js';

const arcs = [
  [24, 70, 120, 40],
  [40, 78, 136, 64],
  [30, 50, 100, 80],
  [60, 30, 140, 30],
]
  .map(
    ([x1, y1, x2, y2]) =>
      `<path d="M${x1},${y1} Q${(x1! + x2!) / 2},${Math.min(y1!, y2!) - 30} ${x2},${y2}" stroke="#FF7F44" stroke-width="2" fill="none"/>`,
  )
  .join('');

export const metadata: ChartMetadata = {
  name: 'deck.gl Arc',
  category: 'Map',
  description: 'Plot the distance (like flight paths) between origin and destination.',
  tags: [...DECK_TAGS, 'Comparison', 'Flow'],
  thumbnail: deckThumbnail(arcs),
};

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [
        [c.startSpatial],
        [c.endSpatial],
        ['row_limit', c.filterNulls],
        ['adhoc_filters'],
      ],
    },
    {
      label: 'Map',
      expanded: true,
      tabOverride: 'data',
      controlSetRows: [[c.mapboxStyle], [c.autozoom], [c.viewport]],
    },
    {
      label: 'Arc',
      expanded: true,
      controlSetRows: [
        [c.colorPicker('color_picker', 'Source Color')],
        [c.colorPicker('target_color_picker', 'Target Color')],
        [c.dimension()],
        ['color_scheme'],
        [
          {
            name: 'stroke_width',
            config: {
              type: 'SelectControl',
              label: 'Stroke Width',
              default: 1,
              renderTrigger: true,
              props: {
                freeForm: true,
                isInt: true,
                choices: [1, 2, 3, 4, 5].map((n) => [n, String(n)]),
              },
            },
          },
        ],
      ],
    },
  ],
};

export const deckArcPlugin = deckPlugin({
  vizType: 'deck_arc',
  metadata,
  controlPanel,
  spatialKeys: ['start_spatial', 'end_spatial'],
  metric: () => null,
  layer: arcLayer,
});

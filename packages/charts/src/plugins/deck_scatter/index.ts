/**
 * deck.gl Scatterplot (`deck_scatter`, Superset's): a circle per row at its geo position, sized
 * by a fixed value or a metric in the chosen unit (clamped to a pixel range), coloured by one
 * colour or by a dimension's categories.
 */
import type { ControlPanelConfig } from '../../control-panel/types.js';
import type { ChartMetadata } from '../../plugin.js';
import * as c from '../deck-shared/controls.js';
import { scatterLayer } from '../deck-shared/layers.js';
import { DECK_TAGS, deckPlugin, deckThumbnail } from '../deck-shared/plugin.js';
import { radiusMetric } from '../deck-shared/query.js';

const dots = [
  [40, 30, 5],
  [62, 44, 8],
  [90, 36, 4],
  [110, 58, 10],
  [72, 70, 6],
  [128, 28, 5],
  [50, 56, 3],
]
  .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#1FA8C9" opacity="0.85"/>`)
  .join('');

export const metadata: ChartMetadata = {
  name: 'deck.gl Scatterplot',
  category: 'Map',
  description:
    'A map that takes rendering circles with a variable radius at latitude/longitude coordinates',
  tags: [...DECK_TAGS, 'Comparison', 'Scatter'],
  thumbnail: deckThumbnail(dots),
};

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [[c.spatial], ['row_limit', c.filterNulls], ['adhoc_filters']],
    },
    {
      label: 'Map',
      expanded: true,
      tabOverride: 'data',
      controlSetRows: [[c.mapboxStyle], [c.autozoom], [c.viewport]],
    },
    {
      label: 'Point Size',
      expanded: true,
      controlSetRows: [
        [c.pointRadiusFixed],
        [c.pointUnit],
        [c.minRadius, c.maxRadius],
        [c.multiplier],
      ],
    },
    {
      label: 'Point Color',
      expanded: true,
      controlSetRows: [
        [c.colorPicker('color_picker', 'Fixed Color')],
        [c.dimension()],
        ['color_scheme'],
      ],
    },
  ],
};

export const deckScatterPlugin = deckPlugin({
  vizType: 'deck_scatter',
  metadata,
  controlPanel,
  spatialKeys: ['spatial'],
  metric: radiusMetric,
  layer: scatterLayer,
});

/**
 * The aggregating deck.gl types (Superset's `deck_screengrid`, `deck_grid`, `deck_hex`): the
 * rows' points binned into screen cells, square cells or hexagons, each bin coloured along the
 * linear scheme by its summed weight (the `size` metric, else 1 per row); grid and hex bins
 * rise by the weight when extruded.
 */
import type { ControlPanelConfig, ControlSetRow } from '../../control-panel/types.js';
import type { ChartMetadata } from '../../plugin.js';
import * as c from './controls.js';
import { gridLayer } from './layers.js';
import { deckPlugin } from './plugin.js';
import { sizeMetric } from './query.js';

type Kind = 'screengrid' | 'grid' | 'hex';

const GRID_SIZE: Record<Kind, [number, string]> = {
  screengrid: [20, 'Defines the grid size in pixels'],
  grid: [200, 'Defines the size of the grid cells in meters'],
  hex: [200, 'Defines the radius of the hexagons in meters'],
};

export function gridControlPanel(kind: Kind): ControlPanelConfig {
  const [size, description] = GRID_SIZE[kind];
  const visual: ControlSetRow[] = [[c.gridSize(size, description)], ['linear_color_scheme']];
  if (kind !== 'screengrid') visual.push([c.extruded]);
  return {
    controlPanelSections: [
      {
        label: 'Query',
        expanded: true,
        controlSetRows: [
          [c.spatial],
          [c.sizeMetric],
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
      { label: 'Grid', expanded: true, controlSetRows: visual },
    ],
  };
}

export function gridPlugin(kind: Kind, metadata: ChartMetadata) {
  return deckPlugin({
    vizType: `deck_${kind}`,
    metadata,
    controlPanel: gridControlPanel(kind),
    spatialKeys: ['spatial'],
    metric: sizeMetric,
    layer: (rows, formData) => gridLayer(kind, rows, formData),
  });
}

/**
 * deck.gl Multiple Layers (`deck_multi`, Superset's): saved deck.gl charts drawn on top of one
 * another in one map. The chart runs no query of its own (an empty query context on its
 * dataset, which checks access): its component loads each chosen chart and queries it as that
 * chart would, with this chart's filters added (see `layers.ts`, `load.ts`).
 */
import { risonEncode, type QueryFormData } from '@strata/core';
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { validateNonEmpty } from '../../control-panel/validators.js';
import type { ChartMetadata, ChartPlugin } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import * as c from '../deck-shared/controls.js';
import { DECK_TAGS, deckThumbnail } from '../deck-shared/plugin.js';
import { isTileTemplate } from '../deck-shared/tiles.js';
import type { Viewport } from '../deck-shared/geo.js';
import { deckSlicesOf } from './layers.js';
import type { LayerCalls } from './load.js';

const marks =
  [
    [40, 30, 5],
    [70, 60, 6],
    [120, 40, 4],
  ]
    .map(([x, y, r]) => `<circle cx="${x}" cy="${y}" r="${r}" fill="#1FA8C9"/>`)
    .join('') +
  '<path d="M30,76 Q80,20 136,70" stroke="#FF7F44" stroke-width="2" fill="none"/>' +
  '<rect x="90" y="62" width="14" height="14" fill="#FCC700" opacity="0.8"/>';

export const metadata: ChartMetadata = {
  name: 'deck.gl Multiple Layers',
  category: 'Map',
  description:
    'Overlay multiple deck.gl charts on top of one another: each keeps its own query and look, all share one map.',
  tags: [...DECK_TAGS, 'Multi-Layers'],
  thumbnail: deckThumbnail(marks),
  // No query of its own: drawn even though its (empty) answer has no rows.
  drawsEmptyResults: true,
};

/** The saved deck.gl charts (Superset's endpoint), by name. */
export const DECK_SLICES_ENDPOINT = `/api/v1/chart/?q=${risonEncode({
  filters: [{ col: 'viz_type', opr: 'sw', value: 'deck' }],
  order_column: 'slice_name',
  order_direction: 'asc',
  page_size: 100,
})}`;

export const controlPanel: ControlPanelConfig = {
  controlPanelSections: [
    {
      label: 'Map',
      expanded: true,
      controlSetRows: [
        [c.mapboxStyle],
        [c.autozoom],
        [c.viewport],
        [
          {
            name: 'deck_slices',
            config: {
              type: 'SelectAsyncControl',
              label: 'deck.gl charts',
              default: [],
              validators: [validateNonEmpty],
              description: 'Pick a set of deck.gl charts to layer on top of one another',
              props: {
                multi: true,
                dataEndpoint: DECK_SLICES_ENDPOINT,
                valueKey: 'id',
                labelKey: 'slice_name',
                // Typing searches the names on the server (more charts than one page).
                searchColumn: 'slice_name',
                placeholder: 'Select charts',
              },
            },
          },
        ],
      ],
    },
    {
      label: 'Query',
      expanded: true,
      controlSetRows: [['adhoc_filters']],
    },
  ],
};

export interface DeckMultiProps {
  width: number;
  height: number;
  formData: QueryFormData;
  /** The chosen charts' ids, in order (the first drawn at the bottom). */
  deckSlices: number[];
  tileUrl: string | null;
  calls: LayerCalls;
  labelColors?: Record<string, string>;
  onViewportChange?: (viewport: Viewport) => void;
}

export const deckMultiPlugin: ChartPlugin<QueryFormData, DeckMultiProps> = {
  vizType: 'deck_multi',
  metadata,
  controlPanel,
  buildQuery: (formData, options) => buildQueryContext(formData, () => [], options),
  transformProps: ({ width, height, formData, hooks, labelColors }) => {
    const style = (formData as Record<string, unknown>).mapbox_style;
    return {
      width,
      height,
      formData,
      deckSlices: deckSlicesOf(formData),
      tileUrl: isTileTemplate(style) ? style : null,
      calls: {
        ...(hooks?.getSavedChart ? { getSavedChart: hooks.getSavedChart } : {}),
        ...(hooks?.postChartData ? { postChartData: hooks.postChartData } : {}),
      },
      ...(labelColors ? { labelColors } : {}),
      ...(hooks?.setControlValue
        ? { onViewportChange: (v: Viewport) => hooks.setControlValue!('viewport', v) }
        : {}),
    };
  },
};

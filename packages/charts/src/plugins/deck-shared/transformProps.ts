/**
 * What every deck.gl chart's component gets: its layer, the viewport it opens on (the form
 * data's, or the one fitting the points when auto zoom is on), the base map's tile template, and
 * where a pan or zoom is written back (the viewport control, in Explore).
 */
import type { QueryFormData } from '@strata/core';
import type { ChartProps } from '../../plugin.js';
import { fitViewport, viewportOf, type Viewport } from './geo.js';
import { layerPoints, type DeckLayerSpec } from './layers.js';
import { isTileTemplate } from './tiles.js';

export interface DeckChartProps {
  width: number;
  height: number;
  layer: DeckLayerSpec;
  /** The view the chart opens on. */
  viewport: Viewport;
  /** The base map's raster tile template, or null for none. */
  tileUrl: string | null;
  empty: boolean;
  onViewportChange?: (viewport: Viewport) => void;
}

export function deckTransformProps(
  chartProps: ChartProps<QueryFormData>,
  layerOf: (rows: Array<Record<string, unknown>>, formData: QueryFormData) => DeckLayerSpec,
): DeckChartProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const rows = queriesData[0]?.data ?? [];
  const layer = layerOf(rows, formData);
  const points = layerPoints(layer);
  const saved = viewportOf(formData.viewport);
  const fitted = formData.autozoom === false ? null : fitViewport(points, width, height);
  const style = formData.mapbox_style;
  return {
    width,
    height,
    layer,
    viewport: fitted ?? saved,
    tileUrl: isTileTemplate(style) ? style : null,
    empty: points.length === 0,
    ...(hooks?.setControlValue
      ? { onViewportChange: (v: Viewport) => hooks.setControlValue!('viewport', v) }
      : {}),
  };
}

/**
 * deck.gl Multiple Layers, the pure part: which saved charts are layers (`deck_slices`), each
 * layer's form data with the multi chart's filters merged in (Superset's `Multi` in Explore and
 * on dashboards: the layer's own filters, then the multi chart's adhoc filters, and the
 * dashboard's filters), each layer queried and drawn as its own chart type would be, and the one
 * viewport all layers share.
 */
import type { QueryFormData } from '@strata/core';
import type { ChartDataResult, ChartPlugin, QueryContext } from '../../plugin.js';
import { deckArcPlugin } from '../deck_arc/index.js';
import { deckGridPlugin } from '../deck_grid/index.js';
import { deckHexPlugin } from '../deck_hex/index.js';
import { deckScatterPlugin } from '../deck_scatter/index.js';
import { deckScreengridPlugin } from '../deck_screengrid/index.js';
import { fitViewport, viewportOf, type Viewport } from '../deck-shared/geo.js';
import { arcLayer, gridLayer, layerPoints, scatterLayer } from '../deck-shared/layers.js';
import type { DeckLayerSpec } from '../deck-shared/layers.js';

type Row = Record<string, unknown>;

interface LayerType {
  plugin: ChartPlugin;
  layer: (
    rows: Row[],
    formData: QueryFormData,
    labelColors?: Record<string, string>,
  ) => DeckLayerSpec;
}

/** The chart types a layer may be: the deck.gl charts Strata draws. */
const LAYER_TYPES: Readonly<Record<string, LayerType>> = {
  deck_scatter: { plugin: deckScatterPlugin as ChartPlugin, layer: scatterLayer },
  deck_arc: { plugin: deckArcPlugin as ChartPlugin, layer: arcLayer },
  deck_screengrid: {
    plugin: deckScreengridPlugin as ChartPlugin,
    layer: (rows, fd) => gridLayer('screengrid', rows, fd),
  },
  deck_grid: {
    plugin: deckGridPlugin as ChartPlugin,
    layer: (rows, fd) => gridLayer('grid', rows, fd),
  },
  deck_hex: {
    plugin: deckHexPlugin as ChartPlugin,
    layer: (rows, fd) => gridLayer('hex', rows, fd),
  },
};

export const LAYER_VIZ_TYPES: readonly string[] = Object.keys(LAYER_TYPES);

/**
 * The chosen charts' ids in their order, once each. Superset keeps numbers; a select may also
 * have written numeric strings or `{value}` options.
 */
export function deckSlicesOf(formData: QueryFormData): number[] {
  const raw = (formData as Record<string, unknown>).deck_slices;
  const out: number[] = [];
  for (const item of Array.isArray(raw) ? raw : []) {
    const v =
      item && typeof item === 'object' ? (item as { value?: unknown }).value : (item as unknown);
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * A layer's form data as the multi chart queries it: the saved chart's own, its adhoc filters
 * followed by the multi chart's (applied to every layer), the legacy `extra_filters` of both,
 * and the dashboard's filters (`extra_form_data`) of the multi chart, which the layer's query
 * merges as any chart's does.
 */
export function layerFormData(layer: QueryFormData, multi: QueryFormData): QueryFormData {
  const l = layer as Record<string, unknown>;
  const m = multi as Record<string, unknown>;
  const out: Record<string, unknown> = {
    ...l,
    adhoc_filters: [...list(l.adhoc_filters), ...list(m.adhoc_filters)],
  };
  const extraFilters = [...list(l.extra_filters), ...list(m.extra_filters)];
  if (extraFilters.length) out.extra_filters = extraFilters;
  if (m.extra_form_data && typeof m.extra_form_data === 'object')
    out.extra_form_data = m.extra_form_data;
  else delete out.extra_form_data;
  return out as unknown as QueryFormData;
}

/** The query of a layer (its own chart type's), or null when the type is not a deck layer. */
export function layerQuery(formData: QueryFormData): QueryContext | null {
  const type = LAYER_TYPES[formData.viz_type];
  return type ? type.plugin.buildQuery(formData) : null;
}

/** What a layer draws from its query's answer (its own chart type's layer builder). */
export function layerSpec(
  formData: QueryFormData,
  results: readonly ChartDataResult[],
  labelColors?: Record<string, string>,
): DeckLayerSpec {
  const type = LAYER_TYPES[formData.viz_type];
  if (!type) throw new Error(`${formData.viz_type} is not a deck.gl chart`);
  return type.layer(results[0]?.data ?? [], formData, labelColors);
}

/** The view all layers share: fitted to every layer's points with auto zoom, else the saved. */
export function multiViewport(
  layers: readonly DeckLayerSpec[],
  formData: QueryFormData,
  width: number,
  height: number,
): Viewport {
  const saved = viewportOf((formData as Record<string, unknown>).viewport);
  if ((formData as Record<string, unknown>).autozoom === false) return saved;
  return fitViewport(layers.flatMap(layerPoints), width, height) ?? saved;
}

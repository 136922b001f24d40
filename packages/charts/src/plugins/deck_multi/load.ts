/**
 * Loading one layer of deck.gl Multiple Layers through the page's calls (`ChartHooks`): the
 * saved chart's form data, its query as its own chart type builds it, and what it draws. A layer
 * that fails gives its message; the others are drawn.
 */
import type { ChartHooks } from '../../plugin.js';
import type { QueryFormData } from '@strata/core';
import type { DeckLayerSpec } from '../deck-shared/layers.js';
import { layerFormData, layerQuery, layerSpec } from './layers.js';

export type LayerState =
  | { status: 'loading'; id: number }
  | { status: 'loaded'; id: number; name: string; spec: DeckLayerSpec }
  | { status: 'failed'; id: number; name: string; error: string };

export type LayerCalls = Pick<ChartHooks, 'getSavedChart' | 'postChartData'>;

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export async function loadLayer(
  id: number,
  multi: QueryFormData,
  calls: LayerCalls,
  signal?: AbortSignal,
  labelColors?: Record<string, string>,
): Promise<LayerState> {
  let name = `Chart ${id}`;
  try {
    if (!calls.getSavedChart || !calls.postChartData)
      throw new Error('This page cannot load the layers of a chart.');
    const chart = await calls.getSavedChart(id, signal);
    if (chart.slice_name) name = chart.slice_name;
    const formData = layerFormData(chart.form_data, multi);
    const context = layerQuery(formData);
    if (!context) throw new Error(`${formData.viz_type} is not a deck.gl chart`);
    const results = await calls.postChartData(context);
    return { status: 'loaded', id, name, spec: layerSpec(formData, results, labelColors) };
  } catch (e) {
    return { status: 'failed', id, name, error: messageOf(e) };
  }
}

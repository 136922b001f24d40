/**
 * deck.gl Multiple Layers (viz.py `DeckGLMultiLayer`) on `/superset/explore_json/`: no query of
 * its own; `data` is `{features, mapboxApiKey, slices}` — each chosen chart the user may read as
 * Superset's `Slice.data`, in the chosen order, and the features of each layer's own deck viz
 * (its query run with the multi chart's filters added, as the web's layers are) gathered by viz
 * type, which Superset's client fits its viewport to. A layer whose query fails adds no
 * features (its own drawing reports the error).
 */
import { humanizeTimeDelta } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import { chartFormData } from '../../dashboards/payload.js';
import { toBool, toDate, toIso } from '../../metadata/db.js';
import type { FormData } from './common.js';

export const DECK_MULTI = 'deck_multi';

/** The chosen charts' ids (`deck_slices`), in order, once each. */
export function deckSliceIds(formData: FormData): number[] {
  const raw = formData.deck_slices;
  const out: number[] = [];
  for (const v of Array.isArray(raw) ? raw : []) {
    const n =
      typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
    if (Number.isSafeInteger(n) && n > 0 && !out.includes(n)) out.push(n);
  }
  return out;
}

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * A layer's form data: the chart's own with the multi chart's adhoc filters after its own, both
 * charts' legacy `extra_filters`, and the multi chart's dashboard filters (`extra_form_data`).
 */
export function layerFormData(layer: FormData, multi: FormData): FormData {
  const out: FormData = {
    ...layer,
    adhoc_filters: [...list(layer.adhoc_filters), ...list(multi.adhoc_filters)],
  };
  const extraFilters = [...list(layer.extra_filters), ...list(multi.extra_filters)];
  if (extraFilters.length) out.extra_filters = extraFilters;
  if (multi.extra_form_data && typeof multi.extra_form_data === 'object')
    out.extra_form_data = multi.extra_form_data;
  else delete out.extra_form_data;
  return out;
}

/** A saved chart as this answer reads it. */
export interface LayerChart {
  id: number;
  slice_name: string | null;
  viz_type: string | null;
  params: string | null;
  query_context: string | null;
  description: string | null;
  datasource_id: number | null;
  datasource_type: string | null;
  cache_timeout: number | null;
  changed_on: string | Date | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: number | boolean | null;
  /** The dataset's name (`schema.table` with a schema), or null. */
  datasource_name: string | null;
  owners: number[];
}

/** Superset's `Slice.data`. */
export function sliceData(chart: LayerChart, now: Date): Record<string, unknown> {
  const changed = toDate(chart.changed_on);
  const humanized = changed ? humanizeTimeDelta(changed, now) : null;
  return {
    cache_timeout: chart.cache_timeout,
    changed_on: toIso(chart.changed_on),
    changed_on_humanized: humanized,
    datasource: chart.datasource_name,
    description: chart.description,
    description_markeddown: chart.description ?? '',
    edit_url: `/chart/edit/${chart.id}`,
    form_data: chartFormData(chart),
    query_context: chart.query_context,
    modified: humanized,
    owners: chart.owners,
    slice_id: chart.id,
    slice_name: chart.slice_name,
    slice_url: `/explore/?slice_id=${chart.id}`,
    certified_by: chart.certified_by,
    certification_details: chart.certification_details,
    is_managed_externally: toBool(chart.is_managed_externally),
  };
}

export interface DeckMultiDeps {
  /** The charts of these ids the user may read (any order). */
  readableCharts(ids: number[]): Promise<LayerChart[]>;
  /** A layer's explore_json `data` (its deck viz's shape), run on its dataset. */
  layerData(formData: FormData, datasetId: number): Promise<unknown>;
  now: Date;
}

/** `DeckGLMultiLayer.get_data`. */
export async function deckMultiData(
  formData: FormData,
  deps: DeckMultiDeps,
): Promise<{ features: Record<string, unknown[]>; mapboxApiKey: string; slices: unknown[] }> {
  const ids = deckSliceIds(formData);
  const byId = new Map((ids.length ? await deps.readableCharts(ids) : []).map((c) => [c.id, c]));
  const charts = ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const features: Record<string, unknown[]> = {};
  for (const chart of charts) {
    const vizType = chart.viz_type;
    if (!vizType || chart.datasource_id === null) continue;
    const fd = layerFormData(chartFormData(chart), formData);
    let data: unknown;
    try {
      data = await deps.layerData(fd, chart.datasource_id);
    } catch (e) {
      // A refused or failed query (Superset's payload with `errors`); anything else is ours.
      if (e instanceof ApiError) continue;
      throw e;
    }
    const layerFeatures = (data as { features?: unknown } | null)?.features;
    if (Array.isArray(layerFeatures)) (features[vizType] ??= []).push(...layerFeatures);
  }
  return { features, mapboxApiKey: '', slices: charts.map((c) => sliceData(c, deps.now)) };
}

/** The older payload of `BaseViz.get_payload` for a viz without a query. */
export function deckMultiPayload(formData: FormData, data: unknown): Record<string, unknown> {
  return {
    cache_key: null,
    cached_dttm: null,
    cache_timeout: typeof formData.cache_timeout === 'number' ? formData.cache_timeout : null,
    applied_filters: [],
    rejected_filters: [],
    annotation_data: {},
    error: null,
    errors: [],
    form_data: formData,
    is_cached: false,
    query: '',
    from_dttm: null,
    to_dttm: null,
    status: 'success',
    stacktrace: null,
    rowcount: 0,
    colnames: [],
    coltypes: [],
    data,
  };
}

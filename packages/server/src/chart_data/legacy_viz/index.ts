/**
 * The per-viz-type steps of `/superset/explore_json/`, keyed by the form data's `viz_type` (the
 * viz.py classes whose published legacy plugins still read explore_json). A viz type without
 * one answers the records (`BaseViz.get_data`).
 */
import { calHeatmap } from './cal-heatmap.js';
import { chord } from './chord.js';
import type { LegacyViz } from './common.js';
import { countryMap } from './country-map.js';
import { deckArc, deckGrid, deckHex, deckScatter, deckScreengrid } from './deck.js';
import { bubble, bullet } from './nvd3-simple.js';
import { nvd3TimeSeries, rose } from './nvd3-time-series.js';
import { pairedTTest } from './paired-ttest.js';
import { worldMap } from './world-map.js';

export type { FormData, LegacyViz, Row, TimeBounds } from './common.js';

const REGISTRY: ReadonlyMap<string, LegacyViz> = new Map([
  ['world_map', worldMap],
  ['horizon', nvd3TimeSeries('HorizonViz')],
  ['compare', nvd3TimeSeries('NVD3CompareTimeSeriesViz')],
  ['country_map', countryMap],
  ['chord', chord],
  ['rose', rose],
  ['paired_ttest', pairedTTest],
  ['bubble', bubble],
  ['bullet', bullet],
  ['cal_heatmap', calHeatmap],
  ['deck_scatter', deckScatter],
  ['deck_screengrid', deckScreengrid],
  ['deck_grid', deckGrid],
  ['deck_hex', deckHex],
  ['deck_arc', deckArc],
]);

/** The legacy viz step of a form data's viz type; undefined when it answers the records. */
export function legacyViz(vizType: unknown): LegacyViz | undefined {
  return typeof vizType === 'string' ? REGISTRY.get(vizType) : undefined;
}

export const LEGACY_VIZ_TYPES: readonly string[] = [...REGISTRY.keys()];

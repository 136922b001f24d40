/** A deck.gl chart type from its parts (metadata, control panel, spatial keys, metric, layer). */
import type { QueryFormData, QueryMetric } from '@strata/core';
import type { ChartMetadata, ChartPlugin } from '../../plugin.js';
import type { ControlPanelConfig } from '../../control-panel/types.js';
import { buildDeckQuery } from './query.js';
import type { DeckLayerSpec } from './layers.js';
import { deckTransformProps, type DeckChartProps } from './transformProps.js';

export interface DeckPluginParts {
  vizType: string;
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  spatialKeys: readonly string[];
  metric: (formData: QueryFormData) => QueryMetric | null;
  layer: (
    rows: Array<Record<string, unknown>>,
    formData: QueryFormData,
    labelColors?: Record<string, string>,
  ) => DeckLayerSpec;
}

export function deckPlugin(parts: DeckPluginParts): ChartPlugin<QueryFormData, DeckChartProps> {
  return {
    vizType: parts.vizType,
    metadata: parts.metadata,
    controlPanel: parts.controlPanel,
    buildQuery: (formData, options) =>
      buildDeckQuery(formData, parts.spatialKeys, parts.metric(formData), options),
    transformProps: (chartProps) =>
      deckTransformProps(chartProps, (rows, fd) => parts.layer(rows, fd, chartProps.labelColors)),
  };
}

/** The gallery thumbnail: a dark map tile with the type's marks drawn over it. */
export const deckThumbnail = (marks: string): string =>
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 100"><rect width="160" height="100" rx="6" fill="#2b3440"/>' +
  '<path d="M0,70 C40,60 60,80 100,66 S150,50 160,58" stroke="#46505c" stroke-width="3" fill="none"/>' +
  '<path d="M30,0 C36,30 24,60 40,100" stroke="#46505c" stroke-width="2" fill="none"/>' +
  marks +
  '</svg>';

export const DECK_TAGS = ['deckGL', '2D', 'Geo'];

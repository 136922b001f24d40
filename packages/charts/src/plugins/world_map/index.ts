import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type WorldMapProps } from './transformProps.js';

export type { WorldMapProps } from './transformProps.js';

export const worldMapPlugin: ChartPlugin<QueryFormData, WorldMapProps> = {
  vizType: 'world_map',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

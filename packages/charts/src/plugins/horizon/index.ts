import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type HorizonProps } from './transformProps.js';

export type { HorizonProps } from './transformProps.js';

export const horizonPlugin: ChartPlugin<QueryFormData, HorizonProps> = {
  vizType: 'horizon',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

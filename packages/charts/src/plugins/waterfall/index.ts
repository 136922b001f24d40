import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type WaterfallProps } from './transformProps.js';

export type { WaterfallProps } from './transformProps.js';

export const waterfallPlugin: ChartPlugin<QueryFormData, WaterfallProps> = {
  vizType: 'waterfall',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

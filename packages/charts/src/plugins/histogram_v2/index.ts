import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type HistogramProps } from './transformProps.js';

export const histogramV2Plugin: ChartPlugin<QueryFormData, HistogramProps> = {
  vizType: 'histogram_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

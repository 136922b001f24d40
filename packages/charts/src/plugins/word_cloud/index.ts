import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type WordCloudProps } from './transformProps.js';

export const wordCloudPlugin: ChartPlugin<QueryFormData, WordCloudProps> = {
  vizType: 'word_cloud',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type BubbleProps } from './transformProps.js';

export const bubbleV2Plugin: ChartPlugin<QueryFormData, BubbleProps> = {
  vizType: 'bubble_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

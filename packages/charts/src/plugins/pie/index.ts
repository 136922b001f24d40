import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type PieProps } from './transformProps.js';

export const piePlugin: ChartPlugin<QueryFormData, PieProps> = {
  vizType: 'pie',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type BigNumberTrendProps } from './transformProps.js';

export const bigNumberPlugin: ChartPlugin<QueryFormData, BigNumberTrendProps> = {
  vizType: 'big_number',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

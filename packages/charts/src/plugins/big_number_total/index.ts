import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type BigNumberTotalProps } from './transformProps.js';

export const bigNumberTotalPlugin: ChartPlugin<QueryFormData, BigNumberTotalProps> = {
  vizType: 'big_number_total',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

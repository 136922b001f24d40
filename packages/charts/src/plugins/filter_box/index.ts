import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type FilterBoxProps } from './transformProps.js';

export const filterBoxPlugin: ChartPlugin<QueryFormData, FilterBoxProps> = {
  vizType: 'filter_box',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type TableProps } from './transformProps.js';

export const tablePlugin: ChartPlugin<QueryFormData, TableProps> = {
  vizType: 'table',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type PivotTableProps } from './transformProps.js';

export const pivotTablePlugin: ChartPlugin<QueryFormData, PivotTableProps> = {
  vizType: 'pivot_table_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type TreeChartProps } from './transformProps.js';

export type { TreeChartProps } from './transformProps.js';

export const treeChartPlugin: ChartPlugin<QueryFormData, TreeChartProps> = {
  vizType: 'tree_chart',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

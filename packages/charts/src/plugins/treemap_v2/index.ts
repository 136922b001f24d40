import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type TreemapProps } from './transformProps.js';

export type { TreemapProps } from './transformProps.js';

export const treemapV2Plugin: ChartPlugin<QueryFormData, TreemapProps> = {
  vizType: 'treemap_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type BoxPlotProps } from './transformProps.js';

export const boxPlotPlugin: ChartPlugin<QueryFormData, BoxPlotProps> = {
  vizType: 'box_plot',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

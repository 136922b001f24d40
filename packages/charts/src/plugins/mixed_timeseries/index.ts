import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import type { TimeseriesProps } from '../timeseries-shared/transformProps.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps } from './transformProps.js';

/** Mixed Chart: two time-series queries on one x axis, drawn by the family's component. */
export const mixedTimeseriesPlugin: ChartPlugin<QueryFormData, TimeseriesProps> = {
  vizType: 'mixed_timeseries',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

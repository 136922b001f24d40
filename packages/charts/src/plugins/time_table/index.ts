import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type TimeTableProps } from './transformProps.js';

export const timeTablePlugin: ChartPlugin<QueryFormData, TimeTableProps> = {
  vizType: 'time_table',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

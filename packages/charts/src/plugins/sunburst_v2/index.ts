import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type SunburstProps } from './transformProps.js';

export type { SunburstProps } from './transformProps.js';

export const sunburstV2Plugin: ChartPlugin<QueryFormData, SunburstProps> = {
  vizType: 'sunburst_v2',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

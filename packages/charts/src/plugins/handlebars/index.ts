import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { controlPanel } from './controlPanel.js';
import { metadata } from './metadata.js';
import { transformProps, type HandlebarsProps } from './transformProps.js';

export type { HandlebarsProps } from './transformProps.js';

export const handlebarsPlugin: ChartPlugin<QueryFormData, HandlebarsProps> = {
  vizType: 'handlebars',
  metadata,
  controlPanel,
  buildQuery,
  transformProps,
};

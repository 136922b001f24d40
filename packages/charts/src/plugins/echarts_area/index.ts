import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildTimeseriesQuery } from '../timeseries-shared/buildQuery.js';
import { timeseriesControlPanel } from '../timeseries-shared/controlPanel.js';
import { transformTimeseries, type TimeseriesProps } from '../timeseries-shared/transformProps.js';
import { metadata } from './metadata.js';

/** Area Chart: the ECharts time-series family's area type. */
export const plugin: ChartPlugin<QueryFormData, TimeseriesProps> = {
  vizType: 'echarts_area',
  metadata,
  controlPanel: timeseriesControlPanel({ area: true }),
  buildQuery: buildTimeseriesQuery,
  transformProps: (props) => transformTimeseries(props, 'area'),
};

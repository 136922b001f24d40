import type { QueryFormData } from '@strata/core';
import type { ChartPlugin } from '../../plugin.js';
import { buildTimeseriesQuery } from '../timeseries-shared/buildQuery.js';
import { timeseriesControlPanel } from '../timeseries-shared/controlPanel.js';
import { transformTimeseries, type TimeseriesProps } from '../timeseries-shared/transformProps.js';
import { metadata } from './metadata.js';

/** Line Chart: the ECharts time-series family's line type. */
export const plugin: ChartPlugin<QueryFormData, TimeseriesProps> = {
  vizType: 'echarts_timeseries_line',
  metadata,
  controlPanel: timeseriesControlPanel({}),
  buildQuery: buildTimeseriesQuery,
  transformProps: (props) => transformTimeseries(props, 'line'),
};

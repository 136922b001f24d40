import type { ExampleTable } from '../types.js';
import { column, countMetric, json, source } from './define.js';

/**
 * `random_time_series`, from random_time_series.json.gz (50,000 instants), as Superset's loader
 * makes it: one column, `ds`, epoch seconds converted to TIMESTAMP, the main temporal column.
 */
export const randomTimeSeries: ExampleTable = {
  table_name: 'random_time_series',
  version: 1,
  source: source(json('random_time_series.json.gz', { ds: 'BIGINT' })),
  columns: [column('ds', 'TIMESTAMP', { select: 'make_timestamp(s.ds * 1000000)', is_dttm: true })],
  rows: 50_000,
  dataset: {
    uuid: null,
    description: null,
    main_dttm_col: 'ds',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

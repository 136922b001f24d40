import type { ExampleTable } from '../types.js';
import { column, countMetric, json, source } from './define.js';

/**
 * `multiformat_time_series`, from multiformat_time_series.json.gz (800 rows): the same instant
 * in eight encodings, all temporal, as Superset's loader makes it: `ds` DATE and `ds2` TIMESTAMP
 * from epoch seconds, `epoch_s`/`epoch_ms` BIGINT, `string0`–`string3` VARCHAR with their
 * python_date_format. Columns in the file's order.
 */
export const multiformatTimeSeries: ExampleTable = {
  table_name: 'multiformat_time_series',
  version: 1,
  source: source(
    json('multiformat_time_series.json.gz', {
      ds2: 'BIGINT',
      string3: 'VARCHAR',
      epoch_ms: 'BIGINT',
      epoch_s: 'BIGINT',
      string2: 'VARCHAR',
      ds: 'BIGINT',
      string0: 'VARCHAR',
      string1: 'VARCHAR',
    }),
  ),
  columns: [
    column('ds2', 'TIMESTAMP', { select: 'make_timestamp(s.ds2 * 1000000)', is_dttm: true }),
    column('string3', 'VARCHAR', { is_dttm: true, python_date_format: '%Y/%m/%d%H:%M:%S.%f' }),
    column('epoch_ms', 'BIGINT', { is_dttm: true, python_date_format: 'epoch_ms' }),
    column('epoch_s', 'BIGINT', { is_dttm: true, python_date_format: 'epoch_s' }),
    column('string2', 'VARCHAR', { is_dttm: true, python_date_format: '%Y%m%d-%H%M%S' }),
    column('ds', 'DATE', {
      select: 'CAST(make_timestamp(s.ds * 1000000) AS DATE)',
      is_dttm: true,
    }),
    column('string0', 'VARCHAR', { is_dttm: true, python_date_format: '%Y-%m-%d %H:%M:%S.%f' }),
    column('string1', 'VARCHAR', { is_dttm: true, python_date_format: '%Y-%m-%d^%H:%M:%S' }),
  ],
  rows: 800,
  dataset: {
    uuid: null,
    description: null,
    main_dttm_col: 'ds',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

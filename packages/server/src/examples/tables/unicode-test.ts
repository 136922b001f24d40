import type { ExampleTable } from '../types.js';
import { column, countMetric, csv, source } from './define.js';

/**
 * `unicode_test`, from unicode_test.csv (41 phrases in many scripts): text columns, `dttm`
 * DATE and `value` DOUBLE (Superset's Float) as the file now carries them (Superset's old loader
 * overwrote them with the load day and random numbers).
 */
export const unicodeTest: ExampleTable = {
  table_name: 'unicode_test',
  version: 1,
  source: source(
    csv('unicode_test.csv.gz', ['phrase', 'short_phrase', 'with_missing', 'dttm', 'value']),
  ),
  columns: [
    column('phrase', 'VARCHAR'),
    column('short_phrase', 'VARCHAR'),
    column('with_missing', 'VARCHAR'),
    column('dttm', 'DATE', { is_dttm: true }),
    column('value', 'DOUBLE'),
  ],
  rows: 41,
  dataset: {
    uuid: 'a6771c73-96fc-44c6-8b6e-9d303955ea48',
    description: null,
    main_dttm_col: 'dttm',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

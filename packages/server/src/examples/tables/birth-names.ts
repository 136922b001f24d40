import type { ExampleTable } from '../types.js';
import { column, computed, countMetric, json, metric, source } from './define.js';

/**
 * `birth_names`, from birth_names2.json.gz (75,691 records), as Superset's birth_names loader
 * makes it: `ds` from epoch milliseconds to TIMESTAMP; text columns VARCHAR (Superset's
 * String(16)/(10)/(255): DuckDB keeps no length); counts BIGINT. Dataset as in the
 * usa-births-names bundle's YAML.
 */
export const birthNames: ExampleTable = {
  table_name: 'birth_names',
  version: 1,
  source: source(
    json('birth_names2.json.gz', {
      ds: 'BIGINT',
      gender: 'VARCHAR',
      name: 'VARCHAR',
      num: 'BIGINT',
      state: 'VARCHAR',
      num_boys: 'BIGINT',
      num_girls: 'BIGINT',
    }),
  ),
  columns: [
    column('ds', 'TIMESTAMP', { select: 'epoch_ms(s.ds)', is_dttm: true }),
    column('gender', 'VARCHAR'),
    column('name', 'VARCHAR'),
    column('num', 'BIGINT'),
    column('state', 'VARCHAR'),
    column('num_boys', 'BIGINT'),
    column('num_girls', 'BIGINT'),
  ],
  rows: 75_691,
  dataset: {
    uuid: '4ec507ac-bece-4d2b-8dc3-cfb7c3515e76',
    description: null,
    main_dttm_col: 'ds',
    computed_columns: [
      computed('num_california', "CASE WHEN state = 'CA' THEN num ELSE 0 END", 'BIGINT'),
    ],
    metrics: [countMetric('count'), metric('sum__num', 'SUM(num)')],
  },
};

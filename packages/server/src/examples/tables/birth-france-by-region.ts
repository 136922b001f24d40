import type { ExampleTable } from '../types.js';
import { column, countMetric, csv, metric, source } from './define.js';

const YEARS = [
  '2003',
  '2004',
  '2005',
  '2006',
  '2007',
  '2008',
  '2009',
  '2010',
  '2011',
  '2012',
  '2013',
  '2014',
] as const;

/**
 * `birth_france_by_region`, from birth_france_data_for_country_map.csv (96 départements), as
 * Superset's country-map loader and YAML make it: DEPT_ID, births per year in BIGINT columns
 * named "2003"…"2014", and `dttm`, a DATE column holding the day of the load.
 */
export const birthFranceByRegion: ExampleTable = {
  table_name: 'birth_france_by_region',
  version: 1,
  source: source(csv('birth_france_data_for_country_map.csv.gz', ['DEPT_ID', ...YEARS])),
  columns: [
    column('DEPT_ID', 'VARCHAR'),
    ...YEARS.map((year) => column(year, 'BIGINT')),
    column('dttm', 'DATE', { select: 'current_date', is_dttm: true }),
  ],
  rows: 96,
  dataset: {
    uuid: 'd1801260-332a-4c9d-ae50-c23a432a7ac6',
    description: null,
    main_dttm_col: 'dttm',
    computed_columns: [],
    metrics: [metric('avg__2004', 'AVG("2004")'), countMetric('count')],
  },
};

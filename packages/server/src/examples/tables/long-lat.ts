import type { ExampleTable } from '../types.js';
import { column, columns, countMetric, csv, source } from './define.js';

/**
 * `long_lat`, from san_francisco.csv.gz (261,552 San Francisco addresses), as Superset's
 * long_lat loader and YAML make it: the file's columns with pandas' types (CITY, DISTRICT,
 * REGION and ID are empty, hence DOUBLE; NUMBER is text, e.g. `999.0A`), then:
 * - `datetime`: the rows spread evenly over the day of the load, from midnight to midnight;
 * - `occupancy` (1–6) and `radius_miles` (1–3): random in Superset, here derived from the row
 *   number so that every load gives the same values;
 * - `geohash` (12 characters) and `delimited` (`LAT,LON`).
 */
export const longLat: ExampleTable = {
  table_name: 'long_lat',
  version: 1,
  source: source(
    csv('san_francisco.csv.gz', [
      'LON',
      'LAT',
      'NUMBER',
      'STREET',
      'UNIT',
      'CITY',
      'DISTRICT',
      'REGION',
      'POSTCODE',
      'ID',
    ]),
  ),
  columns: [
    ...columns('DOUBLE', ['LON', 'LAT']),
    ...columns('VARCHAR', ['NUMBER', 'STREET', 'UNIT']),
    ...columns('DOUBLE', ['CITY', 'DISTRICT', 'REGION']),
    column('POSTCODE', 'BIGINT'),
    column('ID', 'DOUBLE'),
    column('datetime', 'TIMESTAMP', {
      select:
        'CAST(current_date AS TIMESTAMP) + to_microseconds(CAST(round(s.rowid * 86400000000 / (count(*) OVER () - 1)) AS BIGINT))',
      is_dttm: true,
    }),
    column('occupancy', 'DOUBLE', {
      select: 'CAST(1 + floor(strata_unit(s.rowid, 1) * 6) AS DOUBLE)',
    }),
    column('radius_miles', 'DOUBLE', { select: '1 + 2 * strata_unit(s.rowid, 2)' }),
    column('geohash', 'VARCHAR', {
      select: 'strata_geohash(CAST(s."LAT" AS DOUBLE), CAST(s."LON" AS DOUBLE))',
    }),
    column('delimited', 'VARCHAR', {
      select: `CAST(CAST(s."LAT" AS DOUBLE) AS VARCHAR) || ',' || CAST(CAST(s."LON" AS DOUBLE) AS VARCHAR)`,
    }),
  ],
  rows: 261_552,
  dataset: {
    uuid: '605eaec7-ebf1-4fea-ac4b-07652fcb46e7',
    description: null,
    main_dttm_col: 'datetime',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

import type { ExampleColumnType, ExampleTable } from '../types.js';
import { column, countMetric, csv, source } from './define.js';

/** airports.csv.gz: US airports by IATA code (also joined onto `flights`). */
export const AIRPORTS_FILE = csv('airports.csv.gz', [
  'IATA_CODE',
  'AIRPORT',
  'CITY',
  'STATE',
  'COUNTRY',
  'LATITUDE',
  'LONGITUDE',
]);

/** The airport fields `flights` takes over, in file order, with their types. */
export const AIRPORT_FIELDS: ReadonlyArray<readonly [string, ExampleColumnType]> = [
  ['AIRPORT', 'VARCHAR'],
  ['CITY', 'VARCHAR'],
  ['STATE', 'VARCHAR'],
  ['COUNTRY', 'VARCHAR'],
  ['LATITUDE', 'DOUBLE'],
  ['LONGITUDE', 'DOUBLE'],
];

/**
 * `airports`: Superset only joins this file onto `flights`; here it is a table too, with the
 * types pandas infers (text, and DOUBLE coordinates: three airports have none). The file is
 * UTF-8: Superset reads it as latin-1, which garbles two names; here they are read correctly.
 */
export const airports: ExampleTable = {
  table_name: 'airports',
  version: 1,
  source: source(AIRPORTS_FILE),
  columns: [
    column('IATA_CODE', 'VARCHAR', { verbose_name: 'IATA Code' }),
    column('AIRPORT', 'VARCHAR', { verbose_name: 'Airport' }),
    column('CITY', 'VARCHAR', { verbose_name: 'City' }),
    column('STATE', 'VARCHAR', { verbose_name: 'State' }),
    column('COUNTRY', 'VARCHAR', { verbose_name: 'Country' }),
    column('LATITUDE', 'DOUBLE', { verbose_name: 'Latitude' }),
    column('LONGITUDE', 'DOUBLE', { verbose_name: 'Longitude' }),
  ],
  rows: 322,
  dataset: {
    uuid: null,
    description: 'US airports',
    main_dttm_col: null,
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

import type { ExampleColumn, ExampleTable } from '../types.js';
import { AIRPORT_FIELDS, AIRPORTS_FILE } from './airports.js';
import { ident } from '../sql-text.js';
import { column, columns, countMetric, csv, source } from './define.js';

/** The airport's fields, renamed with `suffix`, taken from the join aliased `alias`. */
function airportColumns(alias: string, suffix: string): ExampleColumn[] {
  return AIRPORT_FIELDS.map(([name, type]) =>
    column(name + suffix, type, { select: `CAST(${alias}.${ident(name)} AS ${type})` }),
  );
}

/**
 * `flights`, from flight_data.csv.gz (55,105 flights, 1–4 January 2015), as Superset's flights
 * loader makes it (types as its flights YAML): the file's 31 columns (pandas' types: BIGINT, and
 * DOUBLE where a numeric column has blanks), then `ds` (TIMESTAMP from YEAR, MONTH, DAY), then
 * the origin airport's AIRPORT…LONGITUDE and the destination's AIRPORT_DEST…LONGITUDE_DEST
 * (left joins on airports.csv.gz by IATA code).
 */
export const flights: ExampleTable = {
  table_name: 'flights',
  version: 1,
  source: source(
    csv('flight_data.csv.gz', [
      'YEAR',
      'MONTH',
      'DAY',
      'DAY_OF_WEEK',
      'AIRLINE',
      'FLIGHT_NUMBER',
      'TAIL_NUMBER',
      'ORIGIN_AIRPORT',
      'DESTINATION_AIRPORT',
      'SCHEDULED_DEPARTURE',
      'DEPARTURE_TIME',
      'DEPARTURE_DELAY',
      'TAXI_OUT',
      'WHEELS_OFF',
      'SCHEDULED_TIME',
      'ELAPSED_TIME',
      'AIR_TIME',
      'DISTANCE',
      'WHEELS_ON',
      'TAXI_IN',
      'SCHEDULED_ARRIVAL',
      'ARRIVAL_TIME',
      'ARRIVAL_DELAY',
      'DIVERTED',
      'CANCELLED',
      'CANCELLATION_REASON',
      'AIR_SYSTEM_DELAY',
      'SECURITY_DELAY',
      'AIRLINE_DELAY',
      'LATE_AIRCRAFT_DELAY',
      'WEATHER_DELAY',
    ]),
    [
      { alias: 'o', file: AIRPORTS_FILE, on: 'o."IATA_CODE" = s."ORIGIN_AIRPORT"' },
      { alias: 'd', file: AIRPORTS_FILE, on: 'd."IATA_CODE" = s."DESTINATION_AIRPORT"' },
    ],
  ),
  columns: [
    ...columns('BIGINT', ['YEAR', 'MONTH', 'DAY', 'DAY_OF_WEEK']),
    column('AIRLINE', 'VARCHAR'),
    column('FLIGHT_NUMBER', 'BIGINT'),
    ...columns('VARCHAR', ['TAIL_NUMBER', 'ORIGIN_AIRPORT', 'DESTINATION_AIRPORT']),
    column('SCHEDULED_DEPARTURE', 'BIGINT'),
    ...columns('DOUBLE', ['DEPARTURE_TIME', 'DEPARTURE_DELAY', 'TAXI_OUT', 'WHEELS_OFF']),
    column('SCHEDULED_TIME', 'BIGINT'),
    ...columns('DOUBLE', ['ELAPSED_TIME', 'AIR_TIME']),
    column('DISTANCE', 'BIGINT'),
    ...columns('DOUBLE', ['WHEELS_ON', 'TAXI_IN']),
    column('SCHEDULED_ARRIVAL', 'BIGINT'),
    ...columns('DOUBLE', ['ARRIVAL_TIME', 'ARRIVAL_DELAY']),
    ...columns('BIGINT', ['DIVERTED', 'CANCELLED']),
    column('CANCELLATION_REASON', 'VARCHAR'),
    ...columns('DOUBLE', [
      'AIR_SYSTEM_DELAY',
      'SECURITY_DELAY',
      'AIRLINE_DELAY',
      'LATE_AIRCRAFT_DELAY',
      'WEATHER_DELAY',
    ]),
    column('ds', 'TIMESTAMP', {
      select:
        'make_timestamp(CAST(s."YEAR" AS BIGINT), CAST(s."MONTH" AS BIGINT), CAST(s."DAY" AS BIGINT), 0, 0, 0)',
      is_dttm: true,
    }),
    ...airportColumns('o', ''),
    ...airportColumns('d', '_DEST'),
  ],
  rows: 55_105,
  dataset: {
    uuid: '92980b06-cbec-4f34-9c2e-7308edc8c2b9',
    description: 'Random set of flights in the US',
    main_dttm_col: 'ds',
    computed_columns: [],
    metrics: [countMetric('count')],
  },
};

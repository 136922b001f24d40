import type { ExampleTable } from '../types.js';
import { column, columns, countMetric, csv, metric, source } from './define.js';

/**
 * `tutorial_flights`, from tutorial_flights.csv (2,954 business trips in 2011): the file of
 * Superset's "create your first dashboard" tutorial, which has users upload it with
 * "Travel Date" parsed as a date. Superset has no loader for it; the columns keep the file's
 * names (with spaces) and pandas' types; `#N/A` is NULL.
 */
export const tutorialFlights: ExampleTable = {
  table_name: 'tutorial_flights',
  version: 1,
  source: source(
    csv('tutorial_flights.csv.gz', [
      'Department',
      'Cost',
      'Travel Class',
      'Ticket Single or Return',
      'Airline',
      'Travel Date',
      'Origin ICAO',
      'Origin Name',
      'Origin Municipality',
      'Origin Region',
      'Origin Country',
      'Origin Latitude',
      'Origin Longitude',
      'Destination ICAO',
      'Destination Name',
      'Destination Region',
      'Destination Country',
      'Destination Latitude',
      'Destination Longitude',
      'Distance',
    ]),
  ),
  columns: [
    column('Department', 'VARCHAR'),
    column('Cost', 'DOUBLE'),
    ...columns('VARCHAR', ['Travel Class', 'Ticket Single or Return', 'Airline']),
    column('Travel Date', 'TIMESTAMP', { is_dttm: true }),
    ...columns('VARCHAR', [
      'Origin ICAO',
      'Origin Name',
      'Origin Municipality',
      'Origin Region',
      'Origin Country',
    ]),
    ...columns('DOUBLE', ['Origin Latitude', 'Origin Longitude']),
    ...columns('VARCHAR', [
      'Destination ICAO',
      'Destination Name',
      'Destination Region',
      'Destination Country',
    ]),
    ...columns('DOUBLE', ['Destination Latitude', 'Destination Longitude', 'Distance']),
  ],
  rows: 2_954,
  dataset: {
    uuid: null,
    description: 'Flights of a company’s departments in 2011 (Superset tutorial data)',
    main_dttm_col: 'Travel Date',
    computed_columns: [],
    metrics: [
      countMetric('count'),
      metric('sum__Cost', 'SUM("Cost")', { verbose_name: 'Total Cost', d3format: ',.2f' }),
      metric('avg__Cost', 'AVG("Cost")', { verbose_name: 'Average Cost', d3format: ',.2f' }),
      metric('sum__Distance', 'SUM("Distance")', {
        verbose_name: 'Total Distance',
        d3format: ',d',
      }),
    ],
  },
};

/**
 * The Horizon Chart's query (Superset's legacy horizon: a time series by the dimensions) is the
 * Time-series Table's: the metrics over the time column at the time grain and the dimensions,
 * with the series limit, newest first; the series are formed in the browser (`transformProps.ts`).
 */
export { buildQuery, TIME_LABEL } from '../time_table/buildQuery.js';

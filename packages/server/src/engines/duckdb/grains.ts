import type { TimeGrain } from '@strata/core';

/**
 * DuckDB expressions truncating a column to each time grain. The column is cast to TIMESTAMP
 * first (DATE, TIMESTAMPTZ in the session time zone, or timestamp text), so every grain yields
 * a TIMESTAMP. Sub-hour and 6-hour buckets use `time_bucket`, whose default origin is a
 * midnight, so buckets line up with the clock (14:37:52 -> 14:35:00 for 5 minutes).
 */
const TEMPLATES: Record<TimeGrain, (t: string) => string> = {
  PT1S: (t) => `date_trunc('second', ${t})`,
  PT5S: (t) => `time_bucket(INTERVAL 5 SECOND, ${t})`,
  PT30S: (t) => `time_bucket(INTERVAL 30 SECOND, ${t})`,
  PT1M: (t) => `date_trunc('minute', ${t})`,
  PT5M: (t) => `time_bucket(INTERVAL 5 MINUTE, ${t})`,
  PT10M: (t) => `time_bucket(INTERVAL 10 MINUTE, ${t})`,
  PT15M: (t) => `time_bucket(INTERVAL 15 MINUTE, ${t})`,
  PT30M: (t) => `time_bucket(INTERVAL 30 MINUTE, ${t})`,
  PT1H: (t) => `date_trunc('hour', ${t})`,
  PT6H: (t) => `time_bucket(INTERVAL 6 HOUR, ${t})`,
  P1D: (t) => `date_trunc('day', ${t})`,
  P1W: (t) => `date_trunc('week', ${t})`,
  P1M: (t) => `date_trunc('month', ${t})`,
  P3M: (t) => `date_trunc('quarter', ${t})`,
  P1Y: (t) => `date_trunc('year', ${t})`,
  // Week starting Sunday: the ISO (Monday) week of the next day, minus a day.
  '1969-12-28T00:00:00Z/P1W': (t) => `date_trunc('week', ${t} + INTERVAL 1 DAY) - INTERVAL 1 DAY`,
  '1969-12-29T00:00:00Z/P1W': (t) => `date_trunc('week', ${t})`,
  // Week ending Saturday: the Saturday of the Sunday-started week.
  'P1W/1970-01-03T00:00:00Z': (t) => `date_trunc('week', ${t} + INTERVAL 1 DAY) + INTERVAL 5 DAY`,
  'P1W/1970-01-04T00:00:00Z': (t) => `date_trunc('week', ${t}) + INTERVAL 6 DAY`,
};

export function timeGrainExpression(grain: TimeGrain, column: string): string | null {
  const template = TEMPLATES[grain];
  if (!template) return null;
  return `CAST(${template(`CAST(${column} AS TIMESTAMP)`)} AS TIMESTAMP)`;
}

/**
 * Seconds or milliseconds since the epoch as a naive TIMESTAMP: `make_timestamp` of the
 * microseconds (`to_timestamp` answers a TIMESTAMPTZ, which the grains' cast to TIMESTAMP would
 * move into the session's time zone; `epoch_ms` takes only BIGINT, not DOUBLE columns).
 */
export function epochToDttm(column: string, unit: 's' | 'ms'): string {
  return `make_timestamp(CAST(${column} * ${unit === 's' ? 1_000_000 : 1000} AS BIGINT))`;
}

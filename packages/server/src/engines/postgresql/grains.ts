import type { TimeGrain } from '@strata/core';

/**
 * PostgreSQL time-grain expressions: DATE_TRUNC for the calendar units (weeks start on Monday),
 * DATE_TRUNC of the next larger unit plus whole multiples of the bucket for the 5/30-second,
 * 5/10/15/30-minute and 6-hour grains, and Superset's week variants (shifted DATE_TRUNC('week')).
 * The buckets count from the start of the minute, hour or day, so they keep the column's type
 * and time zone (no epoch round trip that would turn a timestamp into a timestamptz). DATE_PART
 * rather than EXTRACT, which refuses time units on DATE columns.
 */
const GRAINS: Record<TimeGrain, string> = {
  PT1S: "DATE_TRUNC('second', {col})",
  PT5S: "DATE_TRUNC('minute', {col}) + INTERVAL '5 seconds' * FLOOR(DATE_PART('second', {col}) / 5)",
  PT30S:
    "DATE_TRUNC('minute', {col}) + INTERVAL '30 seconds' * FLOOR(DATE_PART('second', {col}) / 30)",
  PT1M: "DATE_TRUNC('minute', {col})",
  PT5M: "DATE_TRUNC('hour', {col}) + INTERVAL '5 minutes' * FLOOR(DATE_PART('minute', {col}) / 5)",
  PT10M:
    "DATE_TRUNC('hour', {col}) + INTERVAL '10 minutes' * FLOOR(DATE_PART('minute', {col}) / 10)",
  PT15M:
    "DATE_TRUNC('hour', {col}) + INTERVAL '15 minutes' * FLOOR(DATE_PART('minute', {col}) / 15)",
  PT30M:
    "DATE_TRUNC('hour', {col}) + INTERVAL '30 minutes' * FLOOR(DATE_PART('minute', {col}) / 30)",
  PT1H: "DATE_TRUNC('hour', {col})",
  PT6H: "DATE_TRUNC('day', {col}) + INTERVAL '6 hours' * FLOOR(DATE_PART('hour', {col}) / 6)",
  P1D: "DATE_TRUNC('day', {col})",
  P1W: "DATE_TRUNC('week', {col})",
  P1M: "DATE_TRUNC('month', {col})",
  P3M: "DATE_TRUNC('quarter', {col})",
  P1Y: "DATE_TRUNC('year', {col})",
  '1969-12-28T00:00:00Z/P1W': "DATE_TRUNC('week', {col} + INTERVAL '1 day') - INTERVAL '1 day'",
  '1969-12-29T00:00:00Z/P1W': "DATE_TRUNC('week', {col})",
  'P1W/1970-01-03T00:00:00Z': "DATE_TRUNC('week', {col} + INTERVAL '1 day') + INTERVAL '5 days'",
  'P1W/1970-01-04T00:00:00Z': "DATE_TRUNC('week', {col}) + INTERVAL '6 days'",
};

export function postgresTimeGrain(grain: TimeGrain, column: string): string | null {
  const template = (GRAINS as Record<string, string | undefined>)[grain];
  return template ? template.replaceAll('{col}', column) : null;
}

/** Seconds or milliseconds since the epoch as a naive `timestamp` (Superset's expressions). */
export function postgresEpochToDttm(column: string, unit: 's' | 'ms'): string {
  return `(timestamp 'epoch' + ${column} * interval '1 ${unit === 's' ? 'second' : 'millisecond'}')`;
}

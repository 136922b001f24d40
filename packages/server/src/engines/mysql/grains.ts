import type { TimeGrain } from '@strata/core';

/**
 * MySQL/MariaDB time-grain expressions. Second, minute, hour, day, week (starting Sunday), month,
 * quarter, year and week starting Monday are Superset's MySQLEngineSpec expressions. The 5/30
 * second, 5/10/15/30 minute and 6 hour buckets count from midnight with the same DATE_ADD
 * arithmetic (instead of UNIX_TIMESTAMP, which shifts with the session time zone and returns 0
 * before 1970), and the week-ending variants move to the Saturday or Sunday that ends the week.
 */
const secondsOfDay = (col: string): string =>
  `HOUR(${col})*60*60 + MINUTE(${col})*60 + SECOND(${col})`;
const minutesOfDay = (col: string): string => `HOUR(${col})*60 + MINUTE(${col})`;

const seconds = (n: number) => (col: string) =>
  `DATE_ADD(DATE(${col}), INTERVAL (${secondsOfDay(col)} - SECOND(${col}) % ${n}) SECOND)`;
const minutes = (n: number) => (col: string) =>
  `DATE_ADD(DATE(${col}), INTERVAL (${minutesOfDay(col)} - MINUTE(${col}) % ${n}) MINUTE)`;

const GRAINS: Record<TimeGrain, (col: string) => string> = {
  PT1S: (col) => `DATE_ADD(DATE(${col}), INTERVAL (${secondsOfDay(col)}) SECOND)`,
  PT5S: seconds(5),
  PT30S: seconds(30),
  PT1M: (col) => `DATE_ADD(DATE(${col}), INTERVAL (${minutesOfDay(col)}) MINUTE)`,
  PT5M: minutes(5),
  PT10M: minutes(10),
  PT15M: minutes(15),
  PT30M: minutes(30),
  PT1H: (col) => `DATE_ADD(DATE(${col}), INTERVAL HOUR(${col}) HOUR)`,
  PT6H: (col) => `DATE_ADD(DATE(${col}), INTERVAL (HOUR(${col}) - HOUR(${col}) % 6) HOUR)`,
  P1D: (col) => `DATE(${col})`,
  // Weeks start on Monday, as on every other engine here (Superset's MySQL weeks start on Sunday;
  // the explicit Sunday grain below keeps that).
  P1W: (col) => `DATE(DATE_SUB(${col}, INTERVAL WEEKDAY(${col}) DAY))`,
  P1M: (col) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFMONTH(${col}) - 1 DAY))`,
  P3M: (col) => `MAKEDATE(YEAR(${col}), 1) + INTERVAL QUARTER(${col}) QUARTER - INTERVAL 1 QUARTER`,
  P1Y: (col) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFYEAR(${col}) - 1 DAY))`,
  '1969-12-28T00:00:00Z/P1W': (col) => `DATE(DATE_SUB(${col}, INTERVAL DAYOFWEEK(${col}) - 1 DAY))`,
  '1969-12-29T00:00:00Z/P1W': (col) =>
    `DATE(DATE_SUB(${col}, INTERVAL DAYOFWEEK(DATE_SUB(${col}, INTERVAL 1 DAY)) - 1 DAY))`,
  'P1W/1970-01-03T00:00:00Z': (col) => `DATE(DATE_ADD(${col}, INTERVAL 7 - DAYOFWEEK(${col}) DAY))`,
  'P1W/1970-01-04T00:00:00Z': (col) =>
    `DATE(DATE_ADD(${col}, INTERVAL (8 - DAYOFWEEK(${col})) % 7 DAY))`,
};

export function mysqlTimeGrain(grain: TimeGrain, column: string): string | null {
  const build = (GRAINS as Record<string, ((col: string) => string) | undefined>)[grain];
  return build ? build(column) : null;
}

/**
 * Seconds or milliseconds since the epoch as a DATETIME, counted from a DATETIME literal rather
 * than Superset's `from_unixtime`, which reads the session time zone and answers NULL before
 * 1970 (the same reason the buckets above avoid UNIX_TIMESTAMP).
 */
export function mysqlEpochToDttm(column: string, unit: 's' | 'ms'): string {
  return unit === 's'
    ? `(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (${column}) SECOND)`
    : `(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (${column} * 1000) MICROSECOND)`;
}

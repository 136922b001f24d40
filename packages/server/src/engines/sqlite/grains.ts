import type { TimeGrain } from '@strata/core';

/** Seconds since the epoch of a timestamp expression (text as SQLite's date functions read it). */
const epoch = (col: string): string => `CAST(strftime('%s', ${col}) AS INTEGER)`;

/** A bucket of `seconds` with floor semantics (SQLite's % keeps the dividend's sign). */
const bucket =
  (seconds: number) =>
  (col: string): string =>
    `datetime(${epoch(col)} - ((${epoch(col)} % ${seconds}) + ${seconds}) % ${seconds}, 'unixepoch')`;

/**
 * SQLite expressions truncating a timestamp column (text such as `2024-03-13 14:37:52` or ISO
 * `2024-03-13T14:37:52Z`) to each time grain, as `YYYY-MM-DD HH:MM:SS` text. Weeks use the
 * `weekday N` modifier, which moves forward to the next such weekday (or stays): going back six
 * days first gives the start of the week containing the day.
 */
const TEMPLATES: Record<TimeGrain, (col: string) => string> = {
  PT1S: (c) => `datetime(${c})`,
  PT5S: bucket(5),
  PT30S: bucket(30),
  PT1M: (c) => `strftime('%Y-%m-%d %H:%M:00', ${c})`,
  PT5M: bucket(300),
  PT10M: bucket(600),
  PT15M: bucket(900),
  PT30M: bucket(1800),
  PT1H: (c) => `strftime('%Y-%m-%d %H:00:00', ${c})`,
  PT6H: bucket(21600),
  P1D: (c) => `datetime(${c}, 'start of day')`,
  P1W: (c) => `datetime(${c}, 'start of day', '-6 days', 'weekday 1')`,
  P1M: (c) => `datetime(${c}, 'start of month')`,
  P3M: (c) =>
    `datetime(${c}, 'start of month', printf('-%d months', (CAST(strftime('%m', ${c}) AS INTEGER) - 1) % 3))`,
  P1Y: (c) => `datetime(${c}, 'start of year')`,
  '1969-12-28T00:00:00Z/P1W': (c) => `datetime(${c}, 'start of day', '-6 days', 'weekday 0')`,
  '1969-12-29T00:00:00Z/P1W': (c) => `datetime(${c}, 'start of day', '-6 days', 'weekday 1')`,
  'P1W/1970-01-03T00:00:00Z': (c) => `datetime(${c}, 'start of day', 'weekday 6')`,
  'P1W/1970-01-04T00:00:00Z': (c) => `datetime(${c}, 'start of day', 'weekday 0')`,
};

export function timeGrainExpression(grain: TimeGrain, column: string): string | null {
  const template = TEMPLATES[grain];
  return template ? template(column) : null;
}

/**
 * Seconds or milliseconds since the epoch as SQLite's `YYYY-MM-DD HH:MM:SS` text, the form the
 * grain expressions read (a bare number would be taken as a Julian day). Milliseconds are
 * divided as REAL, so times before 1970 are not rounded towards zero.
 */
export function epochToDttm(column: string, unit: 's' | 'ms'): string {
  return unit === 's'
    ? `datetime(${column}, 'unixepoch')`
    : `datetime(${column} / 1000.0, 'unixepoch')`;
}

import { TimeRangeError, TIME_RANGE_MESSAGES } from './errors.js';

/**
 * A naive date-time (no zone, read as UTC) counted in milliseconds since 1970-01-01T00:00:00,
 * always on a whole second. Every function here returns a new value.
 */
export type NaiveDateTime = number;

/** Units DATEADD and DATETRUNC take. */
export const TIME_UNITS = [
  'year',
  'quarter',
  'month',
  'week',
  'day',
  'hour',
  'minute',
  'second',
] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];

/** Units LASTDAY takes. */
export const LAST_DAY_UNITS = ['year', 'quarter', 'month', 'week', 'day'] as const;
export type LastDayUnit = (typeof LAST_DAY_UNITS)[number];

export interface DateTimeParts {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Monday 0 … Sunday 6, as Python's `weekday()`. */
  weekday: number;
}

const MIN_YEAR = 1;
const MAX_YEAR = 9999;
const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

function checkYear(year: number): void {
  if (!Number.isFinite(year) || year < MIN_YEAR || year > MAX_YEAR) {
    throw new TimeRangeError('out_of_range', TIME_RANGE_MESSAGES.outOfRange);
  }
}

/** Checks a computed value is a representable date-time (years 1 to 9999). */
export function checked(value: NaiveDateTime): NaiveDateTime {
  if (!Number.isFinite(value))
    throw new TimeRangeError('out_of_range', TIME_RANGE_MESSAGES.outOfRange);
  checkYear(new Date(value).getUTCFullYear());
  return value;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** A date-time from its fields; fields out of range (month 13, 31 April…) are refused. */
export function dateTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): NaiveDateTime {
  checkYear(year);
  const valid =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour >= 0 &&
    hour <= 23 &&
    minute >= 0 &&
    minute <= 59 &&
    second >= 0 &&
    second <= 59;
  if (!valid) throw new RangeError('date-time field out of range');
  // setUTCFullYear keeps years 1 to 99 as they are (Date.UTC would move them to 19xx).
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, 0);
  return d.getTime();
}

export function partsOf(value: NaiveDateTime): DateTimeParts {
  const d = new Date(value);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
    weekday: (d.getUTCDay() + 6) % 7,
  };
}

/** The given instant, cut to the whole second (`now` as a date-time). */
export function fromDate(date: Date): NaiveDateTime {
  const ms = date.getTime();
  if (!Number.isFinite(ms))
    throw new TimeRangeError('out_of_range', TIME_RANGE_MESSAGES.outOfRange);
  return checked(Math.floor(ms / SECOND_MS) * SECOND_MS);
}

export function startOfDay(value: NaiveDateTime): NaiveDateTime {
  return Math.floor(value / DAY_MS) * DAY_MS;
}

/** Adds months keeping the day when the target month has it, else its last day (relativedelta). */
export function addMonths(value: NaiveDateTime, months: number): NaiveDateTime {
  const p = partsOf(value);
  const index = p.year * 12 + (p.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  checkYear(year);
  return dateTime(
    year,
    month,
    Math.min(p.day, daysInMonth(year, month)),
    p.hour,
    p.minute,
    p.second,
  );
}

/** Adds a signed number of units (calendar months and years, exact weeks and smaller). */
export function addUnits(value: NaiveDateTime, amount: number, unit: TimeUnit): NaiveDateTime {
  switch (unit) {
    case 'year':
      return addMonths(value, amount * 12);
    case 'quarter':
      return addMonths(value, amount * 3);
    case 'month':
      return addMonths(value, amount);
    case 'week':
      return checked(value + amount * 7 * DAY_MS);
    case 'day':
      return checked(value + amount * DAY_MS);
    case 'hour':
      return checked(value + amount * HOUR_MS);
    case 'minute':
      return checked(value + amount * MINUTE_MS);
    case 'second':
      return checked(value + amount * SECOND_MS);
  }
}

/** The start of the unit holding the value (weeks start on Monday). */
export function truncateTo(value: NaiveDateTime, unit: TimeUnit): NaiveDateTime {
  const p = partsOf(value);
  switch (unit) {
    case 'year':
      return dateTime(p.year, 1, 1);
    case 'quarter':
      return dateTime(p.year, p.month - ((p.month - 1) % 3), 1);
    case 'month':
      return dateTime(p.year, p.month, 1);
    case 'week':
      return checked(startOfDay(value) - p.weekday * DAY_MS);
    case 'day':
      return startOfDay(value);
    case 'hour':
      return dateTime(p.year, p.month, p.day, p.hour);
    case 'minute':
      return dateTime(p.year, p.month, p.day, p.hour, p.minute);
    case 'second':
      return value;
  }
}

/** The last day of the unit holding the value, at midnight (weeks end on Sunday). */
export function lastDayOf(value: NaiveDateTime, unit: LastDayUnit): NaiveDateTime {
  const p = partsOf(value);
  switch (unit) {
    case 'year':
      return dateTime(p.year, 12, 31);
    case 'quarter': {
      const month = p.month - ((p.month - 1) % 3) + 2;
      return dateTime(p.year, month, daysInMonth(p.year, month));
    }
    case 'month':
      return dateTime(p.year, p.month, daysInMonth(p.year, p.month));
    case 'week':
      return checked(startOfDay(value) + (6 - p.weekday) * DAY_MS);
    case 'day':
      return startOfDay(value);
  }
}

/** Whole days from one value to another, rounded down (Python's `timedelta.days`). */
export function daysBetween(from: NaiveDateTime, to: NaiveDateTime): number {
  return Math.floor((to - from) / DAY_MS);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Superset's format: `YYYY-MM-DDTHH:mm:ss`. */
export function formatDateTime(value: NaiveDateTime): string {
  const p = partsOf(value);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

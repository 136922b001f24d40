import { addUnits, dateTime, daysInMonth, partsOf, type NaiveDateTime } from './calendar.js';
import { TimeRangeError, TIME_RANGE_MESSAGES } from './errors.js';

/** How a holiday's date is found in a given year. */
type HolidayRule =
  | { kind: 'fixed'; month: number; day: number }
  /** The nth weekday of a month (weekday Monday 0 … Sunday 6; nth −1 is the last). */
  | { kind: 'nth_weekday'; month: number; weekday: number; nth: number }
  /** Days from Easter Sunday (Gregorian). */
  | { kind: 'easter'; offset: number };

interface Holiday {
  name: string;
  rule: HolidayRule;
  /** First year the holiday exists, when it is recent. */
  since?: number;
}

const MONDAY = 0;
const THURSDAY = 3;

const NEW_YEAR: Holiday = { name: "New Year's Day", rule: { kind: 'fixed', month: 1, day: 1 } };
const CHRISTMAS: Holiday = { name: 'Christmas Day', rule: { kind: 'fixed', month: 12, day: 25 } };

const US: readonly Holiday[] = [
  NEW_YEAR,
  {
    name: 'Martin Luther King Jr. Day',
    rule: { kind: 'nth_weekday', month: 1, weekday: MONDAY, nth: 3 },
    since: 1986,
  },
  {
    name: "Washington's Birthday",
    rule: { kind: 'nth_weekday', month: 2, weekday: MONDAY, nth: 3 },
  },
  { name: 'Memorial Day', rule: { kind: 'nth_weekday', month: 5, weekday: MONDAY, nth: -1 } },
  {
    name: 'Juneteenth National Independence Day',
    rule: { kind: 'fixed', month: 6, day: 19 },
    since: 2021,
  },
  { name: 'Independence Day', rule: { kind: 'fixed', month: 7, day: 4 } },
  { name: 'Labor Day', rule: { kind: 'nth_weekday', month: 9, weekday: MONDAY, nth: 1 } },
  { name: 'Columbus Day', rule: { kind: 'nth_weekday', month: 10, weekday: MONDAY, nth: 2 } },
  { name: 'Veterans Day', rule: { kind: 'fixed', month: 11, day: 11 } },
  {
    name: 'Thanksgiving Day',
    rule: { kind: 'nth_weekday', month: 11, weekday: THURSDAY, nth: 4 },
  },
  CHRISTMAS,
];

const UK: readonly Holiday[] = [
  NEW_YEAR,
  { name: 'Good Friday', rule: { kind: 'easter', offset: -2 } },
  { name: 'Easter Monday', rule: { kind: 'easter', offset: 1 } },
  { name: 'May Day', rule: { kind: 'nth_weekday', month: 5, weekday: MONDAY, nth: 1 } },
  {
    name: 'Spring Bank Holiday',
    rule: { kind: 'nth_weekday', month: 5, weekday: MONDAY, nth: -1 },
  },
  {
    name: 'Late Summer Bank Holiday',
    rule: { kind: 'nth_weekday', month: 8, weekday: MONDAY, nth: -1 },
  },
  CHRISTMAS,
  { name: 'Boxing Day', rule: { kind: 'fixed', month: 12, day: 26 } },
];

/** The small fixed table HOLIDAY reads (Superset uses the `holidays` package; default US). */
const HOLIDAYS_BY_COUNTRY: Readonly<Record<string, readonly Holiday[]>> = { US, UK, GB: UK };

export const HOLIDAY_COUNTRIES = Object.keys(HOLIDAYS_BY_COUNTRY);
export const DEFAULT_HOLIDAY_COUNTRY = 'US';

/** Easter Sunday of a Gregorian year (the anonymous algorithm). */
export function easterSunday(year: number): NaiveDateTime {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return dateTime(year, month, day);
}

function nthWeekday(year: number, month: number, weekday: number, nth: number): NaiveDateTime {
  if (nth > 0) {
    const first = partsOf(dateTime(year, month, 1)).weekday;
    const day = 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7;
    return dateTime(year, month, day);
  }
  const lastDay = daysInMonth(year, month);
  const last = partsOf(dateTime(year, month, lastDay)).weekday;
  return dateTime(year, month, lastDay - ((last - weekday + 7) % 7));
}

function dateIn(rule: HolidayRule, year: number): NaiveDateTime {
  switch (rule.kind) {
    case 'fixed':
      return dateTime(year, rule.month, rule.day);
    case 'nth_weekday':
      return nthWeekday(year, rule.month, rule.weekday, rule.nth);
    case 'easter':
      return addUnits(easterSunday(year), rule.offset, 'day');
  }
}

/**
 * The date of the first holiday (in date order) of the country and year whose name starts with
 * `name`, ignoring case, as Superset's `get_named(name, lookup="istartswith")`.
 */
export function holidayDate(
  name: string,
  year: number,
  country: string = DEFAULT_HOLIDAY_COUNTRY,
): NaiveDateTime {
  const code = country.trim().toUpperCase();
  const table = Object.hasOwn(HOLIDAYS_BY_COUNTRY, code) ? HOLIDAYS_BY_COUNTRY[code] : undefined;
  if (!table) {
    throw new TimeRangeError(
      'holiday',
      TIME_RANGE_MESSAGES.unknownCountry(country, HOLIDAY_COUNTRIES),
    );
  }
  const wanted = name.trim().toLowerCase();
  const dates = table
    .filter((h) => wanted !== '' && h.name.toLowerCase().startsWith(wanted))
    .filter((h) => h.since === undefined || year >= h.since)
    .map((h) => dateIn(h.rule, year))
    .sort((x, y) => x - y);
  const first = dates[0];
  if (first === undefined)
    throw new TimeRangeError('holiday', TIME_RANGE_MESSAGES.unknownHoliday(name));
  return first;
}

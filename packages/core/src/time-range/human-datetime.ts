import {
  addUnits,
  checked,
  dateTime,
  startOfDay,
  type NaiveDateTime,
  type TimeUnit,
} from './calendar.js';
import { TimeRangeError, TIME_RANGE_MESSAGES } from './errors.js';

/**
 * Reads the text of `DATETIME("…")` (and a bare end of a range) as Superset's
 * `parse_human_datetime` does for the forms people write: ISO dates and date-times,
 * `now`, `today`, `yesterday`, `tomorrow`, and "N units ago|later".
 * Day-sized phrases land on midnight; `now` and hour/minute/second phrases keep the time.
 */
export function parseHumanDateTime(text: string, now: NaiveDateTime): NaiveDateTime {
  const trimmed = text.trim();
  const lower = trimmed.toLowerCase();
  if (/^\d+\s+(second|minute|hour|day|week|month|quarter|year)s?$/i.test(trimmed)) {
    throw new TimeRangeError('ambiguous', TIME_RANGE_MESSAGES.ambiguous(trimmed));
  }
  const today = startOfDay(now);
  switch (lower) {
    case 'now':
      return now;
    case 'today':
      return today;
    case 'yesterday':
      return addUnits(today, -1, 'day');
    case 'tomorrow':
      return addUnits(today, 1, 'day');
  }
  const value = parseAbsolute(trimmed) ?? parseRelative(lower, now);
  if (value === null)
    throw new TimeRangeError('unparseable', TIME_RANGE_MESSAGES.cannotParse(trimmed));
  return value;
}

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};
const BACKWARD = ['ago', 'before', 'prior', 'earlier'];
const FORWARD = ['later', 'after', 'from now', 'hence'];
const RELATIVE =
  /^([+-]?\d{1,9}|[a-z]+)\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+(ago|before|prior|earlier|later|after|from now|hence))?$/;
const TIME_OF_DAY_UNITS: ReadonlySet<TimeUnit> = new Set(['hour', 'minute', 'second']);

/** "7 days ago", "3 months later", "-2 weeks", "one year ago". */
function parseRelative(lower: string, now: NaiveDateTime): NaiveDateTime | null {
  const m = RELATIVE.exec(lower.replace(/\s+/g, ' '));
  if (!m) return null;
  const [, quantity = '', unitText = '', direction] = m;
  const count = /^[+-]?\d+$/.test(quantity)
    ? Number(quantity)
    : Object.hasOwn(NUMBER_WORDS, quantity)
      ? NUMBER_WORDS[quantity]
      : undefined;
  if (count === undefined) return null;
  const signed = /^[+-]/.test(quantity);
  if (direction === undefined && !signed) return null;
  const sign = direction !== undefined && BACKWARD.includes(direction) ? -1 : 1;
  if (direction !== undefined && !BACKWARD.includes(direction) && !FORWARD.includes(direction))
    return null;
  const unit = unitText as TimeUnit;
  const moved = addUnits(now, sign * count, unit);
  return TIME_OF_DAY_UNITS.has(unit) ? moved : startOfDay(moved);
}

const MONTHS = [
  'jan',
  'feb',
  'mar',
  'apr',
  'may',
  'jun',
  'jul',
  'aug',
  'sep',
  'oct',
  'nov',
  'dec',
] as const;

function monthFromName(name: string): number | null {
  const key = name.toLowerCase();
  if (key.length < 3) return null;
  const index = MONTHS.findIndex((m) => key.startsWith(m) && fullMonthName(m).startsWith(key));
  return index < 0 ? null : index + 1;
}

function fullMonthName(abbrev: string): string {
  const names: Record<string, string> = {
    jan: 'january',
    feb: 'february',
    mar: 'march',
    apr: 'april',
    may: 'may',
    jun: 'june',
    jul: 'july',
    aug: 'august',
    sep: 'september',
    oct: 'october',
    nov: 'november',
    dec: 'december',
  };
  return names[abbrev] ?? abbrev;
}

const ISO =
  /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i;
const SLASHED_YMD = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const SLASHED_MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;
const NAMED_MDY = /^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
const NAMED_DMY = /^(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]+)\.?,?\s+(\d{4})$/i;
const NAMED_MY = /^([a-z]+)\.?,?\s+(\d{4})$/i;

/** Calendar dates and date-times; null when the text is not one of these shapes. */
function parseAbsolute(text: string): NaiveDateTime | null {
  let m = ISO.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s, zone] = m;
    const local = build(num(y), num(mo, 1), num(d, 1), num(h), num(mi), num(s), text);
    return zone === undefined ? local : checked(local - zoneOffsetMs(zone));
  }
  m = SLASHED_YMD.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s] = m;
    return build(num(y), num(mo), num(d), num(h), num(mi), num(s), text);
  }
  m = SLASHED_MDY.exec(text);
  if (m) {
    const [, mo, d, y, h, mi, s] = m;
    return build(num(y), num(mo), num(d), num(h), num(mi), num(s), text);
  }
  m = NAMED_MDY.exec(text);
  if (m) {
    const month = monthFromName(m[1] ?? '');
    return month === null ? null : build(num(m[3]), month, num(m[2]), 0, 0, 0, text);
  }
  m = NAMED_DMY.exec(text);
  if (m) {
    const month = monthFromName(m[2] ?? '');
    return month === null ? null : build(num(m[3]), month, num(m[1]), 0, 0, 0, text);
  }
  m = NAMED_MY.exec(text);
  if (m) {
    const month = monthFromName(m[1] ?? '');
    return month === null ? null : build(num(m[2]), month, 1, 0, 0, 0, text);
  }
  return null;
}

function num(text: string | undefined, fallback = 0): number {
  return text === undefined ? fallback : Number(text);
}

function build(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
  text: string,
): NaiveDateTime {
  try {
    return dateTime(year, month, day, hour, minute, second);
  } catch (e) {
    if (e instanceof TimeRangeError) throw e;
    throw new TimeRangeError('unparseable', TIME_RANGE_MESSAGES.cannotParse(text));
  }
}

/** `Z`, `+02`, `+0530`, `-05:00` → milliseconds east of UTC. */
function zoneOffsetMs(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const hours = Number(digits.slice(0, 2));
  const minutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
  return sign * (hours * 60 + minutes) * 60_000;
}

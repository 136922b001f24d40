/**
 * Superset's `python_date_format` of a temporal column: `epoch_s` / `epoch_ms` (numbers of
 * seconds or milliseconds since 1970-01-01), or a Python strftime format for date-times stored
 * as text or numbers (`%Y`, `%Y-%m-%d %H:%M:%S.%f`…). Pure: the strftime formatter (time
 * filter bounds in the column's format, Superset's `dttm_sql_literal`) and the strptime parser
 * (results read back into date-times, Superset's `normalize_dttm_col`). Date-times are naive,
 * read as UTC, and carried as epoch milliseconds.
 *
 * Directives: %Y %m %d %H %M %S %f %y %j %b %B %a %A %p %I %% (English names, as Python's C
 * locale). Any other directive makes the format unknown (null): the column then behaves as if it
 * had no format.
 */
import { MONTH_NAMES } from '@strata/core';

export type EpochUnit = 's' | 'ms';

type Directive =
  'Y' | 'm' | 'd' | 'H' | 'M' | 'S' | 'f' | 'y' | 'j' | 'b' | 'B' | 'a' | 'A' | 'p' | 'I';

type Part = { literal: string } | { directive: Directive };

export type DateFormat =
  { kind: 'epoch'; unit: EpochUnit } | { kind: 'pattern'; pattern: string; parts: readonly Part[] };

const DIRECTIVES = new Set<string>([
  'Y',
  'm',
  'd',
  'H',
  'M',
  'S',
  'f',
  'y',
  'j',
  'b',
  'B',
  'a',
  'A',
  'p',
  'I',
]);

const MONTHS = MONTH_NAMES;
const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** Epoch milliseconds a JS Date can hold (±100,000,000 days). */
const MAX_MS = 8.64e15;

/** The parts of a strftime pattern, or null when it has an unknown directive or a lone `%`. */
function tokenize(pattern: string): Part[] | null {
  const parts: Part[] = [];
  let literal = '';
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i]!;
    if (ch !== '%') {
      literal += ch;
      continue;
    }
    const next = pattern[i + 1];
    i += 1;
    if (next === '%') {
      literal += '%';
      continue;
    }
    if (next === undefined || !DIRECTIVES.has(next)) return null;
    if (literal) parts.push({ literal });
    literal = '';
    parts.push({ directive: next as Directive });
  }
  if (literal) parts.push({ literal });
  return parts;
}

/**
 * A column's `python_date_format` read: epoch units, or a pattern with at least one known
 * directive. Null for none, an empty value, a pattern with an unknown directive or without any.
 */
export function dateFormatOf(value: string | null | undefined): DateFormat | null {
  if (value == null || value.trim() === '') return null;
  if (value === 'epoch_s') return { kind: 'epoch', unit: 's' };
  if (value === 'epoch_ms') return { kind: 'epoch', unit: 'ms' };
  const parts = tokenize(value);
  if (!parts || !parts.some((p) => 'directive' in p)) return null;
  return { kind: 'pattern', pattern: value, parts };
}

/** The python_date_format a DateFormat was read from. */
export function dateFormatName(format: DateFormat): string {
  return format.kind === 'epoch' ? `epoch_${format.unit}` : format.pattern;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Epoch milliseconds of a naive date-time (any year, unlike Date.UTC's 0–99 → 19xx). */
function utcMillis(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const d = new Date(0);
  d.setUTCFullYear(year, month - 1, day);
  d.setUTCHours(hour, minute, second, ms);
  return d.getTime();
}

function dayOfYear(d: Date): number {
  return Math.floor((d.getTime() - utcMillis(d.getUTCFullYear(), 1, 1)) / 86_400_000) + 1;
}

function directiveText(d: Date, directive: Directive): string {
  const hour = d.getUTCHours();
  switch (directive) {
    case 'Y':
      return pad(d.getUTCFullYear(), 4);
    case 'y':
      return pad(((d.getUTCFullYear() % 100) + 100) % 100, 2);
    case 'm':
      return pad(d.getUTCMonth() + 1, 2);
    case 'd':
      return pad(d.getUTCDate(), 2);
    case 'H':
      return pad(hour, 2);
    case 'I':
      return pad(((hour + 11) % 12) + 1, 2);
    case 'p':
      return hour < 12 ? 'AM' : 'PM';
    case 'M':
      return pad(d.getUTCMinutes(), 2);
    case 'S':
      return pad(d.getUTCSeconds(), 2);
    case 'f':
      return pad(d.getUTCMilliseconds() * 1000, 6);
    case 'j':
      return pad(dayOfYear(d), 3);
    case 'b':
      return MONTHS[d.getUTCMonth()]!.slice(0, 3);
    case 'B':
      return MONTHS[d.getUTCMonth()]!;
    case 'a':
      return DAYS[(d.getUTCDay() + 6) % 7]!.slice(0, 3);
    case 'A':
      return DAYS[(d.getUTCDay() + 6) % 7]!;
  }
}

/**
 * The naive date-time `ms` (epoch milliseconds, read as UTC) written with a strftime pattern,
 * as Python's `datetime.strftime`; null for an unknown directive or an invalid time.
 */
export function strftime(ms: number, pattern: string | DateFormat): string | null {
  const format = typeof pattern === 'string' ? dateFormatOf(pattern) : pattern;
  if (!format || format.kind !== 'pattern') return null;
  if (!Number.isFinite(ms) || Math.abs(ms) > MAX_MS) return null;
  const d = new Date(ms);
  return format.parts
    .map((p) => ('literal' in p ? p.literal : directiveText(d, p.directive)))
    .join('');
}

/** The value of a date-time in an epoch column: whole seconds or milliseconds (floored). */
export function epochValue(ms: number, unit: EpochUnit): number {
  return unit === 's' ? Math.floor(ms / 1000) : Math.floor(ms);
}

/** Python's `_strptime` expressions (its TimeRE), names in English. */
const NAMES = (names: readonly string[]): string =>
  `(${[...names].sort((a, b) => b.length - a.length).join('|')})`;
const EXPRESSIONS: Record<Directive, string> = {
  d: '(3[01]|[12]\\d|0[1-9]|[1-9]| [1-9])',
  f: '([0-9]{1,6})',
  H: '(2[0-3]|[0-1]\\d|\\d)',
  I: '(1[0-2]|0[1-9]|[1-9])',
  j: '(36[0-6]|3[0-5]\\d|[12]\\d\\d|0[1-9]\\d|00[1-9]|[1-9]\\d|0[1-9]|[1-9])',
  m: '(1[0-2]|0[1-9]|[1-9])',
  M: '([0-5]\\d|\\d)',
  S: '(6[0-1]|[0-5]\\d|\\d)',
  y: '(\\d\\d)',
  Y: '(\\d\\d\\d\\d)',
  b: NAMES(MONTHS.map((m) => m.slice(0, 3))),
  B: NAMES(MONTHS),
  a: NAMES(DAYS.map((d) => d.slice(0, 3))),
  A: NAMES(DAYS),
  p: '(AM|PM)',
};

const escapeRegex = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

export interface ParseOptions {
  /**
   * True (default): the whole text must match, as Python's strptime. False: the format may match
   * anywhere in the text, as pandas' `to_datetime(..., exact=False)` that Superset calls.
   */
  exact?: boolean;
}

/**
 * A parser of text in a strftime pattern into epoch milliseconds (naive, read as UTC; the
 * microseconds of %f floored to milliseconds), or null for an unknown pattern. The parser
 * answers null for text that does not match or is not a valid date (pandas' errors='coerce').
 * Unset fields default as Python's do: 1900-01-01 00:00:00 (1904 for a bare 29 February).
 */
export function dateParser(
  pattern: string | DateFormat,
  options: ParseOptions = {},
): ((text: string) => number | null) | null {
  const format = typeof pattern === 'string' ? dateFormatOf(pattern) : pattern;
  if (!format || format.kind !== 'pattern') return null;
  const directives: Directive[] = [];
  let source = '';
  for (const part of format.parts) {
    if ('literal' in part) {
      source += part.literal
        .split(/(\s+)/)
        .map((chunk) => (/^\s+$/.test(chunk) ? '\\s+' : escapeRegex(chunk)))
        .join('');
    } else {
      directives.push(part.directive);
      source += EXPRESSIONS[part.directive];
    }
  }
  const exact = options.exact ?? true;
  const regex = new RegExp(exact ? `^${source}$` : source, 'i');
  return (text: string): number | null => {
    const m = regex.exec(text);
    if (!m) return null;
    let year: number | null = null;
    let month = 1;
    let day = 1;
    let hour = 0;
    let hour12: number | null = null;
    let pm: boolean | null = null;
    let minute = 0;
    let second = 0;
    let micros = 0;
    let julian: number | null = null;
    directives.forEach((directive, i) => {
      const value = m[i + 1]!;
      const n = Number(value);
      switch (directive) {
        case 'Y':
          year = n;
          break;
        case 'y':
          year = n < 69 ? 2000 + n : 1900 + n;
          break;
        case 'm':
          month = n;
          break;
        case 'd':
          day = n;
          break;
        case 'H':
          hour = n;
          hour12 = null;
          break;
        case 'I':
          hour12 = n;
          break;
        case 'p':
          pm = value.toUpperCase() === 'PM';
          break;
        case 'M':
          minute = n;
          break;
        case 'S':
          second = n;
          break;
        case 'f':
          micros = Number(value.padEnd(6, '0'));
          break;
        case 'j':
          julian = n;
          break;
        case 'b':
        case 'B':
          month =
            MONTHS.findIndex((name) => name.toLowerCase().startsWith(value.toLowerCase())) + 1;
          break;
        case 'a':
        case 'A':
          // The weekday is checked by the expression only; it does not move the date.
          break;
      }
    });
    if (hour12 !== null) hour = (hour12 % 12) + (pm ? 12 : 0);
    if (second > 59) return null;
    const y: number = year ?? (month === 2 && day === 29 && julian === null ? 1904 : 1900);
    let ms: number;
    if (julian !== null) {
      ms = utcMillis(y, 1, julian, hour, minute, second, Math.floor(micros / 1000));
    } else {
      const daysInMonth = new Date(utcMillis(y, month + 1, 0)).getUTCDate();
      if (day > daysInMonth) return null;
      ms = utcMillis(y, month, day, hour, minute, second, Math.floor(micros / 1000));
    }
    return Number.isFinite(ms) ? ms : null;
  };
}

/** `text` parsed with a strftime pattern into epoch milliseconds, or null (see `dateParser`). */
export function strptime(
  text: string,
  pattern: string | DateFormat,
  options: ParseOptions = {},
): number | null {
  const parse = dateParser(pattern, options);
  return parse ? parse(text) : null;
}

/**
 * Moment-style date formatting for the `dateFormat` helper (Superset formats with dayjs/moment
 * tokens such as "YYYY-MM-DD"). Dates are shown in UTC, like the app's other time formats, since
 * the chart data API sends naive timestamps as epoch milliseconds. `[text]` is literal text.
 */
import { MONTH_NAMES } from '@strata/core';

const MONTHS = MONTH_NAMES;
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

const TOKENS: Record<string, (d: Date) => string> = {
  YYYY: (d) => pad(d.getUTCFullYear(), 4),
  YY: (d) => pad(d.getUTCFullYear() % 100),
  Q: (d) => String(Math.floor(d.getUTCMonth() / 3) + 1),
  MMMM: (d) => MONTHS[d.getUTCMonth()]!,
  MMM: (d) => MONTHS[d.getUTCMonth()]!.slice(0, 3),
  MM: (d) => pad(d.getUTCMonth() + 1),
  M: (d) => String(d.getUTCMonth() + 1),
  Do: (d) => ordinal(d.getUTCDate()),
  DD: (d) => pad(d.getUTCDate()),
  D: (d) => String(d.getUTCDate()),
  dddd: (d) => DAYS[d.getUTCDay()]!,
  ddd: (d) => DAYS[d.getUTCDay()]!.slice(0, 3),
  HH: (d) => pad(d.getUTCHours()),
  H: (d) => String(d.getUTCHours()),
  hh: (d) => pad(d.getUTCHours() % 12 || 12),
  h: (d) => String(d.getUTCHours() % 12 || 12),
  mm: (d) => pad(d.getUTCMinutes()),
  m: (d) => String(d.getUTCMinutes()),
  ss: (d) => pad(d.getUTCSeconds()),
  s: (d) => String(d.getUTCSeconds()),
  SSS: (d) => pad(d.getUTCMilliseconds(), 3),
  A: (d) => (d.getUTCHours() < 12 ? 'AM' : 'PM'),
  a: (d) => (d.getUTCHours() < 12 ? 'am' : 'pm'),
  X: (d) => String(Math.floor(d.getTime() / 1000)),
  x: (d) => String(d.getTime()),
  Z: () => '+00:00',
};

const TOKEN_RE =
  /\[([^\]]*)]|YYYY|YY|Q|MMMM|MMM|MM|M|Do|DD|D|dddd|ddd|HH|H|hh|h|mm|m|ss|s|SSS|A|a|X|x|Z/g;

/** A date from epoch milliseconds, a Date or a date string (naive ISO strings read as UTC). */
export function toDate(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string' || value.trim() === '') return null;
  const naive = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value.trim());
  return new Date(
    naive ? `${value.trim().replace(' ', 'T')}${value.includes(':') ? 'Z' : ''}` : value,
  );
}

/** Formats a date with moment tokens; "Invalid Date" when it is not a date (as dayjs says). */
export function formatDate(value: unknown, format = 'YYYY-MM-DD'): string {
  const d = toDate(value);
  if (!d || Number.isNaN(d.getTime())) return 'Invalid Date';
  return format.replace(TOKEN_RE, (token: string, literal: string | undefined) =>
    literal !== undefined ? literal : TOKENS[token]!(d),
  );
}

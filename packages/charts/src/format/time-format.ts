/**
 * Time formatting for charts: d3-time-format patterns in UTC (chart times are the database's
 * naive times as epoch ms), and "smart_date" (Adaptive formatting), which shows the coarsest
 * part of the instant that is not zero (year, month, day, hour, minute, second, millisecond).
 */
import { utcFormat } from 'd3-time-format';

export type TimeFormatter = (value: number | Date | null | undefined) => string;

const parts = {
  ms: utcFormat('.%L'),
  second: utcFormat(':%S'),
  minute: utcFormat('%H:%M'),
  hour: utcFormat('%H:%M'),
  day: utcFormat('%b %d'),
  month: utcFormat('%b'),
  year: utcFormat('%Y'),
};

export function smartDate(d: Date): string {
  if (d.getUTCMilliseconds() !== 0) return parts.ms(d);
  if (d.getUTCSeconds() !== 0) return parts.second(d);
  if (d.getUTCMinutes() !== 0) return parts.minute(d);
  if (d.getUTCHours() !== 0) return parts.hour(d);
  if (d.getUTCDate() !== 1) return parts.day(d);
  if (d.getUTCMonth() !== 0) return parts.month(d);
  return parts.year(d);
}

/** Full date-time for tooltips: "2024-01-05 10:00:00", time dropped at midnight. */
export function tooltipDate(d: Date): string {
  const midnight =
    d.getUTCHours() === 0 &&
    d.getUTCMinutes() === 0 &&
    d.getUTCSeconds() === 0 &&
    d.getUTCMilliseconds() === 0;
  return midnight ? utcFormat('%Y-%m-%d')(d) : utcFormat('%Y-%m-%d %H:%M:%S')(d);
}

const cache = new Map<string, TimeFormatter>();

export function getTimeFormatter(pattern: string | null | undefined): TimeFormatter {
  const key = pattern || 'smart_date';
  const hit = cache.get(key);
  if (hit) return hit;
  const inner = key === 'smart_date' ? smartDate : utcFormat(key);
  const formatter: TimeFormatter = (value) => {
    if (value === null || value === undefined) return 'N/A';
    const d = value instanceof Date ? value : new Date(value);
    return Number.isNaN(d.getTime()) ? 'N/A' : inner(d);
  };
  cache.set(key, formatter);
  return formatter;
}

/** Superset's date formats per time grain (what "Adaptive formatting" shows in a table). */
const GRAIN_FORMATS: Record<string, string> = {
  PT1S: '%Y-%m-%d %H:%M:%S',
  PT1M: '%Y-%m-%d %H:%M',
  PT5M: '%Y-%m-%d %H:%M',
  PT10M: '%Y-%m-%d %H:%M',
  PT15M: '%Y-%m-%d %H:%M',
  PT30M: '%Y-%m-%d %H:%M',
  PT1H: '%Y-%m-%d %H:00',
  P1D: '%Y-%m-%d',
  P1W: '%Y-%m-%d',
  P1M: '%b %Y',
  P3M: '%Y Q%q',
  P1Y: '%Y',
  '1969-12-28T00:00:00Z/P1W': '%Y-%m-%d',
  '1969-12-29T00:00:00Z/P1W': '%Y-%m-%d',
  'P1W/1970-01-03T00:00:00Z': '%Y-%m-%d',
  'P1W/1970-01-04T00:00:00Z': '%Y-%m-%d',
};

/**
 * The time formatter of a table cell (Superset's table): a chosen pattern as it is; "Adaptive
 * formatting" as the time grain's format (a month as "Feb 2024", a day as "2024-02-24"), or the
 * full date and time when there is no grain — never a date without its year.
 */
export function tableTimeFormatter(
  pattern: string | null | undefined,
  grain: string | null | undefined,
): TimeFormatter {
  if (pattern && pattern !== 'smart_date') return getTimeFormatter(pattern);
  const byGrain = grain ? GRAIN_FORMATS[grain] : undefined;
  return getTimeFormatter(byGrain ?? '%Y-%m-%d %H:%M:%S');
}

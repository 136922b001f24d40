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

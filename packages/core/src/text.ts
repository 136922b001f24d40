import { LABEL_MAX_LENGTH, LABEL_TRUNCATED_LENGTH } from './constants.js';

/** Labels longer than 42 characters are cut to 40 plus dots. */
export function truncateLabel(label: string): string {
  return label.length > LABEL_MAX_LENGTH ? `${label.slice(0, LABEL_TRUNCATED_LENGTH)}...` : label;
}

/** "2 hours ago"-style text for the distance between `then` and `now`. */
export function humanizeTimeDelta(then: Date, now: Date = new Date()): string {
  const seconds = Math.round((now.getTime() - then.getTime()) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const units: Array<[number, string]> = [
    [60 * 60 * 24 * 365, 'year'],
    [60 * 60 * 24 * 30, 'month'],
    [60 * 60 * 24 * 7, 'week'],
    [60 * 60 * 24, 'day'],
    [60 * 60, 'hour'],
    [60, 'minute'],
  ];
  for (const [size, name] of units) {
    if (s >= size) {
      const n = Math.floor(s / size);
      const phrase = n === 1 ? `a${name === 'hour' ? 'n' : ''} ${name}` : `${n} ${name}s`;
      return future ? `in ${phrase}` : `${phrase} ago`;
    }
  }
  return future ? 'in a few seconds' : 'a few seconds ago';
}

/** English month names, January first (date formats of charts and stored columns). */
export const MONTH_NAMES: readonly string[] = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

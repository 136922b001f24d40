import {
  quoteIdentifier,
  quoteString,
  utcTimestampText as timestampText,
} from '../shared/sql-text.js';

export { quoteIdentifier };

/**
 * An SQL literal of a JS value for SQLite: strings single-quoted, TRUE/FALSE, NULL, and dates as
 * `'YYYY-MM-DD HH:MM:SS.sss'` text (UTC), the form SQLite's date functions read and compare.
 */
export function literal(value: string | number | boolean | null | Date): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return String(value);
    // SQLite has no NaN (it reads as NULL); an overflowing literal is its infinity.
    return Number.isNaN(value) ? 'NULL' : value > 0 ? '9e999' : '-9e999';
  }
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? 'NULL' : quoteString(timestampText(value));
  return quoteString(value);
}

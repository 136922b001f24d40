/** Quoting and literals of DuckDB (ANSI double-quoted identifiers, single-quoted strings). */
import { quoteIdentifier, quoteString, utcTimestampText } from '../shared/sql-text.js';

export { quoteIdentifier, quoteString };

/** An SQL literal of a JS value; dates become `TIMESTAMP '…'` (UTC). */
export function literal(value: string | number | boolean | null | Date): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return String(value);
    const special = Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
    return `CAST('${special}' AS DOUBLE)`;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return 'NULL';
    return `TIMESTAMP '${utcTimestampText(value)}'`;
  }
  return quoteString(value);
}

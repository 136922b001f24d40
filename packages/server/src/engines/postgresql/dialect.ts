/** Quoting of names and values for PostgreSQL. */
import { quoteIdentifier, utcTimestampText } from '../shared/sql-text.js';

/** PostgreSQL quotes names the ANSI way. */
export const quotePgIdentifier = quoteIdentifier;

/**
 * A literal. Strings double their quotes (standard_conforming_strings); a string holding a
 * backslash is written as an E'' string with doubled backslashes, which reads the same whatever
 * standard_conforming_strings is set to.
 */
export function pgLiteral(value: string | number | boolean | null | Date): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return String(value);
    return `'${Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity'}'::double precision`;
  }
  if (value instanceof Date) return `TIMESTAMP '${utcTimestampText(value)}'`;
  const quoted = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${quoted.replace(/\\/g, '\\\\')}'` : `'${quoted}'`;
}

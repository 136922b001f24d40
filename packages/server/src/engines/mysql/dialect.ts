import { utcTimestampText } from '../shared/sql-text.js';

/** Quoting of names and values for MySQL and MariaDB. */

export function quoteMysqlIdentifier(name: string): string {
  return `\`${name.replace(/`/g, '``')}\``;
}

const ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\\': '\\\\',
  "'": "''",
};

/**
 * A literal. Quotes are doubled rather than backslash-escaped and line breaks are kept as they
 * are, so a value stays data even with the NO_BACKSLASH_ESCAPES SQL mode (where only the doubled
 * backslashes would then read as two characters).
 */
export function mysqlLiteral(value: string | number | boolean | null | Date): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (value instanceof Date) return `TIMESTAMP '${utcTimestampText(value)}'`;
  return `'${value.replace(/[\0\\']/g, (c) => ESCAPES[c]!)}'`;
}

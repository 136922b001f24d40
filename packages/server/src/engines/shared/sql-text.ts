/** Quoting shared by the ANSI-quoting engines (DuckDB, PostgreSQL, SQLite). */

/** `name` as a double-quoted identifier, inner double quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A single-quoted string literal, inner single quotes doubled (backslashes are plain text). */
export function quoteString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `YYYY-MM-DD HH:MM:SS.sss` of a date, in UTC, for timestamp literals. */
export function utcTimestampText(value: Date): string {
  return value.toISOString().replace('T', ' ').replace('Z', '');
}

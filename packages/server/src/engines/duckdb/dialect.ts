/** Quoting and literals of DuckDB (ANSI double-quoted identifiers, single-quoted strings). */

/** `name` as a double-quoted identifier, inner double quotes doubled. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** A single-quoted string literal, inner single quotes doubled (backslashes are plain text). */
export function quoteString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** `YYYY-MM-DD HH:MM:SS.sss` of a date, in UTC. */
export function timestampText(value: Date): string {
  return value.toISOString().replace('T', ' ').replace('Z', '');
}

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
    return `TIMESTAMP '${timestampText(value)}'`;
  }
  return quoteString(value);
}

/**
 * CSV text of SQL Lab results (RFC 4180: comma separated, CRLF line ends, fields quoted when
 * they hold a comma, quote or line break). Text that a spreadsheet would run as a formula
 * (starting with =, +, -, @, tab or carriage return) is prefixed with a quote, as Superset's
 * CSV export does, unless it is a plain number.
 */

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** One CSV field. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'string') {
    text = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  } else if (typeof value === 'object') {
    text = JSON.stringify(value);
  } else {
    text = String(value);
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, with its CRLF. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

/** A file name for a download: letters, digits, dot, dash and underscore only. */
export function safeFileName(base: string, extension: string): string {
  const cleaned = base
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);
  return `${cleaned || 'query'}.${extension}`;
}

/**
 * Filter values rendered as the engine's literals, after Superset's coercion by column type
 * (numbers for numeric columns, booleans for boolean ones, timestamps for temporal ones). A
 * value is never concatenated into SQL as it came: it goes through `dialect.literal`.
 */
import { GenericDataType, type FilterValue } from '@strata/core';
import { epochValue, strftime, type DateFormat } from './date-format.js';
import { QueryValidationError, type CompileDialect } from './types.js';

const NUMBER = /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** A naive date-time (no zone: wall-clock time as the database stores it). */
export interface DateTimeParts {
  date: string;
  time: string;
  fraction: string;
}

/** Parses `YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]][Z|±HH:MM]`; zoned values are moved to UTC. */
export function parseDateTime(text: string): DateTimeParts | null {
  const m = DATETIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00', frac = '', zone] = m;
  const ms = Number((frac + '000').slice(0, 3));
  let date = new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms),
  );
  if (Number.isNaN(date.getTime())) return null;
  if (date.getUTCDate() !== Number(d) || date.getUTCMonth() !== Number(mo) - 1) return null;
  if (zone && zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    date = new Date(date.getTime() - sign * offset * 60_000);
  }
  const iso = date.toISOString();
  const fraction = iso.slice(20, 23) === '000' ? '' : iso.slice(20, 23);
  return { date: iso.slice(0, 10), time: iso.slice(11, 19), fraction };
}

/**
 * A timestamp literal. SQLite keeps timestamps as text, compared as text: a midnight bound is
 * written as the bare date (so `'2024-01-05' <= '2024-01-05 10:00:00'` and date-only values
 * compare right), other bounds as `YYYY-MM-DD HH:MM:SS`. Other engines get the engine's
 * TIMESTAMP literal.
 */
export function dateTimeLiteral(
  dialect: CompileDialect,
  parts: DateTimeParts,
  fullText = false,
): string {
  if (dialect.engine === 'sqlite') {
    if (parts.time === '00:00:00' && !parts.fraction && !fullText)
      return dialect.literal(parts.date);
    return dialect.literal(
      `${parts.date} ${parts.time}${parts.fraction ? `.${parts.fraction}` : ''}`,
    );
  }
  return dialect.literal(new Date(`${parts.date}T${parts.time}.${parts.fraction || '000'}Z`));
}

/** The epoch milliseconds of naive date-time parts (read as UTC). */
export function partsMillis(parts: DateTimeParts): number {
  return Date.parse(`${parts.date}T${parts.time}.${parts.fraction || '000'}Z`);
}

/**
 * A date-time as a literal in a column's python_date_format (Superset's dttm_sql_literal):
 * `epoch_s` / `epoch_ms` as a whole number of seconds / milliseconds since the epoch, a strftime
 * pattern as the text it writes (through `dialect.literal`); no format (or one it cannot
 * write) as the engine's timestamp literal.
 */
export function formattedDateTimeLiteral(
  dialect: CompileDialect,
  parts: DateTimeParts,
  format: DateFormat | null | undefined,
): string {
  if (!format) return dateTimeLiteral(dialect, parts);
  const ms = partsMillis(parts);
  if (format.kind === 'epoch') return dialect.literal(epochValue(ms, format.unit));
  const text = strftime(ms, format);
  return text === null ? dateTimeLiteral(dialect, parts) : dialect.literal(text);
}

/**
 * A filter value coerced to the column's generic type, as a literal. `truncated`: the column is
 * compared truncated to a grain (SQLite's `datetime(c, 'start of …')` answers the full
 * `YYYY-MM-DD HH:MM:SS` text, so a midnight value must be written in full to be equal).
 */
export function valueLiteral(
  dialect: CompileDialect,
  value: Exclude<FilterValue, null>,
  type: GenericDataType | null | undefined,
  column: string,
  truncated = false,
): string {
  // Typed input is validated by the schema; a caller that skipped it still cannot pass objects.
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
    throw new QueryValidationError(`Invalid filter value for column "${column}"`);
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new QueryValidationError(`Invalid filter value for column "${column}": ${value}`);
  switch (type) {
    case GenericDataType.NUMERIC: {
      if (typeof value === 'number') return dialect.literal(value);
      if (typeof value === 'boolean') return dialect.literal(value ? 1 : 0);
      if (!NUMBER.test(value))
        throw new QueryValidationError(
          `Invalid value for numeric column "${column}": ${JSON.stringify(value)}`,
        );
      return dialect.literal(Number(value));
    }
    case GenericDataType.BOOLEAN: {
      if (typeof value === 'boolean') return dialect.literal(value);
      const text = String(value).trim().toLowerCase();
      if (text === 'true' || text === '1') return dialect.literal(true);
      if (text === 'false' || text === '0') return dialect.literal(false);
      throw new QueryValidationError(
        `Invalid value for boolean column "${column}": ${JSON.stringify(value)}`,
      );
    }
    case GenericDataType.TEMPORAL: {
      if (typeof value === 'number') {
        const d = new Date(value);
        if (Number.isNaN(d.getTime()))
          throw new QueryValidationError(`Invalid value for temporal column "${column}"`);
        return dateTimeLiteral(dialect, parseDateTime(d.toISOString())!, truncated);
      }
      const parts = typeof value === 'string' ? parseDateTime(value) : null;
      return parts ? dateTimeLiteral(dialect, parts, truncated) : dialect.literal(String(value));
    }
    case GenericDataType.STRING:
      return dialect.literal(typeof value === 'string' ? value : String(value));
    default:
      return dialect.literal(value);
  }
}

import {
  UploadError,
  type ColumnPlan,
  type ColumnType,
  type RawCell,
  type SqlValue,
  type TabularSource,
} from './types.js';

/**
 * Type inference and conversion of uploaded cells. Inference is strict (a column is an integer
 * column only when every value reads as one), so converting to an inferred type never fails;
 * a type the user declares is read more leniently (`3.0` as an integer, `yes` as a boolean) and
 * a value that still does not convert is refused with its column and row.
 */

const INT_RE = /^[+-]?\d+$/;
const FLOAT_RE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const DATE_RE = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/;
const DATETIME_RE =
  /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

const TRUE_TEXT = new Set(['true']);
const FALSE_TEXT = new Set(['false']);
const LENIENT_TRUE = new Set(['true', 't', 'yes', 'y', '1', 'on']);
const LENIENT_FALSE = new Set(['false', 'f', 'no', 'n', '0', 'off']);

/** Why a value does not convert (the caller adds the column and the row). */
class CellError extends Error {}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An integer text as a number when exact, else its digits (within BIGINT), else null. */
function integerValue(text: string): number | string | null {
  if (!INT_RE.test(text)) return null;
  const big = BigInt(text);
  if (big < INT64_MIN || big > INT64_MAX) return null;
  const n = Number(big);
  return Number.isSafeInteger(n) ? n : big.toString();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function validDate(y: number, m: number, d: number): boolean {
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

/** `YYYY-MM-DD` of an ISO-like date text, or null. */
export function parseDateText(text: string): string | null {
  const m = DATE_RE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[3]), Number(m[4])];
  return validDate(y, mo, d) ? `${m[1]}-${pad(mo)}-${pad(d)}` : null;
}

/**
 * `YYYY-MM-DD HH:MM:SS[.ffffff]` of an ISO-like timestamp text, or null. A time zone offset
 * (`Z`, `+02:00`) is applied: the result is UTC. Fractions are kept to microseconds.
 */
export function parseDatetimeText(text: string): string | null {
  const m = DATETIME_RE.exec(text);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[3]);
  const d = Number(m[4]);
  const h = Number(m[5]);
  const mi = Number(m[6]);
  const s = m[7] === undefined ? 0 : Number(m[7]);
  if (!validDate(y, mo, d) || h > 23 || mi > 59 || s > 59) return null;
  const fraction = (m[8] ?? '').slice(0, 6).replace(/0+$/, '');
  let [yy, mm, dd, hh, mn] = [y, mo, d, h, mi];
  const zone = m[9];
  if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0'));
    const at = new Date(Date.UTC(y, mo - 1, d, h, mi - offset, s));
    if (at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999) return null;
    [yy, mm, dd, hh, mn] = [
      at.getUTCFullYear(),
      at.getUTCMonth() + 1,
      at.getUTCDate(),
      at.getUTCHours(),
      at.getUTCMinutes(),
    ];
  }
  return `${pad(yy, 4)}-${pad(mm)}-${pad(dd)} ${pad(hh)}:${pad(mn)}:${pad(s)}${fraction ? `.${fraction}` : ''}`;
}

/** A JS date (Excel cells: UTC) as timestamp text. */
function dateTimeOf(value: Date): string {
  if (Number.isNaN(value.getTime())) throw new CellError('invalid date');
  const iso = value.toISOString();
  const ms = iso.slice(20, 23).replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${ms ? `.${ms}` : ''}`;
}

const isMidnight = (value: Date) =>
  value.getUTCHours() === 0 &&
  value.getUTCMinutes() === 0 &&
  value.getUTCSeconds() === 0 &&
  value.getUTCMilliseconds() === 0;

/** Infers the type of one column from its values, one at a time. */
export class ColumnInference {
  private int = true;
  private float = true;
  private bool = true;
  private date = true;
  private datetime = true;
  private seen = false;

  observe(cell: RawCell): void {
    if (cell === null) return;
    this.seen = true;
    if (typeof cell === 'boolean') {
      this.int = this.float = this.date = this.datetime = false;
      return;
    }
    if (typeof cell === 'number') {
      this.bool = this.date = this.datetime = false;
      if (!Number.isSafeInteger(cell)) this.int = false;
      if (!Number.isFinite(cell)) this.float = false;
      return;
    }
    if (cell instanceof Date) {
      this.int = this.float = this.bool = false;
      if (Number.isNaN(cell.getTime())) this.date = this.datetime = false;
      else if (!isMidnight(cell)) this.date = false;
      return;
    }
    const text = cell.trim();
    if (this.bool) {
      const lower = text.toLowerCase();
      if (!TRUE_TEXT.has(lower) && !FALSE_TEXT.has(lower)) this.bool = false;
    }
    if (this.int && integerValue(text) === null) this.int = false;
    if (this.float && !(FLOAT_RE.test(text) && Number.isFinite(Number(text)))) this.float = false;
    if (this.date && parseDateText(text) === null) this.date = false;
    if (this.datetime && parseDateText(text) === null && parseDatetimeText(text) === null)
      this.datetime = false;
  }

  result(): ColumnType {
    if (!this.seen) return 'string';
    if (this.bool) return 'boolean';
    if (this.int) return 'integer';
    if (this.float) return 'float';
    if (this.date) return 'date';
    if (this.datetime) return 'datetime';
    return 'string';
  }
}

function toText(cell: Exclude<RawCell, null>): string {
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number') return String(cell);
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return isMidnight(cell) ? dateTimeOf(cell).slice(0, 10) : dateTimeOf(cell);
}

function toInteger(cell: Exclude<RawCell, null>): number | string {
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'number') {
    if (Number.isSafeInteger(cell)) return cell;
    throw new CellError('not an integer');
  }
  if (cell instanceof Date) throw new CellError('a date is not an integer');
  const text = cell.trim();
  const exact = integerValue(text);
  if (exact !== null) return exact;
  if (FLOAT_RE.test(text)) {
    const n = Number(text);
    if (Number.isSafeInteger(n)) return n;
  }
  throw new CellError('not an integer');
}

function toFloat(cell: Exclude<RawCell, null>): number {
  if (typeof cell === 'boolean') return cell ? 1 : 0;
  if (typeof cell === 'number') return cell;
  if (cell instanceof Date) throw new CellError('a date is not a number');
  const text = cell.trim();
  if (FLOAT_RE.test(text)) return Number(text);
  const lower = text.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (/^[+]?(inf|infinity)$/.test(lower)) return Number.POSITIVE_INFINITY;
  if (/^-(inf|infinity)$/.test(lower)) return Number.NEGATIVE_INFINITY;
  throw new CellError('not a number');
}

function toBoolean(cell: Exclude<RawCell, null>): boolean {
  if (typeof cell === 'boolean') return cell;
  if (typeof cell === 'number') {
    if (cell === 1 || cell === 0) return cell === 1;
    throw new CellError('not a boolean');
  }
  if (cell instanceof Date) throw new CellError('a date is not a boolean');
  const lower = cell.trim().toLowerCase();
  if (LENIENT_TRUE.has(lower)) return true;
  if (LENIENT_FALSE.has(lower)) return false;
  throw new CellError('not a boolean');
}

function toDate(cell: Exclude<RawCell, null>): string {
  if (cell instanceof Date) return dateTimeOf(cell).slice(0, 10);
  if (typeof cell !== 'string') throw new CellError('not a date');
  const text = cell.trim();
  const date = parseDateText(text) ?? parseDatetimeText(text)?.slice(0, 10);
  if (!date) throw new CellError('not a date');
  return date;
}

function toDatetime(cell: Exclude<RawCell, null>): string {
  if (cell instanceof Date) return dateTimeOf(cell);
  if (typeof cell !== 'string') throw new CellError('not a date and time');
  const text = cell.trim();
  const date = parseDateText(text);
  if (date) return `${date} 00:00:00`;
  const at = parseDatetimeText(text);
  if (!at) throw new CellError('not a date and time');
  return at;
}

/** A cell as a value of a column type; throws when it does not convert. */
export function convertCell(cell: RawCell, type: ColumnType): SqlValue {
  if (cell === null) return null;
  switch (type) {
    case 'string':
      return toText(cell);
    case 'integer':
      return toInteger(cell);
    case 'float':
      return toFloat(cell);
    case 'boolean':
      return toBoolean(cell);
    case 'date':
      return toDate(cell);
    case 'datetime':
      return toDatetime(cell);
  }
}

function shown(cell: RawCell): string {
  const text = cell instanceof Date ? dateTimeOf(cell) : String(cell);
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
}

function conversionError(cell: RawCell, column: string, type: ColumnType, where: string) {
  return new UploadError(
    `Cannot convert "${shown(cell)}" in column "${column}" (${where}) to ${type}`,
  );
}

/**
 * Reads the rows once: infers the type of every column without a declared one, and checks
 * that every value of a declared column converts (422 naming the column and the row otherwise).
 * `declared`: column -> type given by the user; the file's own types come next.
 */
export async function planColumns(
  source: TabularSource,
  declared: ReadonlyMap<string, ColumnType>,
): Promise<{ columns: ColumnPlan[]; rowCount: number }> {
  const fixed = source.columns.map((c, i) => declared.get(c) ?? source.declared[i] ?? null);
  const inference = source.columns.map(() => new ColumnInference());
  let rowCount = 0;
  for await (const row of source.rows()) {
    rowCount += 1;
    for (let i = 0; i < source.columns.length; i++) {
      const cell = row.cells[i] ?? null;
      const type = fixed[i];
      if (type) {
        try {
          convertCell(cell, type);
        } catch (e) {
          if (e instanceof CellError)
            throw conversionError(cell, source.columns[i]!, type, row.where);
          throw e;
        }
      } else inference[i]!.observe(cell);
    }
  }
  const columns = source.columns.map((name, i) => ({
    name,
    type: fixed[i] ?? inference[i]!.result(),
  }));
  return { columns, rowCount };
}

/** The rows converted to the planned types (reads the source again). */
export async function* convertedRows(
  source: TabularSource,
  columns: ColumnPlan[],
): AsyncGenerator<SqlValue[]> {
  for await (const row of source.rows()) {
    yield columns.map((c, i) => {
      const cell = row.cells[i] ?? null;
      try {
        return convertCell(cell, c.type);
      } catch (e) {
        if (e instanceof CellError) throw conversionError(cell, c.name, c.type, row.where);
        throw e;
      }
    });
  }
}

/**
 * Column types for the upload form's preview: declared types as they are, the others inferred
 * from the first `limit` rows (values that do not convert are not checked here).
 */
export async function previewTypes(
  source: TabularSource,
  declared: ReadonlyMap<string, ColumnType>,
  limit: number,
): Promise<ColumnType[]> {
  const fixed = source.columns.map((c, i) => declared.get(c) ?? source.declared[i] ?? null);
  const inference = source.columns.map(() => new ColumnInference());
  let seen = 0;
  for await (const row of source.rows()) {
    if (seen++ >= limit) break;
    for (let i = 0; i < source.columns.length; i++) {
      if (!fixed[i]) inference[i]!.observe(row.cells[i] ?? null);
    }
  }
  return source.columns.map((_, i) => fixed[i] ?? inference[i]!.result());
}

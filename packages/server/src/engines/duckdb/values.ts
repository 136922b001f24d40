import {
  DuckDBBlobValue,
  DuckDBDecimalValue,
  DuckDBTimestampMillisecondsValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampSecondsValue,
  DuckDBTimestampTZValue,
  DuckDBTimestampValue,
  DuckDBTypeId,
  JsonDuckDBValueConverter,
  type DuckDBType,
  type DuckDBValue,
} from '@duckdb/node-api';
import { jsonSafeValue } from '../shared/values.js';

/** Largest number of significant digits a double always carries exactly through text. */
const EXACT_DIGITS = 15;

/** A DECIMAL as a number when a double holds its digits exactly, else as decimal text. */
export function decimalJson(text: string): number | string {
  const digits = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
  return digits.length <= EXACT_DIGITS ? Number(text) : text;
}

/** A FLOAT (single precision, widened to a double by the driver) in its shortest exact form. */
export function floatJson(value: number): number | string {
  if (!Number.isFinite(value)) return String(value);
  for (let p = 6; p <= 9; p++) {
    const shorter = Number(value.toPrecision(p));
    if (Math.fround(shorter) === value) return shorter;
  }
  return value;
}

const MAX_DATE_MS = 8.64e15;

/** A timestamp as ISO-8601 UTC text (millisecond precision); infinities as DuckDB prints them. */
function timestampJson(ms: bigint, fallback: string): string {
  const n = Number(ms);
  if (!Number.isFinite(n) || Math.abs(n) > MAX_DATE_MS) return fallback;
  return new Date(n).toISOString();
}

/** Floor division of bigints (rounds towards minus infinity, so pre-1970 values stay right). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}

/**
 * Converts one DuckDB value to a JSON-safe value: integers and doubles as numbers (big ones as
 * text), DECIMAL as a number when exact, DATE as `YYYY-MM-DD`, timestamps as ISO-8601 UTC text,
 * TIME and INTERVAL as text, BLOB as base64, LIST/STRUCT/MAP/ARRAY/UNION as JSON text.
 */
export function duckdbJsonValue(value: DuckDBValue, type: DuckDBType): unknown {
  if (value === null) return null;
  switch (type.typeId) {
    case DuckDBTypeId.DECIMAL:
      return value instanceof DuckDBDecimalValue
        ? decimalJson(value.toString())
        : jsonSafeValue(value);
    case DuckDBTypeId.FLOAT:
      return typeof value === 'number' ? floatJson(value) : jsonSafeValue(value);
    case DuckDBTypeId.TIMESTAMP:
      return value instanceof DuckDBTimestampValue
        ? timestampJson(floorDiv(value.micros, 1000n), value.toString())
        : String(value);
    case DuckDBTypeId.TIMESTAMP_TZ:
      return value instanceof DuckDBTimestampTZValue
        ? timestampJson(floorDiv(value.micros, 1000n), value.toString())
        : String(value);
    case DuckDBTypeId.TIMESTAMP_S:
      return value instanceof DuckDBTimestampSecondsValue
        ? timestampJson(value.seconds * 1000n, value.toString())
        : String(value);
    case DuckDBTypeId.TIMESTAMP_MS:
      return value instanceof DuckDBTimestampMillisecondsValue
        ? timestampJson(value.millis, value.toString())
        : String(value);
    case DuckDBTypeId.TIMESTAMP_NS:
      return value instanceof DuckDBTimestampNanosecondsValue
        ? timestampJson(floorDiv(value.nanos, 1_000_000n), value.toString())
        : String(value);
    case DuckDBTypeId.BLOB:
      return value instanceof DuckDBBlobValue ? jsonSafeValue(value.bytes) : String(value);
    case DuckDBTypeId.LIST:
    case DuckDBTypeId.STRUCT:
    case DuckDBTypeId.MAP:
    case DuckDBTypeId.ARRAY:
    case DuckDBTypeId.UNION:
    case DuckDBTypeId.VARIANT:
      return jsonSafeValue(JsonDuckDBValueConverter(value, type, JsonDuckDBValueConverter));
    default:
      // Booleans, numbers, bigints and strings pass through jsonSafeValue; DATE, TIME, INTERVAL,
      // UUID, BIT and the like are objects whose text form is DuckDB's own.
      return typeof value === 'object' ? String(value) : jsonSafeValue(value);
  }
}

/** `duckdbJsonValue` in the shape the result chunks take as a converter. */
export function duckdbJsonConverter(value: DuckDBValue, type: DuckDBType): unknown {
  return duckdbJsonValue(value, type);
}

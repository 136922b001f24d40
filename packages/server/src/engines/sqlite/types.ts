import { GenericDataType } from '@strata/core';
import { genericTypeOf } from '../shared/generic-type.js';

/**
 * The generic type of a SQLite declared column type. Dates, times and booleans by name (DATE,
 * DATETIME, TIMESTAMP, BOOLEAN: SQLite stores them as text or numbers but they mean time and
 * truth); then SQLite's affinity rules (INT -> numeric, CHAR/CLOB/TEXT -> string, REAL/FLOA/DOUB
 * -> numeric); then the name (NUMERIC, DECIMAL -> numeric; BLOB, JSON, no type -> string).
 */
export function sqliteGenericType(declared: string | null | undefined): GenericDataType {
  const t = (declared ?? '').trim();
  if (!t) return GenericDataType.STRING;
  const byName = genericTypeOf(t);
  if (byName === GenericDataType.TEMPORAL || byName === GenericDataType.BOOLEAN) return byName;
  const upper = t.toUpperCase();
  if (upper.includes('INT')) return GenericDataType.NUMERIC;
  if (/CHAR|CLOB|TEXT/.test(upper)) return GenericDataType.STRING;
  if (/REAL|FLOA|DOUB/.test(upper)) return GenericDataType.NUMERIC;
  return byName;
}

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME_TEXT = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * A type name for a result column SQLite gives no declared type for (an expression), from one
 * of its values: INTEGER, REAL, TEXT, BLOB, or DATE/DATETIME for text that reads as one.
 */
export function typeOfValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') return 'INTEGER';
  if (typeof value === 'number') return Number.isInteger(value) ? 'INTEGER' : 'REAL';
  if (typeof value === 'string') {
    if (DATE_TEXT.test(value)) return 'DATE';
    if (DATETIME_TEXT.test(value)) return 'DATETIME';
    return 'TEXT';
  }
  if (value instanceof Uint8Array) return 'BLOB';
  return 'TEXT';
}

/**
 * Advanced data types (Superset's `superset/advanced_data_type/types.py`): a type turns the
 * text a user types into values (`translateType`, what `/convert` answers) and a filter on a
 * column of that type into one SQL condition over those values (`translateFilter`).
 * Pure: no I/O, no engine; numbers stay exact (`bigint`) from parsing to SQL and JSON.
 */
import type { FilterOperator } from '@strata/core';

/** A converted value: a number, a {start, end} range, a list of numbers, or Superset's "". */
export type ConvertedValue = bigint | string | { start: bigint; end: bigint } | (bigint | string)[];

/** Superset's AdvancedDataTypeResponse. */
export interface ConvertResult {
  display_value: string;
  error_message: string;
  valid_filter_operators: string[];
  values: ConvertedValue[];
}

/** How a type writes SQL: the column's expression and the engine's literal for text. */
export interface FilterSql {
  column: string;
  /** The engine's literal of a text value (Superset's "" values only). */
  text(value: string): string;
}

export interface AdvancedDataType {
  verboseName: string;
  description: string;
  validDataTypes: string[];
  translateType(values: readonly unknown[]): ConvertResult;
  /**
   * One condition for `operator` over converted values; throws `AdvancedFilterError` when the
   * type has no meaning for the operator or the number of values.
   */
  translateFilter(sql: FilterSql, operator: FilterOperator, values: ConvertedValue[]): string;
}

/** A filter the type cannot translate (the compiler answers it as a 400). */
export class AdvancedFilterError extends Error {}

/** What Python's `str()` gives for a rison value (the types parse `str(value)`). */
export function pyStr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < 1e16)
    return value.toFixed(0);
  return String(value);
}

/** Python's `repr()` of a string (quotes chosen as Python chooses them). */
export function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = '';
  for (const ch of text) {
    if (ch === '\\') out += '\\\\';
    else if (ch === quote) out += `\\${quote}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)
      out += `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

/** Only ASCII digits count as a number here (Python's isnumeric() also takes other scripts). */
export const isDigits = (text: string): boolean => /^[0-9]+$/.test(text);

/** A converted value as Superset's display joins it: "a - b" for ranges, Python's str() else. */
export function displayOf(value: ConvertedValue): string {
  if (Array.isArray(value))
    return `[${value.map((v) => (typeof v === 'string' ? pyRepr(v) : String(v))).join(', ')}]`;
  if (typeof value === 'object') return `${value.start} - ${value.end}`;
  return String(value);
}

/** JSON text of a value with exact integers (JSON.stringify cannot write a bigint). */
export function exactJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return `[${value.map(exactJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${exactJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A number of a converted value as SQL (digits of our own parsing, never the user's text). */
export function sqlNumber(value: bigint): string {
  return value.toString();
}

/**
 * Advanced data types (Superset's `superset/advanced_data_type/`, spec 001 §7, §8): the
 * `/api/v1/advanced_data_type/` calls' shapes and the operator names they use.
 */
import { z } from 'zod';
import type { FilterOperator } from './query/operators.js';

/** The built-in types, in Superset's ADVANCED_DATA_TYPES order. */
export const ADVANCED_DATA_TYPE_NAMES = ['internet_address', 'port'] as const;
export type AdvancedDataTypeName = (typeof ADVANCED_DATA_TYPE_NAMES)[number];

/** The feature flag that turns the types on (off by default, as in Superset). */
export const ADVANCED_DATA_TYPES_FLAG = 'ENABLE_ADVANCED_DATA_TYPES';

/** The Simple tab waits this long after typing stops before calling `convert` (spec 001 §9). */
export const ADVANCED_DATA_TYPE_DEBOUNCE_MS = 600;

/**
 * Superset's FilterStringOperators (what `valid_filter_operators` lists) and the wire operator
 * each stands for (FilterOperator, what adhoc filters carry).
 */
export const FILTER_STRING_OPERATORS: Record<string, FilterOperator> = {
  EQUALS: '==',
  NOT_EQUALS: '!=',
  LESS_THAN: '<',
  GREATER_THAN: '>',
  LESS_THAN_OR_EQUAL: '<=',
  GREATER_THAN_OR_EQUAL: '>=',
  IN: 'IN',
  NOT_IN: 'NOT IN',
  ILIKE: 'ILIKE',
  LIKE: 'LIKE',
  IS_NOT_NULL: 'IS NOT NULL',
  IS_NULL: 'IS NULL',
  LATEST_PARTITION: 'LATEST PARTITION',
  IS_TRUE: 'IS TRUE',
  IS_FALSE: 'IS FALSE',
};

/** The wire operators a `valid_filter_operators` list allows (unknown names are ignored). */
export function operatorsFromStringOperators(names: readonly string[]): FilterOperator[] {
  const out: FilterOperator[] = [];
  for (const n of names) {
    const op = FILTER_STRING_OPERATORS[n];
    if (op && !out.includes(op)) out.push(op);
  }
  return out;
}

const MAX_CONVERT_VALUES = 1000;
const convertValue = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

/** `q` of `GET /api/v1/advanced_data_type/convert`: Superset's advanced_data_type_convert_schema. */
export const advancedDataTypeConvertRequestSchema = z.object({
  type: z.string().max(255),
  values: z.array(convertValue).min(1).max(MAX_CONVERT_VALUES),
});
export type AdvancedDataTypeConvertRequest = z.infer<typeof advancedDataTypeConvertRequestSchema>;

/** One converted value: a number (as JSON number, exact even past 2^53), a range, or a list. */
export type AdvancedDataTypeValue =
  number | string | { start: number; end: number } | (number | string)[];

/** The `result` of `convert` (Superset's AdvancedDataTypeResponse). */
export interface AdvancedDataTypeConvertResult {
  display_value: string;
  error_message: string;
  valid_filter_operators: string[];
  values: AdvancedDataTypeValue[];
}

/** The documented answer of `convert` (OpenAPI): values are numbers, ranges or lists. */
export const advancedDataTypeConvertResponseSchema = z.object({
  result: z.object({
    display_value: z.string(),
    error_message: z.string(),
    valid_filter_operators: z.array(z.string()),
    values: z.array(
      z.union([
        z.number(),
        z.string(),
        z.object({ start: z.number(), end: z.number() }),
        z.array(z.union([z.number(), z.string()])),
      ]),
    ),
  }),
});

/** The answer of `GET /api/v1/advanced_data_type/types`. */
export const advancedDataTypeTypesResponseSchema = z.object({ result: z.array(z.string()) });

/**
 * The chart data request (Superset's QueryContext): a datasource, the query objects (core's
 * schema), the result format and type. Loose like Superset's client payloads, strict on what is
 * read.
 */
import { queryObjectSchema, RESULT_TYPES } from '@strata/core';
import { z } from 'zod';

export const RESULT_FORMATS = ['json', 'csv', 'xlsx'] as const;
/** Most query objects one request may carry. */
export const MAX_QUERIES = 20;

export const datasourceSchema = z.looseObject({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,10}$/)]).transform(Number),
  type: z.enum(['table', 'dataset', 'query']),
});

export const queryContextSchema = z.looseObject({
  datasource: datasourceSchema,
  force: z.boolean().optional(),
  // No queries is a valid context (a Filter Box without filters): an answer without results.
  queries: z.array(queryObjectSchema).max(MAX_QUERIES),
  form_data: z.record(z.string(), z.unknown()).nullish(),
  result_format: z.enum(RESULT_FORMATS).optional(),
  result_type: z.enum(RESULT_TYPES).optional(),
  custom_cache_timeout: z.number().int().nullish(),
});

export type QueryContext = z.infer<typeof queryContextSchema>;
export type ResultFormat = (typeof RESULT_FORMATS)[number];

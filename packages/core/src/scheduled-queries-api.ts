/**
 * Zod schemas of scheduling (see `scheduled-queries.ts`): the `STRATA_SCHEDULED_QUERIES`
 * configuration the server checks at start. Kept apart so zod stays out of the web's bundle.
 */
import { z } from 'zod';
import type { ScheduledQueriesConf } from './scheduled-queries.js';

const fieldSchema = z.object({
  type: z.enum(['string', 'boolean', 'integer', 'number', 'array']),
  title: z.string().max(256).optional(),
  description: z.string().max(4096).optional(),
  format: z.string().max(64).optional(),
  enum: z
    .array(z.union([z.string().max(256), z.number()]))
    .max(1000)
    .optional(),
  default: z.unknown().optional(),
  items: z.object({ type: z.literal('string') }).optional(),
  minimum: z.number().optional(),
  maximum: z.number().optional(),
});

export const scheduledQueriesConfSchema = z.object({
  JSONSCHEMA: z.object({
    type: z.literal('object').optional(),
    title: z.string().max(256).optional(),
    description: z.string().max(8192).optional(),
    properties: z.record(z.string().max(128), fieldSchema),
    required: z.array(z.string()).optional(),
  }),
  UISCHEMA: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  VALIDATION: z
    .array(
      z.object({
        name: z.literal('less_equal'),
        arguments: z.tuple([z.string(), z.string()]),
        message: z.string().max(1024),
        container: z.string(),
      }),
    )
    .optional(),
  linkback: z.string().max(2048).optional(),
}) satisfies z.ZodType<ScheduledQueriesConf>;

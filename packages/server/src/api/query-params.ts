import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, RisonError, risonDecode } from '@strata/core';
import { z } from 'zod';
import { ApiError } from './errors.js';

/** Decodes the rison `q` parameter and validates it with a schema; 400 names what is wrong. */
export function parseRisonParam<T>(q: unknown, schema: z.ZodType<T>, fallback: unknown = {}): T {
  let raw: unknown = fallback;
  if (typeof q === 'string' && q.trim() !== '') {
    try {
      raw = risonDecode(q);
    } catch (e) {
      // Only the decoder's own messages are shown; anything else is not echoed.
      const reason = e instanceof RisonError ? ` (${e.message})` : '';
      throw new ApiError(400, `Bad request: the q parameter is not valid rison${reason}`);
    }
  } else if (q !== undefined && typeof q !== 'string') {
    throw new ApiError(400, 'Bad request: the q parameter must be given once');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new ApiError(400, `Bad request: ${describeZodError(parsed.error)}`, {
      message: `Bad request: ${describeZodError(parsed.error)}`,
    });
  }
  return parsed.data;
}

/** One readable line naming each problem of a failed validation. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join('; ');
}

/** Field → messages, as Superset answers 422s: `{message: {field: ["..."]}}`. */
export function zodFieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_schema';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

/**
 * The page size a list answers, as Flask-AppBuilder sanitises it: absent or 0 is the default, a
 * size past the maximum (or below 1) is the maximum, never a refusal (Superset's dashboard chart
 * list asks 200 and gets the maximum).
 */
export function clampPageSize(size: number | undefined): number {
  if (size === undefined || size === 0) return DEFAULT_PAGE_SIZE;
  if (size < 1 || size > MAX_PAGE_SIZE) return MAX_PAGE_SIZE;
  return size;
}

const pageSize = z.number().int().optional().transform(clampPageSize);

const risonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const filterValue = z.union([risonScalar, z.array(risonScalar)]);

export const listQuerySchema = z
  .object({
    filters: z
      .array(
        z.object({ col: z.string().min(1), opr: z.string().min(1), value: filterValue }).strict(),
      )
      .default([]),
    order_column: z.string().optional(),
    order_direction: z.enum(['asc', 'desc']).optional(),
    page: z.number().int().min(0).default(0),
    page_size: pageSize,
    columns: z.array(z.string()).optional(),
    select_columns: z.array(z.string()).optional(),
    keys: z.array(z.string()).optional(),
  })
  .strict();
export type ParsedListQuery = z.infer<typeof listQuerySchema>;

export const relatedQuerySchema = z
  .object({
    filter: z.string().default(''),
    page: z.number().int().min(0).default(0),
    page_size: pageSize,
    include_ids: z.array(z.number().int()).optional(),
  })
  .strict();

export const idListSchema = z.array(z.number().int()).min(1).max(1000);

export const infoQuerySchema = z.object({ keys: z.array(z.string()).optional() }).strict();

/** A path id: a positive integer, else 404 (an id that cannot exist names no object). */
/** Largest id an integer column holds (PostgreSQL `integer`). */
export const MAX_ID = 2_147_483_647;

/** The dataset id of a datasource key `{id}__table` (or `__dataset`), or null when it is not one. */
export function datasourceKeyId(key: string): number | null {
  const m = /^(\d{1,10})__(table|dataset)$/.exec(key);
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function parseId(text: string): number {
  if (!/^\d{1,10}$/.test(text)) throw new ApiError(404, 'Not found');
  const id = Number(text);
  if (id > MAX_ID) throw new ApiError(404, 'Not found');
  return id;
}

/** Small request checks the routes share: a body against a zod schema, a key-value key. */
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from './errors.js';
import { zodFieldErrors } from './query-params.js';

/** What a key-value key looks like (random, URL-safe). */
export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The body parsed by `schema`, or a 400 naming the fields. */
export function parseBody<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw new ApiError(400, 'Bad request', { message: zodFieldErrors(parsed.error) });
  return parsed.data;
}

/** The `:key` parameter of a key-value entry (a permalink…); 404 when it cannot be one. */
export function keyParam(req: FastifyRequest): string {
  const { key } = req.params as { key: string };
  if (!KEY_PATTERN.test(key)) throw new ApiError(404, 'Not found');
  return key;
}

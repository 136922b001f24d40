/**
 * Async queries (GLOBAL_ASYNC_QUERIES, spec 001 §7 "Async events"): the answers of the calls
 * that start a job and read its events, shared by the server (validation, OpenAPI) and the web
 * (types). Kept apart from `async-events.ts`, which the web loads at run time, so zod stays out
 * of the web's bundle.
 */
import { z } from 'zod';

export const asyncJobStatus = z.enum(['pending', 'running', 'done', 'error']);
export type AsyncJobStatus = z.infer<typeof asyncJobStatus>;

/** An error of a finished job, as Superset's `errors` entries (message at least). */
export const asyncJobError = z
  .object({
    message: z.string(),
    error_type: z.string().optional(),
    level: z.string().optional(),
    extra: z.record(z.string(), z.unknown()).nullable().optional(),
  })
  .passthrough();
export type AsyncJobError = z.infer<typeof asyncJobError>;

/**
 * What a job started for the caller is (Superset's async_query_manager job metadata): the 202
 * answer of `POST /api/v1/chart/data` with GLOBAL_ASYNC_QUERIES on.
 */
export const asyncJobMetadata = z.object({
  channel_id: z.string(),
  job_id: z.string(),
  user_id: z.number().int().nullable(),
  status: asyncJobStatus,
  errors: z.array(asyncJobError),
  result_url: z.string().nullable(),
});
export type AsyncJobMetadata = z.infer<typeof asyncJobMetadata>;

/** One event of a channel: the job's metadata when it ended, with the event's stream id. */
export const asyncEvent = asyncJobMetadata.extend({ id: z.string() });
export type AsyncEvent = z.infer<typeof asyncEvent>;

/** `GET /api/v1/async_event/?last_id=`: the channel's events after `last_id`, oldest first. */
export const asyncEventListAnswer = z.object({ result: z.array(asyncEvent) });
export type AsyncEventListAnswer = z.infer<typeof asyncEventListAnswer>;

/** `GET /api/v1/async_event/` query: the id of the last event the client has seen. */
export const asyncEventListQuery = z.object({
  last_id: z
    .string()
    .regex(/^\d{1,20}-\d{1,20}$/, 'last_id must be an event id such as 1700000000000-0')
    .optional(),
});

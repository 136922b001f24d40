/**
 * Async query events (GLOBAL_ASYNC_QUERIES): reading an event, ordering event ids and what a
 * job's final event means for the caller waiting on it. Pure: no network, no timers.
 */
import type { AsyncEvent, AsyncJobError, AsyncJobMetadata } from '@strata/core';
import { MESSAGES } from '@strata/core';
import { ApiError, extractErrorMessage } from '../api/errors';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const EVENT_ID = /^\d{1,20}-\d{1,20}$/;

/** True for an event id the server gives (`<ms>-<seq>`, as a Redis stream id). */
export function isEventId(value: unknown): value is string {
  return typeof value === 'string' && EVENT_ID.test(value);
}

/** Orders two event ids as the server's stream orders them (negative when `a` is older). */
export function compareEventIds(a: string, b: string): number {
  const [am = '0', as = '0'] = a.split('-');
  const [bm = '0', bs = '0'] = b.split('-');
  // Same-length digit strings compare as numbers; ids may pass 2^53, so no Number().
  const cmp = (x: string, y: string) =>
    x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
  return (
    cmp(am.replace(/^0+(?=\d)/, ''), bm.replace(/^0+(?=\d)/, '')) ||
    cmp(as.replace(/^0+(?=\d)/, ''), bs.replace(/^0+(?=\d)/, ''))
  );
}

function isJobError(value: unknown): value is AsyncJobError {
  return isRecord(value) && typeof value.message === 'string';
}

/** True for a job's metadata as the server answers it (the 202 answer of a chart data call). */
export function isAsyncJobMetadata(value: unknown): value is AsyncJobMetadata {
  if (!isRecord(value)) return false;
  return (
    typeof value.channel_id === 'string' &&
    typeof value.job_id === 'string' &&
    value.job_id !== '' &&
    (value.user_id === null || typeof value.user_id === 'number') &&
    typeof value.status === 'string' &&
    Array.isArray(value.errors) &&
    value.errors.every(isJobError) &&
    (value.result_url === null || typeof value.result_url === 'string')
  );
}

/** True for one event of the channel (job metadata with the event's id). */
export function isAsyncEvent(value: unknown): value is AsyncEvent {
  return isAsyncJobMetadata(value) && isEventId((value as { id?: unknown }).id);
}

/** The event a WebSocket message carries (one event as JSON text), or null. */
export function parseSocketMessage(data: unknown): AsyncEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  return isAsyncEvent(value) ? value : null;
}

/** The events of a `GET /api/v1/async_event/` answer that are well formed, in order. */
export function eventsOfAnswer(body: unknown): AsyncEvent[] {
  if (!isRecord(body) || !Array.isArray(body.result)) return [];
  return body.result.filter(isAsyncEvent);
}

/** Where a finished job's result may be read: the chart data result path on this origin only. */
export function isResultUrl(url: unknown): url is string {
  return typeof url === 'string' && /^\/api\/v1\/chart\/data\/[A-Za-z0-9_.:-]+\/?$/.test(url);
}

/** True when the job's status ends the wait (done or error). */
export function isFinal(meta: AsyncJobMetadata): boolean {
  return meta.status === 'done' || meta.status === 'error';
}

/**
 * The error a failed job gives its caller, shaped as the failed synchronous call would be (an
 * `ApiError` whose body has the `errors`), so the chart shows it as it shows a sync error.
 */
export function jobError(meta: AsyncJobMetadata): ApiError {
  const body = { errors: meta.errors };
  return new ApiError(extractErrorMessage(body, 400, ''), 400, body);
}

/**
 * What a job's final event means: the result's address to read, or the error to throw (a
 * `done` event without a readable result address is an error too).
 */
export function jobOutcome(meta: AsyncJobMetadata): { resultUrl: string } | ApiError {
  if (meta.status === 'done') {
    if (isResultUrl(meta.result_url)) return { resultUrl: meta.result_url };
    return new ApiError(MESSAGES.resultsFetchError, 500, meta);
  }
  return jobError(meta);
}

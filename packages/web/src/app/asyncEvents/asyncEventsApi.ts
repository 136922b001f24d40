/**
 * The async events resource: `GET /api/v1/async_event/?last_id=` (the channel's events),
 * the channel's WebSocket address, and a finished job's result (`GET <result_url>`, the
 * answer the synchronous chart data call would have given).
 */
import { ASYNC_WS_PATH, MESSAGES, type AsyncEvent } from '@strata/core';
import { ApiError, api } from '../api';
import { eventsOfAnswer, isResultUrl } from './events';

export const ASYNC_EVENT_URL = '/api/v1/async_event/';

/** The events call's address, resuming after `lastId` (every kept event for null). */
export function asyncEventsUrl(lastId: string | null): string {
  return lastId === null
    ? ASYNC_EVENT_URL
    : `${ASYNC_EVENT_URL}?last_id=${encodeURIComponent(lastId)}`;
}

/** The WebSocket's address on the page's own origin, resuming after `lastId`. */
export function asyncEventsSocketUrl(
  location: { protocol: string; host: string },
  lastId: string | null,
): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  const query = lastId === null ? '' : `?last_id=${encodeURIComponent(lastId)}`;
  return `${scheme}://${location.host}${ASYNC_WS_PATH}${query}`;
}

/** The channel's events after `lastId`, oldest first (malformed entries left out). */
export async function fetchAsyncEvents(
  lastId: string | null,
  signal?: AbortSignal,
): Promise<AsyncEvent[]> {
  const body = await api.get<unknown>(asyncEventsUrl(lastId), signal ? { signal } : {});
  return eventsOfAnswer(body);
}

/** A finished job's result; only a chart data result address of this origin is read. */
export async function fetchAsyncResult<T>(resultUrl: string, signal?: AbortSignal): Promise<T> {
  if (!isResultUrl(resultUrl)) throw new ApiError(MESSAGES.resultsFetchError, 0, resultUrl);
  return api.get<T>(resultUrl, signal ? { signal } : {});
}

/**
 * Async jobs in the page (GLOBAL_ASYNC_QUERIES): `waitForAsyncJob` waits for a job's event over
 * the transport the server asks for, then reads its result or throws its error as the
 * synchronous call would have. Loaded (dynamic import) only when a call answered with a job.
 */
import type { AsyncJobMetadata } from '@strata/core';
import { ApiError } from '../api';
import { asyncEventsSocketUrl, fetchAsyncEvents, fetchAsyncResult } from './asyncEventsApi';
import { isFinal, jobOutcome } from './events';

export { isAsyncJobMetadata } from './events';
import { createAsyncEventsHub, type AsyncEventsHub } from './hub';
import { asyncTransport } from './settings';

/** Where the last event id seen is kept, so a new page does not read old events again. */
export const LAST_EVENT_ID_KEY = 'strata.asyncEvents.lastId';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let hub: AsyncEventsHub | null = null;

function pageHub(): AsyncEventsHub {
  if (hub) return hub;
  const store = storage();
  let initialLastId: string | null;
  try {
    initialLastId = store?.getItem(LAST_EVENT_ID_KEY) ?? null;
  } catch {
    initialLastId = null;
  }
  hub = createAsyncEventsHub({
    transport: asyncTransport(),
    timers: {
      setTimeout: (fn, ms) => window.setTimeout(fn, ms),
      clearTimeout: (handle) => window.clearTimeout(handle as number),
    },
    warn: (message) => console.warn(message),
    fetchEvents: (lastId) => fetchAsyncEvents(lastId),
    openSocket: (lastId) => new WebSocket(asyncEventsSocketUrl(window.location, lastId)),
    initialLastId,
    saveLastId: (id) => {
      try {
        store?.setItem(LAST_EVENT_ID_KEY, id);
      } catch {
        // A full or refused storage only costs old events read again on the next page.
      }
    },
  });
  return hub;
}

/**
 * Starts receiving events (the WebSocket opens now), so a job started next finds the page
 * listening; calling it again does nothing.
 */
export function startAsyncEvents(): void {
  pageHub();
}

/**
 * Waits for the job to end and gives its result (the body the synchronous call answers); a
 * failed job throws an `ApiError` with the job's errors; `signal` aborts the wait.
 */
export async function waitForAsyncJob<T>(meta: AsyncJobMetadata, signal?: AbortSignal): Promise<T> {
  const final = isFinal(meta) ? meta : await pageHub().wait(meta.job_id, signal);
  const outcome = jobOutcome(final);
  if (outcome instanceof ApiError) throw outcome;
  return fetchAsyncResult<T>(outcome.resultUrl, signal);
}

import { LOG_BATCH_SIZE, LOG_FLUSH_MS } from '@strata/core';
import { api } from '../api';
import { buildLogEvent, createLogQueue, logRequestBody } from './logQueue';
import type { LogEvent } from './logQueue';

export const LOG_ENDPOINT = '/superset/log/?explode=events';

const impressionId =
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);

function sendWithFetch(events: LogEvent[]): void {
  api.post(LOG_ENDPOINT, logRequestBody(events), { redirectOnUnauthorized: false }).catch(() => {
    // Logging never disturbs the user.
  });
}

function sendWithBeacon(events: LogEvent[]): void {
  if (events.length === 0) return;
  const body = JSON.stringify(logRequestBody(events));
  const sent =
    typeof navigator !== 'undefined' &&
    typeof navigator.sendBeacon === 'function' &&
    navigator.sendBeacon(LOG_ENDPOINT, new Blob([body], { type: 'application/json' }));
  if (!sent) sendWithFetch(events);
}

const queue = createLogQueue({
  flushMs: LOG_FLUSH_MS,
  batchSize: LOG_BATCH_SIZE,
  send: sendWithFetch,
  timers: {
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    clearTimeout: (handle) => window.clearTimeout(handle as number),
  },
});

let listening = false;

function onPageHide(): void {
  sendWithBeacon(queue.drain());
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') onPageHide();
}

/** Queues an event for the event log. */
export function logEvent(eventName: string, payload: Record<string, unknown> = {}): void {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  queue.push(buildLogEvent(eventName, payload, { now: Date.now(), impressionId }));
}

import { useEffect } from 'react';
import { LOG_BATCH_SIZE, LOG_FLUSH_MS } from '@strata/core';
import { api } from '../api';
import {
  SPA_SOURCE,
  TIMING_EVENTS,
  batchesByEndpoint,
  buildLogEvent,
  createLogQueue,
  logRequestBody,
} from './logQueue';
import type { LogEvent, LogSource } from './logQueue';

export { LOG_ACTIONS } from './logQueue';
export type { LogSource } from './logQueue';

function randomId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Math.random().toString(36).slice(2);
}

const impressionId = randomId();
let lastEventId: string | null = null;
let currentSource: LogSource = SPA_SOURCE;

function sendWithFetch(events: LogEvent[]): void {
  for (const batch of batchesByEndpoint(events)) {
    api
      .post(batch.endpoint, logRequestBody(batch.events), { redirectOnUnauthorized: false })
      .catch(() => {
        // Logging never disturbs the user.
      });
  }
}

function sendWithBeacon(events: LogEvent[]): void {
  for (const batch of batchesByEndpoint(events)) {
    const body = JSON.stringify(logRequestBody(batch.events));
    const sent =
      typeof navigator !== 'undefined' &&
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(batch.endpoint, new Blob([body], { type: 'application/json' }));
    if (!sent) sendWithFetch(batch.events);
  }
}

const queue = createLogQueue({
  flushMs: LOG_FLUSH_MS,
  batchSize: LOG_BATCH_SIZE,
  send: sendWithFetch,
  timers: {
    setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
    clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  },
});

let listening = false;

function onPageHide(): void {
  sendWithBeacon(queue.drain());
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') onPageHide();
}

/**
 * Queues an event for the event log, from `source` (by default the page's, see `useLogSource`); sent after
 * LOG_FLUSH_MS in batches of LOG_BATCH_SIZE, and with `navigator.sendBeacon` when the page goes.
 */
export function logEvent(
  eventName: string,
  payload: Record<string, unknown> = {},
  source: LogSource = currentSource,
): void {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  const timing = TIMING_EVENTS.has(eventName);
  const eventId = timing ? undefined : randomId();
  queue.push(
    buildLogEvent(eventName, payload, {
      now: Date.now(),
      impressionId,
      source,
      eventId,
      lastEventId,
      visibility: typeof document !== 'undefined' ? document.visibilityState : undefined,
    }),
  );
  if (eventId) lastEventId = eventId;
}

/** The page's log source while it is shown (a dashboard, a saved chart in Explore). */
export function useLogSource(source: LogSource | null): void {
  const key = source ? JSON.stringify(source) : null;
  useEffect(() => {
    if (!key) return undefined;
    const next = JSON.parse(key) as LogSource;
    currentSource = next;
    return () => {
      if (currentSource === next) currentSource = SPA_SOURCE;
    };
  }, [key]);
}

/**
 * The page's log source while it is shown, and its mount event (`mount_dashboard`,
 * `mount_explorer`) once per source: what fills home's "Recents".
 */
export function useMountLog(
  eventName: string,
  source: LogSource | null,
  payload: Record<string, unknown> = {},
): void {
  useLogSource(source);
  const key = source ? JSON.stringify(source) : null;
  const extra = JSON.stringify(payload);
  useEffect(() => {
    if (!key) return;
    logEvent(eventName, JSON.parse(extra) as Record<string, unknown>, JSON.parse(key) as LogSource);
    // Once per source: the payload is what it was when the page showed it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [eventName, key]);
}

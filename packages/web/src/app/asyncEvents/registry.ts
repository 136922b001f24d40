/**
 * The listeners of async jobs: one wait per job, settled by the job's final event (`done` or
 * `error`). An event may arrive before its listener does (the job ended before the page read
 * the 202 answer): it is looked at again up to `maxRetries` times, `retryDelayMs` × attempt
 * apart, then dropped with a warning (spec 001 §9).
 */
import { ASYNC_EVENT_MAX_RETRIES, ASYNC_EVENT_RETRY_DELAY_MS, type AsyncEvent } from '@strata/core';
import { isFinal } from './events';

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ListenerRegistryOptions {
  timers: Timers;
  warn(message: string): void;
  maxRetries?: number;
  retryDelayMs?: number;
  /** Called when a listener is added (a polling transport starts if it was idle). */
  onListener?(): void;
}

export interface ListenerRegistry {
  /** Settles with the job's final event; rejects with an AbortError when `signal` aborts. */
  wait(jobId: string, signal?: AbortSignal): Promise<AsyncEvent>;
  /** Hands events to their listeners (events of jobs nobody waits for yet are retried). */
  deliver(events: readonly AsyncEvent[]): void;
  /** How many jobs are waited for. */
  size(): number;
  /** Drops the pending retries (the waits stay). */
  close(): void;
}

/** The error an aborted wait rejects with (as an aborted fetch does). */
export function abortError(): Error {
  return new DOMException('The wait for the query was aborted.', 'AbortError');
}

interface Listener {
  resolve(event: AsyncEvent): void;
}

export function createListenerRegistry(options: ListenerRegistryOptions): ListenerRegistry {
  const maxRetries = options.maxRetries ?? ASYNC_EVENT_MAX_RETRIES;
  const retryDelayMs = options.retryDelayMs ?? ASYNC_EVENT_RETRY_DELAY_MS;
  const listeners = new Map<string, Set<Listener>>();
  const retries = new Set<unknown>();

  /** Gives the event to its job's listeners; false when there are none. */
  function settle(event: AsyncEvent): boolean {
    const waiting = listeners.get(event.job_id);
    if (!waiting || waiting.size === 0) return false;
    listeners.delete(event.job_id);
    for (const l of waiting) l.resolve(event);
    return true;
  }

  function attempt(event: AsyncEvent, tried: number): void {
    if (settle(event)) return;
    if (tried >= maxRetries) {
      options.warn(`Async event ${event.id} for job ${event.job_id}: no listener, dropped.`);
      return;
    }
    const next = tried + 1;
    const handle = options.timers.setTimeout(() => {
      retries.delete(handle);
      attempt(event, next);
    }, retryDelayMs * next);
    retries.add(handle);
  }

  return {
    wait(jobId, signal) {
      return new Promise<AsyncEvent>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortError());
          return;
        }
        const onAbort = () => {
          const set = listeners.get(jobId);
          set?.delete(listener);
          if (set?.size === 0) listeners.delete(jobId);
          reject(abortError());
        };
        const listener: Listener = {
          resolve: (event) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(event);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        let set = listeners.get(jobId);
        if (!set) {
          set = new Set();
          listeners.set(jobId, set);
        }
        set.add(listener);
        options.onListener?.();
      });
    },
    deliver(events) {
      // Events that do not end a job (none are sent today) settle nothing and are not kept.
      for (const event of events) if (isFinal(event)) attempt(event, 0);
    },
    size: () => listeners.size,
    close() {
      for (const handle of retries) options.timers.clearTimeout(handle);
      retries.clear();
    },
  };
}

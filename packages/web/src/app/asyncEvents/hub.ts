/**
 * How the page receives its async job events (spec 001 §7, §9 constants): by polling
 * `GET /api/v1/async_event/?last_id=` every `pollingDelayMs` while jobs are waited for, or over
 * a WebSocket that is opened again `wsReconnectMs` after it closes, at most `wsMaxTries` times
 * in a row, after which the page polls. Both resume after the last event id seen; an event seen
 * twice (a socket opened again, the switch to polling) is handed over once. The network, the
 * socket and the timers are given, so this is plain logic.
 */
import {
  ASYNC_POLLING_DELAY_MS,
  ASYNC_WS_MAX_TRIES,
  ASYNC_WS_RECONNECT_MS,
  type AsyncEvent,
  type AsyncTransport,
} from '@strata/core';
import { compareEventIds, parseSocketMessage } from './events';
import { createListenerRegistry, type Timers } from './registry';

/** What the hub needs of a WebSocket (the browser's fits). */
export interface SocketLike {
  addEventListener(type: 'open' | 'close', listener: () => void): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export interface AsyncEventsHubOptions {
  transport: AsyncTransport;
  timers: Timers;
  warn(message: string): void;
  /** The channel's events after `lastId` (all of them for null), oldest first. */
  fetchEvents(lastId: string | null): Promise<AsyncEvent[]>;
  /** Opens the channel's WebSocket, resuming after `lastId`. */
  openSocket(lastId: string | null): SocketLike;
  /** The last event id a previous page saw, so old events are not read again. */
  initialLastId?: string | null;
  /** Keeps the last event id seen (for the next page). */
  saveLastId?(id: string): void;
  pollingDelayMs?: number;
  wsReconnectMs?: number;
  wsMaxTries?: number;
  maxRetries?: number;
  retryDelayMs?: number;
}

export interface AsyncEventsHub {
  /** The job's final event (`done` or `error`); rejects with an AbortError on abort. */
  wait(jobId: string, signal?: AbortSignal): Promise<AsyncEvent>;
  /** The transport in use now ('ws' falls back to 'polling'). */
  transport(): AsyncTransport;
  /** The last event id seen. */
  lastId(): string | null;
  /** Stops polling, closes the socket and drops pending retries. */
  close(): void;
}

/** How many event ids are remembered to hand each event over once. */
const SEEN_LIMIT = 1000;

export function createAsyncEventsHub(options: AsyncEventsHubOptions): AsyncEventsHub {
  const pollingDelayMs = options.pollingDelayMs ?? ASYNC_POLLING_DELAY_MS;
  const wsReconnectMs = options.wsReconnectMs ?? ASYNC_WS_RECONNECT_MS;
  const wsMaxTries = options.wsMaxTries ?? ASYNC_WS_MAX_TRIES;
  const { timers, warn } = options;

  let mode: AsyncTransport = options.transport;
  let closed = false;
  let lastId: string | null = options.initialLastId ?? null;
  const seen = new Set<string>();

  const registry = createListenerRegistry({
    timers,
    warn,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    ...(options.retryDelayMs !== undefined ? { retryDelayMs: options.retryDelayMs } : {}),
    onListener: () => {
      if (mode === 'polling') pollSoon();
    },
  });

  /** Takes events from either transport: each once, the cursor moved past them. */
  function receive(events: readonly AsyncEvent[]): void {
    if (closed) return;
    const fresh: AsyncEvent[] = [];
    for (const e of events) {
      if (seen.has(e.id)) continue;
      seen.add(e.id);
      if (seen.size > SEEN_LIMIT) {
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      fresh.push(e);
      if (lastId === null || compareEventIds(e.id, lastId) > 0) lastId = e.id;
    }
    if (fresh.length === 0) return;
    if (lastId !== null) options.saveLastId?.(lastId);
    registry.deliver(fresh);
  }

  // Polling: one call at a time, the next `pollingDelayMs` after the last answer, while jobs
  // are waited for; idle otherwise (a new wait starts it at once).
  let pollTimer: unknown = null;
  let polling = false;

  function pollSoon(): void {
    if (closed || mode !== 'polling' || polling || pollTimer !== null) return;
    void poll();
  }

  async function poll(): Promise<void> {
    polling = true;
    try {
      receive(await options.fetchEvents(lastId));
    } catch (e) {
      warn(`Async events could not be read: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      polling = false;
    }
    if (closed || mode !== 'polling' || registry.size() === 0) return;
    pollTimer = timers.setTimeout(() => {
      pollTimer = null;
      void poll();
    }, pollingDelayMs);
  }

  // WebSocket: opened at once; each close counts a try (an open resets the count), the next
  // try `wsReconnectMs` later; after `wsMaxTries` tries in a row, polling.
  let socket: SocketLike | null = null;
  let reconnectTimer: unknown = null;
  let failedTries = 0;

  function connect(): void {
    if (closed || mode !== 'ws') return;
    let current: SocketLike;
    try {
      current = options.openSocket(lastId);
    } catch (e) {
      warn(`The async events socket could not be opened: ${String(e)}`);
      onSocketClosed();
      return;
    }
    socket = current;
    // The server sends the events after `lastId` first (those appended while no socket was
    // open), then each new one.
    current.addEventListener('open', () => {
      if (socket === current) failedTries = 0;
    });
    current.addEventListener('message', ({ data }) => {
      if (socket !== current) return;
      const event = parseSocketMessage(data);
      if (event) receive([event]);
      else warn('An async events socket message was not an event; ignored.');
    });
    current.addEventListener('close', () => {
      if (socket !== current) return;
      socket = null;
      onSocketClosed();
    });
  }

  function onSocketClosed(): void {
    if (closed) return;
    failedTries += 1;
    if (failedTries >= wsMaxTries) {
      warn(`The async events socket failed ${failedTries} times; polling instead.`);
      mode = 'polling';
      if (registry.size() > 0) pollSoon();
      return;
    }
    reconnectTimer = timers.setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, wsReconnectMs);
  }

  if (mode === 'ws') connect();

  return {
    wait: (jobId, signal) => registry.wait(jobId, signal),
    transport: () => mode,
    lastId: () => lastId,
    close() {
      closed = true;
      if (pollTimer !== null) timers.clearTimeout(pollTimer);
      if (reconnectTimer !== null) timers.clearTimeout(reconnectTimer);
      pollTimer = null;
      reconnectTimer = null;
      const s = socket;
      socket = null;
      s?.close();
      registry.close();
    },
  };
}

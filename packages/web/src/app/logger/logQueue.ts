/** One event of the event log (`POST /superset/log/?explode=events`). */
export interface LogEvent {
  source: string;
  source_id: number | string | null;
  event_name: string;
  event_type: string;
  ts: number;
  [key: string]: unknown;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LogQueueOptions {
  /** Flush this long after the first event of a batch was queued. */
  flushMs: number;
  /** Flush at once when this many events wait; also the largest batch sent in one call. */
  batchSize: number;
  send: (events: LogEvent[]) => void;
  timers: Timers;
}

export interface LogQueue {
  push(event: LogEvent): void;
  /** Sends everything waiting now (in batches of at most batchSize). */
  flush(): void;
  /** Takes everything waiting without sending it (for a beacon when the page goes away). */
  drain(): LogEvent[];
  size(): number;
}

/** A queue that batches log events: sent after `flushMs` or when `batchSize` events wait. */
export function createLogQueue(options: LogQueueOptions): LogQueue {
  let pending: LogEvent[] = [];
  let timer: unknown = null;

  function stopTimer(): void {
    if (timer !== null) {
      options.timers.clearTimeout(timer);
      timer = null;
    }
  }

  function drain(): LogEvent[] {
    stopTimer();
    const events = pending;
    pending = [];
    return events;
  }

  function flush(): void {
    const events = drain();
    for (let i = 0; i < events.length; i += options.batchSize) {
      options.send(events.slice(i, i + options.batchSize));
    }
  }

  function push(event: LogEvent): void {
    pending.push(event);
    if (pending.length >= options.batchSize) {
      flush();
    } else if (timer === null) {
      timer = options.timers.setTimeout(() => {
        timer = null;
        flush();
      }, options.flushMs);
    }
  }

  return { push, flush, drain, size: () => pending.length };
}

/** Builds a log event with the common fields. */
export function buildLogEvent(
  eventName: string,
  payload: Record<string, unknown>,
  context: { now: number; impressionId: string; source?: string; sourceId?: number | string },
): LogEvent {
  return {
    ...payload,
    source: context.source ?? 'spa',
    source_id: context.sourceId ?? null,
    impression_id: context.impressionId,
    event_name: eventName,
    event_type: 'user',
    ts: context.now,
  };
}

/** The JSON body of a log call. */
export function logRequestBody(events: LogEvent[]): { events: LogEvent[] } {
  return { events };
}

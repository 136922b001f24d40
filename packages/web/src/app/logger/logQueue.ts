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

/** Superset's log actions the web sends (LOG_ACTIONS_*). */
export const LOG_ACTIONS = {
  spaNavigation: 'spa_navigation',
  mountDashboard: 'mount_dashboard',
  mountExplorer: 'mount_explorer',
  loadChart: 'load_chart',
  renderChart: 'render_chart',
} as const;

/** Events measuring time (`event_type: timing`); every other event is a user event. */
export const TIMING_EVENTS: ReadonlySet<string> = new Set([
  LOG_ACTIONS.loadChart,
  LOG_ACTIONS.renderChart,
  'hide_browser_tab',
]);

/** Where events come from: the page's kind and the id of what it shows. */
export interface LogSource {
  source: 'dashboard' | 'explore' | 'sqlLab' | 'spa';
  sourceId: number | string | null;
  /** Ids the server files the event under (`dashboard_id`, `slice_id`). */
  dashboardId?: number;
  sliceId?: number;
}

export const SPA_SOURCE: LogSource = { source: 'spa', sourceId: null };

export interface LogEventContext {
  now: number;
  impressionId: string;
  source?: LogSource;
  /** A fresh id, given to a user event. */
  eventId?: string;
  /** The id of the last user event: what a timing event was triggered by. */
  lastEventId?: string | null;
  /** `document.visibilityState` when the event happened. */
  visibility?: string;
}

/**
 * A log event with spec 001 §3's fields: source, source_id, impression_id, version, ts,
 * event_name, event_type (user or timing); a user event has event_id and visibility, a timing
 * event the trigger_event (the last user event's id). The payload adds the event's own fields.
 */
export function buildLogEvent(
  eventName: string,
  payload: Record<string, unknown>,
  context: LogEventContext,
): LogEvent {
  const source = context.source ?? SPA_SOURCE;
  const timing = TIMING_EVENTS.has(eventName);
  return {
    ...(source.dashboardId !== undefined ? { dashboard_id: source.dashboardId } : {}),
    ...(source.sliceId !== undefined ? { slice_id: source.sliceId } : {}),
    ...payload,
    source: source.source,
    source_id: source.sourceId,
    impression_id: context.impressionId,
    version: 'v2',
    ts: context.now,
    event_name: eventName,
    ...(timing
      ? { event_type: 'timing', trigger_event: context.lastEventId ?? null }
      : {
          event_type: 'user',
          event_id: context.eventId ?? null,
          visibility: context.visibility ?? null,
        }),
  };
}

export const LOG_ENDPOINT = '/superset/log/?explode=events';

/**
 * Where an event is posted: the server files a batch under the dashboard or chart the URL
 * names (Superset's `dashboard_id` / `slice_id` parameters).
 */
export function logEndpoint(event: LogEvent): string {
  const id = event.source_id;
  const valid = typeof id === 'number' && Number.isInteger(id) && id > 0;
  if (valid && event.source === 'dashboard') return `${LOG_ENDPOINT}&dashboard_id=${id}`;
  if (valid && event.source === 'slice') return `${LOG_ENDPOINT}&slice_id=${id}`;
  return LOG_ENDPOINT;
}

/** Splits events into runs posted to the same endpoint, in order. */
export function batchesByEndpoint(
  events: LogEvent[],
): Array<{ endpoint: string; events: LogEvent[] }> {
  const out: Array<{ endpoint: string; events: LogEvent[] }> = [];
  for (const event of events) {
    const endpoint = logEndpoint(event);
    const last = out[out.length - 1];
    if (last && last.endpoint === endpoint) last.events.push(event);
    else out.push({ endpoint, events: [event] });
  }
  return out;
}

/** The JSON body of a log call. */
export function logRequestBody(events: LogEvent[]): { events: LogEvent[] } {
  return { events };
}

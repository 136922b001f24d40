/**
 * Async queries' client constants (spec 001 §9): how often the web app polls for events, how it
 * reconnects its WebSocket and how long an event nobody waits for yet is kept.
 */

/** `GLOBAL_ASYNC_QUERIES_TRANSPORT`: how the web app receives job events. */
export type AsyncTransport = 'polling' | 'ws';

/** Delay between two `GET /api/v1/async_event/` calls (ms). */
export const ASYNC_POLLING_DELAY_MS = 500;
/** Delay before the WebSocket is opened again after it closed (ms). */
export const ASYNC_WS_RECONNECT_MS = 2500;
/** WebSocket connection tries before the client falls back to polling. */
export const ASYNC_WS_MAX_TRIES = 6;
/** Times an event with no listener yet is looked at again before it is dropped. */
export const ASYNC_EVENT_MAX_RETRIES = 6;
/** The wait before retry n of an unmatched event is this times n (ms). */
export const ASYNC_EVENT_RETRY_DELAY_MS = 100;
/** The WebSocket's path on the server (same origin as the app). */
export const ASYNC_WS_PATH = '/ws';

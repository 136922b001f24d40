/**
 * The async event WebSocket (`/ws?last_id=`, GLOBAL_ASYNC_QUERIES_TRANSPORT `ws`): each event
 * of the caller's channel is pushed as one JSON text message (an `AsyncEvent`), as Superset's
 * websocket server does. On connection the socket first gets the channel's events after
 * `last_id` (without it: every event the channel still holds, as `GET /api/v1/async_event/`
 * answers, so a job started before the socket opened is not missed); then, whenever the bus says
 * the channel has a new event (from any process), the events after the last one sent.
 *
 * Who may connect:
 * - Same origin only: a browser always sends `Origin` on a WebSocket handshake, and a page of
 *   another site must not use the visitor's cookie here (cross-site WebSocket hijacking). The
 *   Origin's host must be the request's `Host` or one of its `X-Forwarded-Host` values (a
 *   reverse proxy's; a page cannot set that header on a WebSocket). A handshake without
 *   `Origin` comes from a program, not a browser page: it is let through, and still has to
 *   authenticate like any API client.
 * - Authenticated as the API is (auth-plugin.ts): the session cookie, or a Bearer token, and
 *   Superset's `can_list` on AsyncEventsRestApi. The channel comes from that (channel.ts).
 * Refusals are plain HTTP answers to the upgrade request: 403 (origin, permission), 401 (no
 * user), 400 (bad `last_id`), 404 (another path).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { ASYNC_WS_PATH } from '@strata/core';
import type { FastifyInstance } from 'fastify';
import { WebSocket, WebSocketServer } from 'ws';
import { ApiError } from '../api/errors.js';
import type { EventBus } from '../events/bus.js';
import {
  bearerPrincipal,
  satisfies,
  sessionPrincipal,
  type AuthMethod,
  type AuthPluginOptions,
} from '../security/auth-plugin.js';
import type { KeyRing } from '../security/keys.js';
import type { Principal } from '../security/principal.js';
import { SESSION_COOKIE } from '../security/sessions.js';
import { asyncChannelId } from './channel.js';
import { ASYNC_EVENTS_READ_LIMIT, isEventId, type AsyncEventStore } from './event-store.js';
import { ASYNC_EVENT_ACCESS } from './routes.js';

/** How often sockets are pinged; one that did not answer the last ping is closed (ms). */
export const WS_PING_INTERVAL_MS = 30_000;

export interface AsyncSocketOptions {
  events: AsyncEventStore;
  bus: EventBus;
  keys: KeyRing;
  auth: AuthPluginOptions;
  pingIntervalMs?: number;
}

interface Client {
  ws: WebSocket;
  channelId: string;
  lastSent: string | null;
  reading: boolean;
  again: boolean;
  alive: boolean;
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
};

function refuse(socket: Duplex, status: number, message: string): void {
  if (socket.writable) {
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}\r\n` +
        'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function headerValues(value: string | string[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list
    .flatMap((v) => v.split(','))
    .map((v) => v.trim().toLowerCase())
    .filter(Boolean);
}

/** Whether the handshake's Origin (when it has one) is the app's own host. */
export function sameOrigin(headers: IncomingMessage['headers']): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    host = url.host.toLowerCase();
  } catch {
    return false;
  }
  return [...headerValues(headers.host), ...headerValues(headers['x-forwarded-host'])].includes(
    host,
  );
}

interface SocketUser {
  principal: Principal;
  authMethod: AuthMethod;
  sessionId: string | null;
}

/** Attaches the WebSocket to the app's HTTP server; sockets are closed when the app closes. */
export function attachAsyncEventSocket(app: FastifyInstance, opts: AsyncSocketOptions): void {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const channels = new Map<string, Set<Client>>();

  const authenticate = async (req: IncomingMessage): Promise<SocketUser | null> => {
    const header = req.headers.authorization;
    if (header && /^Bearer\s+/i.test(header)) {
      const principal = await bearerPrincipal(header.replace(/^Bearer\s+/i, '').trim(), opts.auth);
      return { principal, authMethod: 'bearer', sessionId: null };
    }
    const raw = req.headers.cookie
      ? app.parseCookie(req.headers.cookie)[SESSION_COOKIE]
      : undefined;
    if (!raw) return null;
    const found = await sessionPrincipal(raw, (v) => app.unsignCookie(v), opts.auth);
    return (
      found && { principal: found.principal, authMethod: 'cookie', sessionId: found.sessionId }
    );
  };

  /** Sends the channel's events after the last one sent; one read at a time per socket. */
  const deliver = async (client: Client): Promise<void> => {
    if (client.reading) {
      client.again = true;
      return;
    }
    client.reading = true;
    try {
      do {
        client.again = false;
        for (;;) {
          if (client.ws.readyState !== WebSocket.OPEN) return;
          const events = await opts.events.after(
            client.channelId,
            client.lastSent,
            ASYNC_EVENTS_READ_LIMIT,
          );
          for (const event of events) {
            if (client.ws.readyState !== WebSocket.OPEN) return;
            client.ws.send(JSON.stringify(event));
            client.lastSent = event.id;
          }
          if (events.length < ASYNC_EVENTS_READ_LIMIT) break;
        }
      } while (client.again);
    } catch (err) {
      app.log.warn({ err }, 'async events: could not read the events of a WebSocket');
    } finally {
      client.reading = false;
    }
  };

  const unsubscribe = opts.bus.subscribe('async_events', (channelId) => {
    for (const client of channels.get(channelId) ?? []) void deliver(client);
  });

  const connected = (ws: WebSocket, channelId: string, lastId: string | null) => {
    const client: Client = {
      ws,
      channelId,
      lastSent: lastId,
      reading: false,
      again: false,
      alive: true,
    };
    let set = channels.get(channelId);
    if (!set) channels.set(channelId, (set = new Set()));
    set.add(client);
    ws.on('pong', () => {
      client.alive = true;
    });
    ws.on('error', () => undefined);
    // The client has nothing to say: events go one way.
    ws.on('message', () => undefined);
    ws.on('close', () => {
      const clients = channels.get(channelId);
      clients?.delete(client);
      if (clients?.size === 0) channels.delete(channelId);
    });
    void deliver(client);
  };

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => undefined);
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      refuse(socket, 400, 'Bad request');
      return;
    }
    if (url.pathname !== ASYNC_WS_PATH) {
      // Another listener may serve that path; when there is none, nobody would answer.
      if (app.server.listenerCount('upgrade') <= 1) refuse(socket, 404, 'Not found');
      return;
    }
    if (!sameOrigin(req.headers)) {
      refuse(socket, 403, 'Cross-origin WebSocket connections are not allowed');
      return;
    }
    const lastId = url.searchParams.get('last_id');
    if (lastId !== null && !isEventId(lastId)) {
      refuse(socket, 400, 'last_id must be an event id such as 1700000000000-0');
      return;
    }
    authenticate(req)
      .then((user) => {
        if (!user) return refuse(socket, 401, 'Not authorized');
        if (!satisfies(user.principal, ASYNC_EVENT_ACCESS)) return refuse(socket, 403, 'Forbidden');
        const channelId = asyncChannelId(opts.keys, user);
        if (!channelId) return refuse(socket, 401, 'Not authorized');
        wss.handleUpgrade(req, socket, head, (ws) => connected(ws, channelId, lastId));
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.statusCode === 401) refuse(socket, 401, err.message);
        else {
          app.log.error({ err }, 'async events: WebSocket authentication failed');
          refuse(socket, 500, 'Internal server error');
        }
      });
  };
  app.server.on('upgrade', onUpgrade);

  const ping = setInterval(() => {
    for (const set of channels.values())
      for (const client of set) {
        if (!client.alive) {
          client.ws.terminate();
          continue;
        }
        client.alive = false;
        client.ws.ping();
      }
  }, opts.pingIntervalMs ?? WS_PING_INTERVAL_MS);
  ping.unref();

  // Before the HTTP server closes: it waits for its connections, upgraded ones included.
  app.addHook('preClose', async () => {
    clearInterval(ping);
    unsubscribe();
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.close(1001, 'Server shutting down');
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => {
        for (const client of wss.clients) client.terminate();
        resolve();
      }, 1000);
      force.unref();
      wss.close(() => {
        clearTimeout(force);
        resolve();
      });
    });
  });
}

/**
 * Where the events of async jobs are kept until their channel reads them (GLOBAL_ASYNC_QUERIES):
 * a Redis stream per channel with `STRATA_REDIS_URL` (as Superset's async query manager keeps
 * them), else a bounded in-memory list per channel. Event ids are Redis stream ids,
 * `<ms>-<seq>`, increasing within a channel; `after(channel, lastId)` answers the events that
 * came after `lastId`, oldest first. Every append publishes the channel id on the bus topic
 * `async_events`, so the process holding the channel's WebSocket reads the new event at once.
 */
import { asyncJobMetadata, type AsyncEvent, type AsyncJobMetadata } from '@strata/core';
import type { Redis } from 'ioredis';
import type { EventBus } from '../events/bus.js';
import { BoundedMap } from '../shared/bounded-map.js';
import { isChannelId } from './channel.js';

/** Events kept per channel at most (Redis: `MAXLEN ~`, so about this many). */
export const ASYNC_EVENTS_PER_CHANNEL = 1000;
/** A channel's events are dropped this long after its last event (seconds). */
export const ASYNC_EVENTS_TTL_SECONDS = 3600;
/** Events one read answers at most (Superset's MAX_EVENT_COUNT). */
export const ASYNC_EVENTS_READ_LIMIT = 100;
/** Channels the in-memory store keeps at most (least recently written dropped first). */
export const MEMORY_ASYNC_CHANNELS = 10_000;

/** The Redis stream of a channel's events: `<prefix>:async-events:<channel>` (STRATA_REDIS_PREFIX). */
export const asyncEventsKey = (prefix: string, channelId: string) =>
  `${prefix}:async-events:${channelId}`;

const MAX_ID_PART = (1n << 64n) - 1n;

/** An event id's two parts, or null when it is not one (`<ms>-<seq>`, each below 2^64). */
export function parseEventId(id: string): [bigint, bigint] | null {
  const m = /^(\d{1,20})-(\d{1,20})$/.exec(id);
  if (!m) return null;
  const ms = BigInt(m[1]!);
  const seq = BigInt(m[2]!);
  return ms > MAX_ID_PART || seq > MAX_ID_PART ? null : [ms, seq];
}

export function isEventId(id: string): boolean {
  return parseEventId(id) !== null;
}

/** Compares two valid event ids (negative, 0, positive). */
export function compareEventIds(a: string, b: string): number {
  const [am, as] = parseEventId(a)!;
  const [bm, bs] = parseEventId(b)!;
  if (am !== bm) return am < bm ? -1 : 1;
  return as === bs ? 0 : as < bs ? -1 : 1;
}

function checkArgs(channelId: string, lastId: string | null): void {
  if (!isChannelId(channelId)) throw new Error('Invalid async channel id');
  if (lastId !== null && !isEventId(lastId)) throw new Error('Invalid async event id');
}

function checkAppend(channelId: string, meta: AsyncJobMetadata): void {
  checkArgs(channelId, null);
  if (meta.channel_id !== channelId) throw new Error('The event belongs to another channel');
}

export interface AsyncEventStore {
  /** Appends a job's event to its channel (`meta.channel_id` must be it) and notifies the bus. */
  append(channelId: string, meta: AsyncJobMetadata): Promise<AsyncEvent>;
  /** The channel's events after `lastId` (all kept ones when null), oldest first, at most `limit`. */
  after(channelId: string, lastId: string | null, limit?: number): Promise<AsyncEvent[]>;
}

async function notify(bus: EventBus, channelId: string): Promise<void> {
  try {
    await bus.publish('async_events', channelId);
  } catch {
    // The bus only hastens delivery: pollers and reconnecting sockets still read the event.
  }
}

interface MemoryEntry {
  event: AsyncEvent;
  at: number;
}

/** The events of one process (the embedded default): bounded per channel and in channels. */
export class MemoryAsyncEventStore implements AsyncEventStore {
  private readonly channels: BoundedMap<string, MemoryEntry[]>;
  private lastMs = 0;
  private seq = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly options: {
      perChannel?: number;
      ttlSeconds?: number;
      maxChannels?: number;
      now?: () => number;
    } = {},
  ) {
    this.channels = new BoundedMap(options.maxChannels ?? MEMORY_ASYNC_CHANNELS);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Increasing ids: the clock's ms, or the last one's while the clock does not move past it. */
  private nextId(): string {
    const ms = this.now();
    if (ms > this.lastMs) {
      this.lastMs = ms;
      this.seq = 0;
    } else this.seq += 1;
    return `${this.lastMs}-${this.seq}`;
  }

  private live(channelId: string): MemoryEntry[] | undefined {
    const entries = this.channels.get(channelId);
    if (!entries) return undefined;
    const oldest = this.now() - (this.options.ttlSeconds ?? ASYNC_EVENTS_TTL_SECONDS) * 1000;
    let expired = 0;
    while (expired < entries.length && entries[expired]!.at < oldest) expired += 1;
    if (expired) entries.splice(0, expired);
    if (!entries.length) {
      this.channels.delete(channelId);
      return undefined;
    }
    return entries;
  }

  async append(channelId: string, meta: AsyncJobMetadata): Promise<AsyncEvent> {
    checkAppend(channelId, meta);
    const event: AsyncEvent = { id: this.nextId(), ...meta };
    const entries = this.live(channelId) ?? [];
    entries.push({ event, at: this.now() });
    const max = this.options.perChannel ?? ASYNC_EVENTS_PER_CHANNEL;
    if (entries.length > max) entries.splice(0, entries.length - max);
    this.channels.set(channelId, entries);
    await notify(this.bus, channelId);
    return event;
  }

  async after(
    channelId: string,
    lastId: string | null,
    limit = ASYNC_EVENTS_READ_LIMIT,
  ): Promise<AsyncEvent[]> {
    checkArgs(channelId, lastId);
    const entries = this.live(channelId) ?? [];
    const out: AsyncEvent[] = [];
    for (const { event } of entries) {
      if (out.length >= limit) break;
      if (lastId === null || compareEventIds(event.id, lastId) > 0) out.push(event);
    }
    return out;
  }
}

/** The events in Redis streams, shared by every process (`<prefix>:async-events:<channel>`). */
export class RedisAsyncEventStore implements AsyncEventStore {
  constructor(
    private readonly redis: Redis,
    private readonly bus: EventBus,
    private readonly options: { prefix?: string; perChannel?: number; ttlSeconds?: number } = {},
  ) {}

  private key(channelId: string): string {
    return asyncEventsKey(this.options.prefix ?? 'strata', channelId);
  }

  async append(channelId: string, meta: AsyncJobMetadata): Promise<AsyncEvent> {
    checkAppend(channelId, meta);
    const key = this.key(channelId);
    const answers = await this.redis
      .multi()
      .xadd(
        key,
        'MAXLEN',
        '~',
        String(this.options.perChannel ?? ASYNC_EVENTS_PER_CHANNEL),
        '*',
        'data',
        JSON.stringify(meta),
      )
      .expire(key, this.options.ttlSeconds ?? ASYNC_EVENTS_TTL_SECONDS)
      .exec();
    const [added] = answers ?? [];
    if (!added || added[0] || typeof added[1] !== 'string')
      throw new Error(`Could not append the async event: ${String(added?.[0] ?? 'no answer')}`);
    await notify(this.bus, channelId);
    return { id: added[1], ...meta };
  }

  async after(
    channelId: string,
    lastId: string | null,
    limit = ASYNC_EVENTS_READ_LIMIT,
  ): Promise<AsyncEvent[]> {
    checkArgs(channelId, lastId);
    const max = `${MAX_ID_PART}-${MAX_ID_PART}`;
    if (lastId !== null && compareEventIds(lastId, max) === 0) return [];
    const entries = await this.redis.xrange(
      this.key(channelId),
      lastId === null ? '-' : `(${lastId}`,
      '+',
      'COUNT',
      Math.max(1, Math.floor(limit)),
    );
    const out: AsyncEvent[] = [];
    for (const [id, fields] of entries) {
      const at = fields.indexOf('data');
      if (at < 0 || at % 2 !== 0) continue;
      let parsed: unknown;
      try {
        parsed = JSON.parse(fields[at + 1] ?? '');
      } catch {
        continue;
      }
      const meta = asyncJobMetadata.safeParse(parsed);
      if (meta.success) out.push({ id, ...meta.data });
    }
    return out;
  }
}

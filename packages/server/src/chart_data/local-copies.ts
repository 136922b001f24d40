/**
 * Issue 17: with Redis as the shared chart data cache, each process also keeps the entries it
 * read or wrote in its own memory, so that a cache hit costs no round trip to Redis.
 *
 * - A local copy lives at most `localMs`, and never past the Redis entry's own expiry.
 * - A process that writes an entry (a first run, a force refresh) says so on the event bus
 *   (topic `chart_data.replaced`, message `<process id> <cache key>`); every other process drops
 *   its copy of that key. A copy read from Redis while such a message arrived is not kept, so a
 *   read racing a replacement cannot bring the old value back.
 * - The bus loses messages while Redis reconnects: a copy is then at most `localMs` old.
 *
 * The bounds are the in-memory cache's (entries and characters), as both hold the same values.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/bus.js';
import { TextLru } from '../shared/text-lru.js';
import {
  DEFAULT_MEMORY_CHARS,
  DEFAULT_MEMORY_ENTRIES,
  type ChartDataCache,
  type ExpiringValue,
} from './cache.js';

/** The shared cache under the local copies (Redis). */
export interface SharedChartDataCache extends ChartDataCache {
  getWithExpiry(key: string): Promise<ExpiringValue | null>;
}

export interface LocalCopiesOptions {
  /** How long a local copy may serve at most, in ms. */
  localMs: number;
  maxEntries?: number;
  maxChars?: number;
  now?: () => number;
}

export const REPLACED_TOPIC = 'chart_data.replaced';

export class LocallyCopiedChartDataCache implements ChartDataCache {
  private readonly copies: TextLru;
  private readonly id = randomUUID();
  /** Bumped by every replacement another process announces. */
  private replacements = 0;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(
    private readonly shared: SharedChartDataCache,
    private readonly bus: EventBus,
    private readonly options: LocalCopiesOptions,
  ) {
    this.now = options.now ?? Date.now;
    this.copies = new TextLru(
      options.maxEntries ?? DEFAULT_MEMORY_ENTRIES,
      options.maxChars ?? DEFAULT_MEMORY_CHARS,
      this.now,
    );
    this.unsubscribe = bus.subscribe(REPLACED_TOPIC, (message) => this.onReplaced(message));
  }

  /** Local copies held now (for tests and the bench). */
  get size(): number {
    return this.copies.size;
  }

  async get(key: string): Promise<string | null> {
    const copy = this.copies.get(key);
    if (copy !== null) return copy;
    const seen = this.replacements;
    const got = await this.shared.getWithExpiry(key);
    if (got === null) return null;
    if (seen === this.replacements) this.keep(key, got.value, got.ttlMs);
    return got.value;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.shared.set(key, value, ttlSeconds);
    if (ttlSeconds < 0) this.copies.delete(key);
    else this.keep(key, value, ttlSeconds === 0 ? null : ttlSeconds * 1000);
    try {
      await this.bus.publish(REPLACED_TOPIC, `${this.id} ${key}`);
    } catch {
      // Redis unreachable: the others' copies end within localMs.
    }
  }

  /** Stops listening to the other processes (the copies go with the process). */
  close(): void {
    this.unsubscribe();
  }

  private keep(key: string, value: string, ttlMs: number | null): void {
    const life = Math.min(this.options.localMs, ttlMs ?? Infinity);
    if (life > 0) this.copies.set(key, value, this.now() + life);
  }

  private onReplaced(message: string): void {
    const space = message.indexOf(' ');
    if (space < 0 || message.slice(0, space) === this.id) return;
    this.replacements += 1;
    this.copies.delete(message.slice(space + 1));
  }
}

/** Redis's chart data cache, with local copies unless `localSeconds` is 0. */
export function sharedChartCache(
  redisCache: SharedChartDataCache,
  bus: EventBus,
  localSeconds: number,
): ChartDataCache {
  if (localSeconds <= 0) return redisCache;
  return new LocallyCopiedChartDataCache(redisCache, bus, { localMs: localSeconds * 1000 });
}

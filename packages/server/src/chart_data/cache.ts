/**
 * The chart data result cache: a bounded in-memory LRU by default, Redis when configured. Values
 * are JSON text; every entry has its own time-to-live (the dataset's, else the database's, else
 * the default cache_timeout). As in Superset, a time-out of 0 never expires and a negative one
 * bypasses the cache. A failing Redis is a cache miss, never a failed request.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { TextLru } from '../shared/text-lru.js';

export interface ChartDataCache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
}

/** A value with the time it has left: milliseconds, or null when it never expires. */
export interface ExpiringValue {
  value: string;
  ttlMs: number | null;
}

/** Superset's CACHE_DEFAULT_TIMEOUT: one day. */
export const DEFAULT_CACHE_TIMEOUT_SECONDS = 86_400;
/** Entries the in-memory cache keeps before dropping the least recently used. */
export const DEFAULT_MEMORY_ENTRIES = 500;
/** Total characters of values the in-memory cache keeps (about 64 MB of UTF-16 text). */
export const DEFAULT_MEMORY_CHARS = 32 * 1024 * 1024;

/** A least-recently-used map with expiry, bounded by entry count and total value size. */
export class MemoryChartDataCache implements ChartDataCache {
  private readonly lru: TextLru;

  constructor(
    maxEntries = DEFAULT_MEMORY_ENTRIES,
    maxChars = DEFAULT_MEMORY_CHARS,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new TextLru(maxEntries, maxChars, now);
  }

  get size(): number {
    return this.lru.size;
  }

  get(key: string): Promise<string | null> {
    return Promise.resolve(this.lru.get(key));
  }

  set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds < 0) this.lru.delete(key);
    else this.lru.set(key, value, ttlSeconds === 0 ? Infinity : this.now() + ttlSeconds * 1000);
    return Promise.resolve();
  }
}

const REDIS_PREFIX = 'strata:chart_data:';

/** Entries in Redis with a TTL, shared by every web process. */
export class RedisChartDataCache implements ChartDataCache {
  constructor(private readonly redis: Redis) {}

  async get(key: string): Promise<string | null> {
    try {
      return await this.redis.get(REDIS_PREFIX + key);
    } catch {
      return null;
    }
  }

  /** The value and its remaining time-to-live, read in one round trip. */
  async getWithExpiry(key: string): Promise<ExpiringValue | null> {
    try {
      const replies = await this.redis
        .multi()
        .get(REDIS_PREFIX + key)
        .pttl(REDIS_PREFIX + key)
        .exec();
      const value = replies?.[0]?.[1];
      const pttl = replies?.[1]?.[1];
      if (typeof value !== 'string') return null;
      // PTTL: -1 for a key without expiry (-2, gone meanwhile, cannot follow a value in MULTI).
      return { value, ttlMs: typeof pttl === 'number' && pttl >= 0 ? pttl : null };
    } catch {
      return null;
    }
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds < 0) return;
    try {
      if (ttlSeconds === 0) await this.redis.set(REDIS_PREFIX + key, value);
      else await this.redis.set(REDIS_PREFIX + key, value, 'EX', Math.ceil(ttlSeconds));
    } catch {
      // a cache that cannot be written is a cache miss next time
    }
  }
}

/** The cache key: a SHA-256 of the parts' JSON (compiled SQL, datasource, changed_on…). */
export function cacheKeyOf(parts: Record<string, unknown>): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/** The first cache timeout set: the dataset's, the database's, then the default. */
export function cacheTimeoutOf(
  datasetTimeout: number | null | undefined,
  databaseTimeout: number | null | undefined,
  fallback = DEFAULT_CACHE_TIMEOUT_SECONDS,
): number {
  if (datasetTimeout !== null && datasetTimeout !== undefined) return datasetTimeout;
  if (databaseTimeout !== null && databaseTimeout !== undefined) return databaseTimeout;
  return fallback;
}

/**
 * Where thumbnails are kept (Superset's THUMBNAIL_CACHE): in memory (bounded, per process; the
 * embedded install) or in Redis (shared by every web and worker process). One entry per object
 * and digest: `pending` while a job makes it (the claim: only the request that put it there
 * enqueues the job, so a picture is never made twice at once), `error` for a while after a
 * failure, else the PNG. Every entry has a time-to-live: a pending mark outlives the longest
 * capture and then lapses (a worker that died leaves no mark forever), a failure is tried again
 * after its time, a picture after the cache's.
 */
import type { Redis } from 'ioredis';
import { TextLru } from '../shared/text-lru.js';

export type ThumbnailEntry =
  { state: 'pending' } | { state: 'error' } | { state: 'ready'; png: Buffer };

export interface ThumbnailStore {
  get(key: string): Promise<ThumbnailEntry | null>;
  /** Marks the key pending unless it holds an entry; true when this call marked it. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  put(key: string, png: Buffer, ttlSeconds: number): Promise<void>;
  fail(key: string, ttlSeconds: number): Promise<void>;
  /** Forgets the key (a job that found its object changed meanwhile). */
  drop(key: string): Promise<void>;
}

const PENDING = 'pending';
const ERROR = 'error';
const PNG_PREFIX = 'png:';

/** Values are text: `pending`, `error` or `png:<base64>`. */
function decode(value: string | null): ThumbnailEntry | null {
  if (value === null) return null;
  if (value === PENDING) return { state: 'pending' };
  if (value === ERROR) return { state: 'error' };
  if (value.startsWith(PNG_PREFIX))
    return { state: 'ready', png: Buffer.from(value.slice(PNG_PREFIX.length), 'base64') };
  return null;
}

const encodePng = (png: Buffer) => PNG_PREFIX + png.toString('base64');

/** Entries the in-memory store keeps; and their total size (about 64 MB of UTF-16 text). */
const MEMORY_ENTRIES = 2_000;
const MEMORY_CHARS = 32 * 1024 * 1024;

export class MemoryThumbnailStore implements ThumbnailStore {
  private readonly lru: TextLru;

  constructor(
    maxEntries = MEMORY_ENTRIES,
    maxChars = MEMORY_CHARS,
    private readonly now: () => number = Date.now,
  ) {
    this.lru = new TextLru(maxEntries, maxChars, now);
  }

  private until(ttlSeconds: number): number {
    return this.now() + ttlSeconds * 1000;
  }

  get(key: string): Promise<ThumbnailEntry | null> {
    return Promise.resolve(decode(this.lru.get(key)));
  }

  claim(key: string, ttlSeconds: number): Promise<boolean> {
    // No await between the look and the mark: one request of this process wins.
    if (this.lru.get(key) !== null) return Promise.resolve(false);
    this.lru.set(key, PENDING, this.until(ttlSeconds));
    return Promise.resolve(true);
  }

  put(key: string, png: Buffer, ttlSeconds: number): Promise<void> {
    this.lru.set(key, encodePng(png), this.until(ttlSeconds));
    return Promise.resolve();
  }

  fail(key: string, ttlSeconds: number): Promise<void> {
    this.lru.set(key, ERROR, this.until(ttlSeconds));
    return Promise.resolve();
  }

  drop(key: string): Promise<void> {
    this.lru.delete(key);
    return Promise.resolve();
  }
}

/** Entries in Redis under `<prefix>:thumbnail:<key>`; the claim is one `SET … NX EX`. */
export class RedisThumbnailStore implements ThumbnailStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private k(key: string): string {
    return `${this.prefix}:thumbnail:${key}`;
  }

  async get(key: string): Promise<ThumbnailEntry | null> {
    try {
      return decode(await this.redis.get(this.k(key)));
    } catch {
      // A store that cannot be read is a miss; the claim below decides whether to make it.
      return null;
    }
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    try {
      return (await this.redis.set(this.k(key), PENDING, 'EX', ttlSeconds, 'NX')) === 'OK';
    } catch {
      return false;
    }
  }

  async put(key: string, png: Buffer, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.k(key), encodePng(png), 'EX', ttlSeconds);
  }

  async fail(key: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.k(key), ERROR, 'EX', ttlSeconds);
  }

  async drop(key: string): Promise<void> {
    await this.redis.del(this.k(key));
  }
}

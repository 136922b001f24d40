/**
 * What an async job needs that is not an id (GLOBAL_ASYNC_QUERIES): the chart query context and
 * who asked, kept under the job's result key until the result has been read. In Redis with
 * `STRATA_REDIS_URL` (every process reads it: the web that started the job, the worker that runs
 * it, the web the result is read from), else in a bounded in-memory map with expiry. Keys are
 * hex, checked before they reach Redis.
 */
import type { Redis } from 'ioredis';

export interface AsyncJobStore {
  put(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** The value, or null when it is unknown, expired or the key is not a job key. */
  get(key: string): Promise<string | null>;
}

/** A job key: 16 to 64 lowercase hex characters. */
export const JOB_KEY_PATTERN = /^[0-9a-f]{16,64}$/;

export function isJobKey(key: unknown): key is string {
  return typeof key === 'string' && JOB_KEY_PATTERN.test(key);
}

/** The Redis key of a job's value: `<prefix>:async-jobs:<key>` (STRATA_REDIS_PREFIX). */
export const asyncJobKey = (prefix: string, key: string) => `${prefix}:async-jobs:${key}`;
/** Entries the in-memory store keeps at most. */
export const MEMORY_ASYNC_JOBS = 2000;
/** Characters of values the in-memory store keeps at most (about 32 MB of text). */
export const MEMORY_ASYNC_JOB_CHARS = 16 * 1024 * 1024;

function checkKey(key: string): void {
  if (!isJobKey(key)) throw new Error('Invalid async job key');
}

interface Entry {
  value: string;
  expiresAt: number;
}

export class MemoryAsyncJobStore implements AsyncJobStore {
  private readonly entries = new Map<string, Entry>();
  private chars = 0;

  constructor(
    private readonly maxEntries = MEMORY_ASYNC_JOBS,
    private readonly maxChars = MEMORY_ASYNC_JOB_CHARS,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  async put(key: string, value: string, ttlSeconds: number): Promise<void> {
    checkKey(key);
    this.remove(key);
    if (value.length > this.maxChars) throw new Error('The async job is too large to keep');
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    this.chars += value.length;
    while (this.entries.size > this.maxEntries || this.chars > this.maxChars) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
  }

  async get(key: string): Promise<string | null> {
    if (!isJobKey(key)) return null;
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= this.now()) {
      this.remove(key);
      return null;
    }
    return entry.value;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.chars -= entry.value.length;
  }
}

export class RedisAsyncJobStore implements AsyncJobStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'strata',
  ) {}

  async put(key: string, value: string, ttlSeconds: number): Promise<void> {
    checkKey(key);
    await this.redis.set(
      asyncJobKey(this.prefix, key),
      value,
      'EX',
      Math.max(1, Math.ceil(ttlSeconds)),
    );
  }

  async get(key: string): Promise<string | null> {
    if (!isJobKey(key)) return null;
    return this.redis.get(asyncJobKey(this.prefix, key));
  }
}

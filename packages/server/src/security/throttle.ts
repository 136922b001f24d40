import type { Redis } from 'ioredis';

/** Login throttling policy: free attempts, then growing delays, then refusal until the window ends. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
export const THROTTLE_FREE_FAILURES = 3;
export const THROTTLE_BLOCK_FAILURES = 10;
export const THROTTLE_MAX_DELAY_MS = 4000;

export type ThrottleDecision =
  | { action: 'allow'; delayMs: number }
  | { action: 'block'; retryAfterSeconds: number };

/** What to do with a login attempt after `failures` recent failures (pure). */
export function decideThrottle(failures: number, ttlSeconds: number): ThrottleDecision {
  if (failures >= THROTTLE_BLOCK_FAILURES) {
    return { action: 'block', retryAfterSeconds: Math.max(1, Math.ceil(ttlSeconds)) };
  }
  if (failures < THROTTLE_FREE_FAILURES) return { action: 'allow', delayMs: 0 };
  const delay = 250 * 2 ** (failures - THROTTLE_FREE_FAILURES);
  return { action: 'allow', delayMs: Math.min(delay, THROTTLE_MAX_DELAY_MS) };
}

/** Counts failures per key within a window. */
export interface FailureCounter {
  get(key: string): Promise<{ failures: number; ttlSeconds: number }>;
  increment(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly entries = new Map<string, { failures: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async get(key: string) {
    const e = this.entries.get(key);
    if (!e || e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return { failures: 0, ttlSeconds: 0 };
    }
    return { failures: e.failures, ttlSeconds: (e.expiresAt - this.now()) / 1000 };
  }

  async increment(key: string) {
    const current = await this.get(key);
    const expiresAt =
      current.failures === 0
        ? this.now() + THROTTLE_WINDOW_SECONDS * 1000
        : (this.entries.get(key)?.expiresAt ?? this.now() + THROTTLE_WINDOW_SECONDS * 1000);
    this.entries.set(key, { failures: current.failures + 1, expiresAt });
    if (this.entries.size > 100_000) this.sweep();
  }

  async reset(key: string) {
    this.entries.delete(key);
  }

  private sweep() {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
  }
}

/** Shares the counts between web processes through Redis. */
export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'strata:login-failures:',
  ) {}

  async get(key: string) {
    const k = this.prefix + key;
    const [count, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    return { failures: Number(count ?? 0), ttlSeconds: ttl > 0 ? ttl / 1000 : 0 };
  }

  async increment(key: string) {
    const k = this.prefix + key;
    const n = await this.redis.incr(k);
    if (n === 1) await this.redis.expire(k, THROTTLE_WINDOW_SECONDS);
  }

  async reset(key: string) {
    await this.redis.del(this.prefix + key);
  }
}

/** Applies the policy to both the username and the client address of an attempt. */
export class LoginThrottle {
  constructor(private readonly counter: FailureCounter) {}

  private keys(username: string, ip: string): string[] {
    return [`user:${username.trim().toLowerCase()}`, `ip:${ip}`];
  }

  async check(username: string, ip: string): Promise<ThrottleDecision> {
    const states = await Promise.all(this.keys(username, ip).map((k) => this.counter.get(k)));
    const worst = states.reduce((a, b) => (b.failures > a.failures ? b : a));
    return decideThrottle(worst.failures, worst.ttlSeconds);
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all(this.keys(username, ip).map((k) => this.counter.increment(k)));
  }

  /** A success clears the user's count (not the address's: one address may try many users). */
  async recordSuccess(username: string): Promise<void> {
    await this.counter.reset(`user:${username.trim().toLowerCase()}`);
  }
}

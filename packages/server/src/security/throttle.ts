import type { Redis } from 'ioredis';

/** Failures are counted over a window; the count ends with it. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

/** Free attempts, then delays doubling from `baseDelayMs` up to `maxDelayMs`, then refusal. */
export interface ThrottlePolicy {
  freeFailures: number;
  blockFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** One user name: a few free tries, blocked after ten failures. */
export const USER_POLICY: ThrottlePolicy = {
  freeFailures: 3,
  blockFailures: 10,
  baseDelayMs: 100,
  maxDelayMs: 2000,
};
/** One client address (may be shared by many people behind one gateway): more room. */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeFailures: 10,
  blockFailures: 50,
  baseDelayMs: 100,
  maxDelayMs: 2000,
};

export type ThrottleDecision =
  { action: 'allow'; delayMs: number } | { action: 'block'; retryAfterSeconds: number };

/** What to do with a login attempt after `failures` recent failures (pure). */
export function decideThrottle(
  policy: ThrottlePolicy,
  failures: number,
  ttlSeconds: number,
): ThrottleDecision {
  if (failures >= policy.blockFailures) {
    return { action: 'block', retryAfterSeconds: Math.max(1, Math.ceil(ttlSeconds)) };
  }
  if (failures < policy.freeFailures) return { action: 'allow', delayMs: 0 };
  const delay = policy.baseDelayMs * 2 ** (failures - policy.freeFailures);
  return { action: 'allow', delayMs: Math.min(delay, policy.maxDelayMs) };
}

/** The stricter of two decisions: a block wins, else the longer delay. */
export function stricter(a: ThrottleDecision, b: ThrottleDecision): ThrottleDecision {
  if (a.action === 'block' || b.action === 'block') {
    const blocks = [a, b].filter(
      (d): d is Extract<ThrottleDecision, { action: 'block' }> => d.action === 'block',
    );
    return {
      action: 'block',
      retryAfterSeconds: Math.max(...blocks.map((d) => d.retryAfterSeconds)),
    };
  }
  return { action: 'allow', delayMs: Math.max(a.delayMs, b.delayMs) };
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
    const [user, address] = await Promise.all(
      this.keys(username, ip).map((k) => this.counter.get(k)),
    );
    return stricter(
      decideThrottle(USER_POLICY, user!.failures, user!.ttlSeconds),
      decideThrottle(ADDRESS_POLICY, address!.failures, address!.ttlSeconds),
    );
  }

  async recordFailure(username: string, ip: string): Promise<void> {
    await Promise.all(this.keys(username, ip).map((k) => this.counter.increment(k)));
  }

  /** A success clears the user's count (not the address's: one address may try many users). */
  async recordSuccess(username: string): Promise<void> {
    await this.counter.reset(`user:${username.trim().toLowerCase()}`);
  }
}

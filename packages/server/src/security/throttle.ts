import type { Redis } from 'ioredis';

/** Attempts are counted over a window; the count ends with it. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;
/** How long an address a user logged in from stays "known" for that user. */
export const KNOWN_ADDRESS_SECONDS = 30 * 24 * 3600;

/**
 * Free attempts, then delays doubling from `baseDelayMs` up to `maxDelayMs`, then refusal once
 * `blockAttempts` unsuccessful attempts are counted in the window.
 */
export interface ThrottlePolicy {
  freeAttempts: number;
  blockAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * One user name from one address: the guesser's own lane. Only this pair is refused after ten
 * failures; the same account from any other address is not affected.
 */
export const PAIR_POLICY: ThrottlePolicy = {
  freeAttempts: 3,
  blockAttempts: 10,
  baseDelayMs: 100,
  maxDelayMs: 2000,
};
/**
 * One address across all user names (password spraying). Looser: many people may share one
 * gateway, and a success gives its attempt back.
 */
export const ADDRESS_POLICY: ThrottlePolicy = {
  freeAttempts: 20,
  blockAttempts: 100,
  baseDelayMs: 100,
  maxDelayMs: 2000,
};
/**
 * One user name across all addresses (distributed guessing, ≥ 10 addresses needed to reach it).
 * Not applied from an address the user logged in from recently, so an attacker cannot lock a
 * user out of where they usually work.
 */
export const USER_POLICY: ThrottlePolicy = {
  freeAttempts: 20,
  blockAttempts: 100,
  baseDelayMs: 100,
  maxDelayMs: 2000,
};

export type ThrottleDecision =
  { action: 'allow'; delayMs: number } | { action: 'block'; retryAfterSeconds: number };

/** What to do with a login attempt after `attempts` counted attempts (pure). */
export function decideThrottle(
  policy: ThrottlePolicy,
  attempts: number,
  ttlSeconds: number,
): ThrottleDecision {
  if (attempts >= policy.blockAttempts) {
    return { action: 'block', retryAfterSeconds: Math.max(1, Math.ceil(ttlSeconds)) };
  }
  if (attempts < policy.freeAttempts) return { action: 'allow', delayMs: 0 };
  const delay = policy.baseDelayMs * 2 ** (attempts - policy.freeAttempts);
  return { action: 'allow', delayMs: Math.min(delay, policy.maxDelayMs) };
}

/** The stricter of two decisions: a block wins (the longest wait), else the longer delay. */
export function stricter(a: ThrottleDecision, b: ThrottleDecision): ThrottleDecision {
  if (a.action === 'block' || b.action === 'block') {
    const waits = [a, b].map((d) => (d.action === 'block' ? d.retryAfterSeconds : 0));
    return { action: 'block', retryAfterSeconds: Math.max(...waits) };
  }
  return { action: 'allow', delayMs: Math.max(a.delayMs, b.delayMs) };
}

/** One counter an attempt is counted on, with the limit that applies to it. */
export interface CountedKey {
  key: string;
  blockAttempts: number;
}

export type Reservation =
  { blocked: false; counts: number[] } | { blocked: true; index: number; ttlSeconds: number };

/**
 * Attempt counters. `reserve` is atomic: when any key has reached its limit nothing is counted
 * and the attempt is refused; otherwise every key is counted (the window starts with a key's
 * first count) and the counts before this attempt are answered. No await separates the check
 * from the count, so concurrent attempts cannot all see the same count.
 */
export interface AttemptCounter {
  reserve(keys: CountedKey[], windowSeconds: number): Promise<Reservation>;
  /** Gives one count back (a success on a shared counter). */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  mark(key: string, seconds: number): Promise<void>;
  marked(key: string): Promise<boolean>;
}

export class MemoryAttemptCounter implements AttemptCounter {
  private readonly entries = new Map<string, { count: number; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): { count: number; expiresAt: number } | null {
    const e = this.entries.get(key);
    if (!e) return null;
    if (e.expiresAt <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return e;
  }

  // Synchronous from the check to the count: the promise is only the interface's shape.
  reserve(keys: CountedKey[], windowSeconds: number): Promise<Reservation> {
    const now = this.now();
    const current = keys.map((k) => this.live(k.key));
    for (let i = 0; i < keys.length; i += 1) {
      const e = current[i];
      if (e && e.count >= keys[i]!.blockAttempts) {
        return Promise.resolve({ blocked: true, index: i, ttlSeconds: (e.expiresAt - now) / 1000 });
      }
    }
    const counts = keys.map((k, i) => {
      const e = current[i] ?? { count: 0, expiresAt: now + windowSeconds * 1000 };
      const before = e.count;
      this.entries.set(k.key, { count: before + 1, expiresAt: e.expiresAt });
      return before;
    });
    if (this.entries.size > 100_000) this.sweep();
    return Promise.resolve({ blocked: false, counts });
  }

  release(key: string): Promise<void> {
    const e = this.live(key);
    if (e) {
      if (e.count <= 1) this.entries.delete(key);
      else e.count -= 1;
    }
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }

  mark(key: string, seconds: number): Promise<void> {
    this.entries.set(key, { count: 1, expiresAt: this.now() + seconds * 1000 });
    if (this.entries.size > 100_000) this.sweep();
    return Promise.resolve();
  }

  marked(key: string): Promise<boolean> {
    return Promise.resolve(this.live(key) !== null);
  }

  /** The count and remaining window of a key (tests and diagnostics). */
  peek(key: string): { count: number; ttlSeconds: number } {
    const e = this.live(key);
    return e
      ? { count: e.count, ttlSeconds: (e.expiresAt - this.now()) / 1000 }
      : { count: 0, ttlSeconds: 0 };
  }

  private sweep() {
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expiresAt <= now) this.entries.delete(k);
  }
}

/**
 * Check-and-count in one Redis script (atomic on the server). KEYS: the counters; ARGV[1]: the
 * window in seconds; ARGV[2..]: each key's limit. Answers {0, count1, count2…} (counted; the
 * counts before) or {1, index, ttl in ms} (refused, nothing counted).
 */
const RESERVE_SCRIPT = `
for i, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n >= tonumber(ARGV[i + 1]) then
    return {1, i - 1, redis.call('PTTL', key)}
  end
end
local out = {0}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if n == 1 or redis.call('PTTL', key) < 0 then
    redis.call('EXPIRE', key, tonumber(ARGV[1]))
  end
  out[#out + 1] = n - 1
end
return out
`;

/** Gives one count back, never below zero (a key at zero is removed). */
const RELEASE_SCRIPT = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n <= 1 then redis.call('DEL', KEYS[1]) else redis.call('DECR', KEYS[1]) end
return 0
`;

/** Shares the counts between web processes through Redis. */
export class RedisAttemptCounter implements AttemptCounter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'strata:login-attempts:',
  ) {}

  async reserve(keys: CountedKey[], windowSeconds: number): Promise<Reservation> {
    const answer = (await this.redis.eval(
      RESERVE_SCRIPT,
      keys.length,
      ...keys.map((k) => this.prefix + k.key),
      String(windowSeconds),
      ...keys.map((k) => String(k.blockAttempts)),
    )) as number[];
    if (answer[0] === 1) {
      const ttlMs = Number(answer[2]);
      return {
        blocked: true,
        index: Number(answer[1]),
        ttlSeconds: ttlMs > 0 ? ttlMs / 1000 : windowSeconds,
      };
    }
    return { blocked: false, counts: answer.slice(1).map(Number) };
  }

  async release(key: string): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async mark(key: string, seconds: number): Promise<void> {
    await this.redis.set(this.prefix + key, '1', 'EX', seconds);
  }

  async marked(key: string): Promise<boolean> {
    return (await this.redis.exists(this.prefix + key)) === 1;
  }
}

/** The counters an attempt by `username` from `ip` is counted on (pure). */
export function throttleKeys(username: string, ip: string) {
  const user = username.trim().toLowerCase();
  return {
    pair: `pair:${ip}|${user}`,
    address: `ip:${ip}`,
    user: `user:${user}`,
    known: `known:${ip}|${user}`,
  };
}

/**
 * Login throttling: every attempt is counted before its password is checked, on three counters —
 * the (user, address) pair, the address, and the user across addresses (skipped from an address
 * the user logged in from recently). Counted attempts get growing delays; an attempt on a
 * counter at its limit is refused until the counter's window ends.
 */
export class LoginThrottle {
  constructor(private readonly counter: AttemptCounter) {}

  /** Counts an attempt and answers whether it may go ahead (after a delay) or is refused. */
  async begin(username: string, ip: string): Promise<ThrottleDecision> {
    const k = throttleKeys(username, ip);
    const known = await this.counter.marked(k.known);
    const rules: Array<{ key: string; policy: ThrottlePolicy }> = [
      { key: k.pair, policy: PAIR_POLICY },
      { key: k.address, policy: ADDRESS_POLICY },
      ...(known ? [] : [{ key: k.user, policy: USER_POLICY }]),
    ];
    const r = await this.counter.reserve(
      rules.map((x) => ({ key: x.key, blockAttempts: x.policy.blockAttempts })),
      THROTTLE_WINDOW_SECONDS,
    );
    if (r.blocked)
      return { action: 'block', retryAfterSeconds: Math.max(1, Math.ceil(r.ttlSeconds)) };
    return rules
      .map((x, i) => decideThrottle(x.policy, r.counts[i]!, 0))
      .reduce(stricter, { action: 'allow', delayMs: 0 });
  }

  /**
   * A successful login: the pair's and the user's counts are cleared, the address's gives this
   * attempt back (failures of other users from it stay counted), the address becomes known.
   */
  async succeeded(username: string, ip: string): Promise<void> {
    const k = throttleKeys(username, ip);
    await Promise.all([
      this.counter.reset(k.pair),
      this.counter.reset(k.user),
      this.counter.release(k.address),
      this.counter.mark(k.known, KNOWN_ADDRESS_SECONDS),
    ]);
  }
}

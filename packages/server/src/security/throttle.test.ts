import { describe, expect, it } from 'vitest';
import {
  ADDRESS_POLICY,
  decideThrottle,
  LoginThrottle,
  MemoryAttemptCounter,
  PAIR_POLICY,
  stricter,
  throttleKeys,
  USER_POLICY,
} from './throttle.js';

describe('decideThrottle', () => {
  it('allows the free attempts, then delays doubling to a cap, then blocks', () => {
    expect(decideThrottle(PAIR_POLICY, 0, 0)).toEqual({ action: 'allow', delayMs: 0 });
    expect(decideThrottle(PAIR_POLICY, 2, 0)).toEqual({ action: 'allow', delayMs: 0 });
    expect(decideThrottle(PAIR_POLICY, 3, 0)).toEqual({ action: 'allow', delayMs: 100 });
    expect(decideThrottle(PAIR_POLICY, 4, 0)).toEqual({ action: 'allow', delayMs: 200 });
    expect(decideThrottle(PAIR_POLICY, 9, 0)).toEqual({ action: 'allow', delayMs: 2000 });
    expect(decideThrottle(PAIR_POLICY, 10, 61.2)).toEqual({
      action: 'block',
      retryAfterSeconds: 62,
    });
  });

  it('takes the stricter of two decisions', () => {
    expect(stricter({ action: 'allow', delayMs: 100 }, { action: 'allow', delayMs: 400 })).toEqual({
      action: 'allow',
      delayMs: 400,
    });
    expect(
      stricter({ action: 'allow', delayMs: 100 }, { action: 'block', retryAfterSeconds: 5 }),
    ).toEqual({ action: 'block', retryAfterSeconds: 5 });
  });
});

describe('MemoryAttemptCounter.reserve', () => {
  it('counts before answering, so concurrent attempts see different counts', async () => {
    const counter = new MemoryAttemptCounter(() => 0);
    const all = await Promise.all(
      Array.from({ length: 30 }, () => counter.reserve([{ key: 'k', blockAttempts: 10 }], 60)),
    );
    expect(all.filter((r) => !r.blocked)).toHaveLength(10);
    expect(all.slice(0, 10).map((r) => (r.blocked ? -1 : r.counts[0]))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(all.slice(10).every((r) => r.blocked && r.ttlSeconds === 60)).toBe(true);
    // A refused attempt counts nowhere: the other key of a refused pair is untouched.
    await counter.reserve(
      [
        { key: 'k', blockAttempts: 10 },
        { key: 'other', blockAttempts: 10 },
      ],
      60,
    );
    expect(counter.peek('other').count).toBe(0);
  });

  it('releases one count, never below zero, and ends a count with its window', async () => {
    let now = 0;
    const counter = new MemoryAttemptCounter(() => now);
    await counter.reserve([{ key: 'k', blockAttempts: 5 }], 60);
    await counter.reserve([{ key: 'k', blockAttempts: 5 }], 60);
    await counter.release('k');
    expect(counter.peek('k').count).toBe(1);
    await counter.release('k');
    await counter.release('k');
    expect(counter.peek('k').count).toBe(0);
    await counter.reserve([{ key: 'k', blockAttempts: 5 }], 60);
    now = 61_000;
    expect(counter.peek('k').count).toBe(0);
  });
});

describe('LoginThrottle', () => {
  const fail = async (t: LoginThrottle, user: string, ip: string, n: number) => {
    const out = [];
    for (let i = 0; i < n; i += 1) out.push(await t.begin(user, ip));
    return out;
  };

  it('refuses only the (user, address) pair after its failures, with growing delays before', async () => {
    const throttle = new LoginThrottle(new MemoryAttemptCounter(() => 0));
    const decisions = await fail(throttle, 'Admin', '10.0.0.1', PAIR_POLICY.blockAttempts);
    expect(decisions.map((d) => (d.action === 'allow' ? d.delayMs : -1))).toEqual([
      0, 0, 0, 100, 200, 400, 800, 1600, 2000, 2000,
    ]);
    expect((await throttle.begin('admin', '10.0.0.1')).action).toBe('block');
    // The account itself is not locked: another address still logs in at once.
    expect(await throttle.begin('admin', '10.0.0.2')).toEqual({ action: 'allow', delayMs: 0 });
    // Nor are other users from the guessing address.
    expect(await throttle.begin('alice', '10.0.0.1')).toEqual({ action: 'allow', delayMs: 0 });
  });

  it('limits one address across user names (spraying)', async () => {
    const counter = new MemoryAttemptCounter(() => 0);
    const throttle = new LoginThrottle(counter);
    for (let i = 0; i < ADDRESS_POLICY.blockAttempts; i += 1)
      await throttle.begin(`user${i}`, '10.0.0.9');
    expect((await throttle.begin('carol', '10.0.0.9')).action).toBe('block');
    expect((await throttle.begin('carol', '10.0.0.8')).action).toBe('allow');
  });

  it('limits one user across addresses, but not from an address the user logged in from', async () => {
    const counter = new MemoryAttemptCounter(() => 0);
    const throttle = new LoginThrottle(counter);
    await throttle.begin('dora', '192.0.2.50');
    await throttle.succeeded('dora', '192.0.2.50');
    for (let i = 0; i < USER_POLICY.blockAttempts; i += 1)
      await throttle.begin('dora', `10.1.${Math.floor(i / 5)}.${i % 5}`);
    const elsewhere = await throttle.begin('dora', '10.2.0.1');
    expect(elsewhere.action).toBe('block');
    expect(await throttle.begin('dora', '192.0.2.50')).toEqual({ action: 'allow', delayMs: 0 });
  });

  it('clears the pair and user counts on success, and gives the address its attempt back', async () => {
    const counter = new MemoryAttemptCounter(() => 0);
    const throttle = new LoginThrottle(counter);
    await fail(throttle, 'bob', '10.0.0.3', 5);
    await throttle.begin('bob', '10.0.0.3');
    await throttle.succeeded('bob', '10.0.0.3');
    const k = throttleKeys('bob', '10.0.0.3');
    expect(counter.peek(k.pair).count).toBe(0);
    expect(counter.peek(k.user).count).toBe(0);
    expect(counter.peek(k.address).count).toBe(5);
    expect(await counter.marked(k.known)).toBe(true);
  });
});

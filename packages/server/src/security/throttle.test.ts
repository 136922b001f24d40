import { describe, expect, it } from 'vitest';
import {
  ADDRESS_POLICY,
  decideThrottle,
  LoginThrottle,
  MemoryFailureCounter,
  stricter,
  USER_POLICY,
} from './throttle.js';

describe('decideThrottle', () => {
  it('allows the free attempts, then delays doubling to a cap, then blocks', () => {
    expect(decideThrottle(USER_POLICY, 0, 0)).toEqual({ action: 'allow', delayMs: 0 });
    expect(decideThrottle(USER_POLICY, 2, 0)).toEqual({ action: 'allow', delayMs: 0 });
    expect(decideThrottle(USER_POLICY, 3, 0)).toEqual({ action: 'allow', delayMs: 100 });
    expect(decideThrottle(USER_POLICY, 4, 0)).toEqual({ action: 'allow', delayMs: 200 });
    expect(decideThrottle(USER_POLICY, 9, 0)).toEqual({ action: 'allow', delayMs: 2000 });
    expect(decideThrottle(USER_POLICY, 10, 61.2)).toEqual({
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
    ).toEqual({
      action: 'block',
      retryAfterSeconds: 5,
    });
  });
});

describe('LoginThrottle', () => {
  it('counts per user and per address; a success clears the user count only', async () => {
    let now = 0;
    const throttle = new LoginThrottle(new MemoryFailureCounter(() => now));
    for (let i = 0; i < USER_POLICY.blockFailures; i += 1)
      await throttle.recordFailure('Bob', '10.0.0.1');
    expect((await throttle.check('bob', '10.0.0.2')).action).toBe('block');
    // The address has used its free attempts: another user from it is slowed down, not blocked.
    expect(await throttle.check('alice', '10.0.0.1')).toEqual({ action: 'allow', delayMs: 100 });
    expect(await throttle.check('alice', '10.0.0.3')).toEqual({ action: 'allow', delayMs: 0 });
    await throttle.recordSuccess('BOB');
    expect((await throttle.check('bob', '10.0.0.2')).action).toBe('allow');
    for (let i = 0; i < ADDRESS_POLICY.blockFailures; i += 1)
      await throttle.recordFailure(`user${i}`, '10.0.0.9');
    expect((await throttle.check('carol', '10.0.0.9')).action).toBe('block');
    now += 16 * 60 * 1000;
    expect(await throttle.check('carol', '10.0.0.9')).toEqual({ action: 'allow', delayMs: 0 });
  });
});

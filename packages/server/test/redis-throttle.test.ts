import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LoginThrottle,
  PAIR_POLICY,
  RedisAttemptCounter,
  throttleKeys,
} from '../src/security/throttle.js';
import { ApiClient } from './helpers/client.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer } from './helpers/server.js';

const redis = await redisReachable('the shared throttle test');

describe.skipIf(!redis)('login throttle shared through Redis', () => {
  const prefix = `strata-test:${randomBytes(4).toString('hex')}:`;
  let a: LoginThrottle;
  let b: LoginThrottle;

  beforeAll(() => {
    // Two throttles over one Redis: as two web processes would be.
    a = new LoginThrottle(new RedisAttemptCounter(redis!, prefix));
    b = new LoginThrottle(new RedisAttemptCounter(redis!, prefix));
  });
  afterAll(async () => {
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length) await redis!.del(...keys);
    redis!.disconnect();
  });

  it('is what the server uses when STRATA_REDIS_URL is set', async () => {
    const [sqlite] = await metadataTargets();
    const server = await startServer(sqlite!, { STRATA_REDIS_URL: REDIS_URL });
    const user = `nobody-${randomBytes(4).toString('hex')}`;
    const k = throttleKeys(user, '127.0.0.1');
    try {
      const res = await new ApiClient(server.baseUrl).post('/api/v1/security/login', {
        username: user,
        password: 'x',
        provider: 'db',
      });
      expect(res.status).toBe(401);
      expect(await redis!.get(`strata:login-attempts:${k.pair}`)).toBe('1');
      expect(await redis!.get(`strata:login-attempts:${k.user}`)).toBe('1');
    } finally {
      await redis!.del(
        `strata:login-attempts:${k.pair}`,
        `strata:login-attempts:${k.user}`,
        `strata:login-attempts:${k.address}`,
      );
      await server.close();
    }
  });

  it('counts attempts across processes, atomically, with a window, and clears on success', async () => {
    // Concurrent attempts from two processes: exactly the allowed number go ahead.
    const all = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).begin('dora', '192.0.2.1')),
    );
    expect(all.filter((d) => d.action === 'allow')).toHaveLength(PAIR_POLICY.blockAttempts);
    const decision = await b.begin('dora', '192.0.2.1');
    expect(decision.action).toBe('block');
    if (decision.action === 'block') expect(decision.retryAfterSeconds).toBeGreaterThan(800);
    expect(await redis!.ttl(`${prefix}${throttleKeys('dora', '192.0.2.1').pair}`)).toBeGreaterThan(
      800,
    );
    // Only the pair is refused: the same user from another address goes ahead.
    expect((await a.begin('dora', '192.0.2.7')).action).toBe('allow');
    await a.succeeded('dora', '192.0.2.1');
    expect((await b.begin('dora', '192.0.2.1')).action).toBe('allow');
  });
});

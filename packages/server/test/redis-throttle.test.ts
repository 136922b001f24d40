import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginThrottle, RedisFailureCounter, USER_POLICY } from '../src/security/throttle.js';
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
    a = new LoginThrottle(new RedisFailureCounter(redis!, prefix));
    b = new LoginThrottle(new RedisFailureCounter(redis!, prefix));
  });
  afterAll(async () => {
    const keys = await redis!.keys(`${prefix}*`);
    if (keys.length) await redis!.del(...keys);
    redis!.disconnect();
  });

  it('is what the server uses when STRATA_REDIS_URL is set', async () => {
    const [sqlite] = await metadataTargets();
    const server = await startServer(sqlite!, { STRATA_REDIS_URL: REDIS_URL });
    try {
      const user = `nobody-${randomBytes(4).toString('hex')}`;
      const res = await new ApiClient(server.baseUrl).post('/api/v1/security/login', {
        username: user,
        password: 'x',
        provider: 'db',
      });
      expect(res.status).toBe(401);
      expect(await redis!.get(`strata:login-failures:user:${user}`)).toBe('1');
      await redis!.del(`strata:login-failures:user:${user}`, 'strata:login-failures:ip:127.0.0.1');
    } finally {
      await server.close();
    }
  });

  it('counts failures across processes, with a window, and clears on success', async () => {
    for (let i = 0; i < USER_POLICY.blockFailures; i += 1) {
      await (i % 2 ? a : b).recordFailure('dora', '192.0.2.1');
    }
    const decision = await b.check('dora', '192.0.2.7');
    expect(decision.action).toBe('block');
    if (decision.action === 'block') expect(decision.retryAfterSeconds).toBeGreaterThan(800);
    expect(await redis!.ttl(`${prefix}user:dora`)).toBeGreaterThan(800);
    await a.recordSuccess('dora');
    expect((await b.check('dora', '192.0.2.7')).action).toBe('allow');
  });
});

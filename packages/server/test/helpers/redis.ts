import { Redis } from 'ioredis';

export const REDIS_URL = process.env.STRATA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * A connected client of the test Redis, or null when it cannot be reached (then the caller
 * skips); with CI=true an unreachable Redis fails the run instead.
 */
export async function redisReachable(what: string): Promise<Redis | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (e) {
    client.disconnect();
    if (process.env.CI === 'true')
      throw new Error(`Redis at ${REDIS_URL} is required with CI=true: ${String(e)}`, { cause: e });
    console.warn(`Redis unreachable at ${REDIS_URL}; skipping ${what}`);
    return null;
  }
}

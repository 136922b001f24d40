import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { RedisEventBus } from '../../src/events/redis-bus.js';
import { REDIS_URL, redisReachable } from '../helpers/redis.js';

const redis = await redisReachable('the Redis event bus tests');

async function waitUntil(what: string, check: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Resolves once the bus's subscription to `channel` reached Redis. */
async function subscribed(channel: string): Promise<void> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const [, count] = (await redis!.call('PUBSUB', 'NUMSUB', channel)) as [string, number];
    if (Number(count) > 0) return;
    if (Date.now() > deadline) throw new Error(`no subscriber on ${channel}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.skipIf(!redis)('RedisEventBus', () => {
  const buses: RedisEventBus[] = [];
  const newBus = (prefix: string) => {
    const bus = new RedisEventBus(REDIS_URL, prefix);
    buses.push(bus);
    return bus;
  };
  const prefix = () => `strata-test-${randomBytes(5).toString('hex')}:`;

  afterEach(async () => {
    await Promise.all(buses.splice(0).map((b) => b.close()));
  });
  afterAll(() => redis?.disconnect());

  it('carries a message from one process to every subscriber of its topic, on its channel', async () => {
    const p = prefix();
    const a = newBus(p);
    const b = newBus(p);
    const got: string[] = [];
    b.subscribe('sqllab.stop', (m) => got.push(`b1 ${m}`));
    b.subscribe('sqllab.stop', (m) => got.push(`b2 ${m}`));
    a.subscribe('async_events', (m) => got.push(`a-events ${m}`));
    expect(b.channelOf('sqllab.stop')).toBe(`${p}bus:sqllab.stop`);
    await subscribed(`${p}bus:sqllab.stop`);
    await subscribed(`${p}bus:async_events`);

    await a.publish('sqllab.stop', 'client1');
    await b.publish('async_events', 'channel9');
    await waitUntil('three deliveries', () => got.length === 3);
    expect(got.sort()).toEqual(['a-events channel9', 'b1 client1', 'b2 client1']);
  });

  it('does not deliver across prefixes, and stops delivering after unsubscribe', async () => {
    const p = prefix();
    const a = newBus(p);
    const other = newBus(prefix());
    const got: string[] = [];
    const off = a.subscribe('schedules.changed', (m) => got.push(m));
    const offThrowing = a.subscribe('schedules.changed', () => {
      throw new Error('a bad handler');
    });
    await subscribed(`${p}bus:schedules.changed`);
    await other.publish('schedules.changed', 'elsewhere');
    await a.publish('schedules.changed', 'one');
    await waitUntil('the message', () => got.length === 1);
    off();
    offThrowing();
    // The channel is left once its last handler is gone.
    const deadline = Date.now() + 5000;
    for (;;) {
      const [, count] = (await redis!.call('PUBSUB', 'NUMSUB', `${p}bus:schedules.changed`)) as [
        string,
        number,
      ];
      if (Number(count) === 0) break;
      if (Date.now() > deadline) throw new Error('still subscribed');
      await new Promise((r) => setTimeout(r, 10));
    }
    await a.publish('schedules.changed', 'two');
    await new Promise((r) => setTimeout(r, 100));
    expect(got).toEqual(['one']);
  });

  it('refuses to publish once closed', async () => {
    const a = newBus(prefix());
    await a.close();
    await expect(a.publish('sqllab.stop', 'x')).rejects.toThrow(/closed/);
  });
});

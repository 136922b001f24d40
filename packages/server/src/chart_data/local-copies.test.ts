import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../events/bus.js';
import type { ExpiringValue } from './cache.js';
import {
  LocallyCopiedChartDataCache,
  sharedChartCache,
  type SharedChartDataCache,
} from './local-copies.js';

/** Redis's part, in memory: values with an expiry, and a count of the reads that reached it. */
class SharedStore implements SharedChartDataCache {
  reads = 0;
  /** When set, a read waits for this before it answers (a round trip in flight). */
  hold: Promise<void> | null = null;
  private readonly values = new Map<string, { value: string; expiresAt: number | null }>();

  constructor(private readonly now: () => number) {}

  async get(key: string): Promise<string | null> {
    return (await this.getWithExpiry(key))?.value ?? null;
  }

  async getWithExpiry(key: string): Promise<ExpiringValue | null> {
    this.reads += 1;
    const entry = this.values.get(key);
    const answer =
      entry && (entry.expiresAt === null || entry.expiresAt > this.now())
        ? {
            value: entry.value,
            ttlMs: entry.expiresAt === null ? null : entry.expiresAt - this.now(),
          }
        : null;
    if (this.hold) await this.hold;
    return answer;
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    if (ttlSeconds < 0) return;
    this.values.set(key, {
      value,
      expiresAt: ttlSeconds === 0 ? null : this.now() + ttlSeconds * 1000,
    });
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

function setup(localMs = 60_000) {
  let now = 1_000_000;
  const clock = () => now;
  const shared = new SharedStore(clock);
  const bus = new MemoryEventBus();
  const make = () => new LocallyCopiedChartDataCache(shared, bus, { localMs, now: clock });
  return { shared, bus, make, advance: (ms: number) => (now += ms) };
}

describe('chart data cache with local copies in front of Redis', () => {
  it('serves a second read from its copy, without a round trip', async () => {
    const { shared, make } = setup();
    const cache = make();
    await shared.set('k', 'v1', 300);
    expect(await cache.get('k')).toBe('v1');
    expect(await cache.get('k')).toBe('v1');
    expect(shared.reads).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps what it writes, and a miss is no copy', async () => {
    const { shared, make } = setup();
    const cache = make();
    expect(await cache.get('absent')).toBeNull();
    expect(cache.size).toBe(0);
    await cache.set('k', 'v1', 300);
    await tick();
    const reads = shared.reads;
    expect(await cache.get('k')).toBe('v1');
    expect(shared.reads).toBe(reads); // its own announcement did not drop its copy
  });

  it("keeps a copy at most localMs, and never past the Redis entry's expiry", async () => {
    const { shared, make, advance } = setup(10_000);
    const cache = make();
    await shared.set('long', 'a', 300);
    await shared.set('short', 'b', 3);
    await cache.get('long');
    await cache.get('short');
    advance(3_001);
    // The Redis entry is gone, and so is the copy.
    expect(await cache.get('short')).toBeNull();
    expect(await cache.get('long')).toBe('a');
    const reads = shared.reads;
    advance(7_000);
    expect(await cache.get('long')).toBe('a');
    expect(shared.reads).toBe(reads + 1); // read again from Redis after 10 s
  });

  it('drops its copy when another process replaces the entry', async () => {
    const { shared, make } = setup();
    const webA = make();
    const worker = make();
    await shared.set('k', 'old', 300);
    expect(await webA.get('k')).toBe('old');
    await worker.set('k', 'new', 300);
    await tick();
    expect(await webA.get('k')).toBe('new');
  });

  it('does not keep a value read while a replacement was announced', async () => {
    const { shared, make } = setup();
    const webA = make();
    const worker = make();
    await shared.set('k', 'old', 300);
    let release!: () => void;
    shared.hold = new Promise<void>((r) => (release = r));
    const reading = webA.get('k'); // Redis answers "old" before the worker's write
    await tick();
    shared.hold = null;
    await worker.set('k', 'new', 300);
    await tick(); // the announcement arrives before the read's answer
    release();
    expect(await reading).toBe('old');
    expect(await webA.get('k')).toBe('new');
  });

  it('forgets an entry written with a negative time-out (the cache bypassed)', async () => {
    const { make } = setup();
    const cache = make();
    await cache.set('k', 'v', 300);
    await cache.set('k', 'w', -1);
    expect(cache.size).toBe(0);
  });

  it('stops listening when closed', async () => {
    const { shared, make } = setup();
    const webA = make();
    const worker = make();
    await shared.set('k', 'old', 300);
    await webA.get('k');
    webA.close();
    await worker.set('k', 'new', 300);
    await tick();
    expect(await webA.get('k')).toBe('old');
  });

  it('reads Redis every time when the local life is 0', async () => {
    const { shared, bus } = setup();
    expect(sharedChartCache(shared, bus, 0)).toBe(shared);
    expect(sharedChartCache(shared, bus, 5)).toBeInstanceOf(LocallyCopiedChartDataCache);
  });
});

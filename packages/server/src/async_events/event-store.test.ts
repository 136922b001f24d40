import { describe, expect, it } from 'vitest';
import { MemoryEventBus } from '../events/bus.js';
import { compareEventIds, isEventId, MemoryAsyncEventStore } from './event-store.js';

const CHANNEL = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);
const meta = (job: string, channel = CHANNEL) => ({
  channel_id: channel,
  job_id: job,
  user_id: 1,
  status: 'done' as const,
  errors: [],
  result_url: `/api/v1/chart/data/${'c'.repeat(32)}`,
});

describe('event ids', () => {
  it('are <ms>-<seq> below 2^64', () => {
    expect(isEventId('1700000000000-0')).toBe(true);
    expect(isEventId('18446744073709551615-18446744073709551615')).toBe(true);
    expect(isEventId('18446744073709551616-0')).toBe(false);
    expect(isEventId('1-2-3')).toBe(false);
    expect(isEventId('abc')).toBe(false);
    expect(compareEventIds('10-2', '9-3')).toBeGreaterThan(0);
    expect(compareEventIds('10-2', '10-10')).toBeLessThan(0);
    expect(compareEventIds('10-2', '10-2')).toBe(0);
  });
});

describe('MemoryAsyncEventStore', () => {
  it('appends events with increasing ids and reads those after an id', async () => {
    let now = 1000;
    const store = new MemoryAsyncEventStore(new MemoryEventBus(), { now: () => now });
    const a = await store.append(CHANNEL, meta('j1'));
    const b = await store.append(CHANNEL, meta('j2'));
    now = 999; // a clock going back keeps ids increasing
    const c = await store.append(CHANNEL, meta('j3'));
    expect([a.id, b.id, c.id]).toEqual(['1000-0', '1000-1', '1000-2']);
    now = 1001;
    const d = await store.append(CHANNEL, meta('j4'));
    expect(d.id).toBe('1001-0');
    expect(d).toMatchObject({ job_id: 'j4', channel_id: CHANNEL, status: 'done' });
    expect((await store.after(CHANNEL, null)).map((e) => e.job_id)).toEqual([
      'j1',
      'j2',
      'j3',
      'j4',
    ]);
    expect((await store.after(CHANNEL, b.id)).map((e) => e.job_id)).toEqual(['j3', 'j4']);
    expect((await store.after(CHANNEL, null, 2)).map((e) => e.job_id)).toEqual(['j1', 'j2']);
    expect(await store.after(CHANNEL, d.id)).toEqual([]);
    expect(await store.after(OTHER, null)).toEqual([]);
  });

  it('keeps a bounded number of events per channel and drops expired ones', async () => {
    let now = 1000;
    const store = new MemoryAsyncEventStore(new MemoryEventBus(), {
      now: () => now,
      perChannel: 3,
      ttlSeconds: 10,
    });
    for (let i = 0; i < 5; i++) await store.append(CHANNEL, meta(`j${i}`));
    expect((await store.after(CHANNEL, null)).map((e) => e.job_id)).toEqual(['j2', 'j3', 'j4']);
    now += 5_000;
    await store.append(CHANNEL, meta('late'));
    now += 6_000;
    expect((await store.after(CHANNEL, null)).map((e) => e.job_id)).toEqual(['late']);
    now += 10_000;
    expect(await store.after(CHANNEL, null)).toEqual([]);
  });

  it('keeps a bounded number of channels', async () => {
    const store = new MemoryAsyncEventStore(new MemoryEventBus(), { maxChannels: 1 });
    await store.append(CHANNEL, meta('j1'));
    await store.append(OTHER, meta('j2', OTHER));
    expect(await store.after(CHANNEL, null)).toEqual([]);
    expect(await store.after(OTHER, null)).toHaveLength(1);
  });

  it('publishes the channel on the bus after appending', async () => {
    const bus = new MemoryEventBus();
    const store = new MemoryAsyncEventStore(bus);
    const seen: string[] = [];
    bus.subscribe('async_events', (m) => seen.push(m));
    await store.append(CHANNEL, meta('j1'));
    await new Promise((r) => setTimeout(r, 0));
    expect(seen).toEqual([CHANNEL]);
  });

  it('refuses bad channels, ids and events of another channel', async () => {
    const store = new MemoryAsyncEventStore(new MemoryEventBus());
    await expect(store.after('nope', null)).rejects.toThrow();
    await expect(store.after(CHANNEL, 'x')).rejects.toThrow();
    await expect(store.append(CHANNEL, meta('j', OTHER))).rejects.toThrow();
    await expect(store.append('../x', meta('j', '../x'))).rejects.toThrow();
  });
});

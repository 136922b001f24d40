import { describe, expect, it } from 'vitest';
import { MemoryThumbnailStore } from './store.js';

describe('the in-memory thumbnail store', () => {
  it('lets one claim mark a key pending, and no second one while it lasts', async () => {
    let now = 1_000;
    const store = new MemoryThumbnailStore(10, 10_000, () => now);
    expect(await store.claim('k', 5)).toBe(true);
    expect(await store.claim('k', 5)).toBe(false);
    expect(await store.get('k')).toEqual({ state: 'pending' });
    now += 5_001;
    // A lapsed mark (a worker that died) is claimed again.
    expect(await store.get('k')).toBeNull();
    expect(await store.claim('k', 5)).toBe(true);
  });

  it('keeps a picture and a failure for their times, and drops on demand', async () => {
    let now = 0;
    const store = new MemoryThumbnailStore(10, 10_000, () => now);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await store.put('a', png, 10);
    const got = await store.get('a');
    expect(got?.state).toBe('ready');
    expect(got?.state === 'ready' && got.png.equals(png)).toBe(true);
    expect(await store.claim('a', 5)).toBe(false);
    await store.fail('b', 2);
    expect(await store.get('b')).toEqual({ state: 'error' });
    expect(await store.claim('b', 5)).toBe(false);
    now += 2_001;
    expect(await store.claim('b', 5)).toBe(true);
    await store.drop('b');
    expect(await store.get('b')).toBeNull();
  });
});

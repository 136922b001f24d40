import { describe, expect, it } from 'vitest';
import { isJobKey, MemoryAsyncJobStore } from './job-store.js';

const key = (c: string) => c.repeat(32);

describe('MemoryAsyncJobStore', () => {
  it('keeps values until they expire', async () => {
    let now = 0;
    const store = new MemoryAsyncJobStore(10, 1000, () => now);
    await store.put(key('a'), 'one', 60);
    expect(await store.get(key('a'))).toBe('one');
    now = 60_000;
    expect(await store.get(key('a'))).toBeNull();
    expect(store.size).toBe(0);
  });

  it('is bounded by entries and characters', async () => {
    const store = new MemoryAsyncJobStore(2, 10);
    await store.put(key('a'), 'x', 60);
    await store.put(key('b'), 'y', 60);
    await store.put(key('c'), 'z', 60);
    expect(await store.get(key('a'))).toBeNull();
    expect(await store.get(key('c'))).toBe('z');
    await store.put(key('d'), '1234567890', 60);
    expect(store.size).toBe(1);
    await expect(store.put(key('e'), '12345678901', 60)).rejects.toThrow();
  });

  it('accepts only hex keys', async () => {
    const store = new MemoryAsyncJobStore();
    expect(isJobKey('0123456789abcdef')).toBe(true);
    expect(isJobKey('strata:x')).toBe(false);
    expect(isJobKey('ABCDEF0123456789')).toBe(false);
    await expect(store.put('x:y', 'v', 60)).rejects.toThrow();
    expect(await store.get('*')).toBeNull();
  });
});

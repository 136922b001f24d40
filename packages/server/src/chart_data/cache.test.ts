import { describe, expect, it } from 'vitest';
import { cacheKeyOf, cacheTimeoutOf, MemoryChartDataCache } from './cache.js';

describe('MemoryChartDataCache', () => {
  it('answers a value until it expires', async () => {
    let now = 1_000;
    const cache = new MemoryChartDataCache(10, 1000, () => now);
    await cache.set('a', 'one', 60);
    expect(await cache.get('a')).toBe('one');
    now += 59_999;
    expect(await cache.get('a')).toBe('one');
    now += 1;
    expect(await cache.get('a')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing for a negative time-out and never expires a zero one', async () => {
    let now = 0;
    const cache = new MemoryChartDataCache(10, 1000, () => now);
    await cache.set('a', 'one', -1);
    expect(await cache.get('a')).toBeNull();
    await cache.set('b', 'two', 0);
    now += 1e12;
    expect(await cache.get('b')).toBe('two');
  });

  it('drops the least recently used entry beyond its entry bound', async () => {
    const cache = new MemoryChartDataCache(2, 1000);
    await cache.set('a', '1', 60);
    await cache.set('b', '2', 60);
    expect(await cache.get('a')).toBe('1'); // a is now the most recent
    await cache.set('c', '3', 60);
    expect(cache.size).toBe(2);
    expect(await cache.get('b')).toBeNull();
    expect(await cache.get('a')).toBe('1');
    expect(await cache.get('c')).toBe('3');
  });

  it('drops old entries beyond its size bound and refuses a value larger than it', async () => {
    const cache = new MemoryChartDataCache(100, 10);
    await cache.set('a', '12345', 60);
    await cache.set('b', '12345', 60);
    await cache.set('c', '123', 60);
    expect(await cache.get('a')).toBeNull();
    expect(await cache.get('b')).toBe('12345');
    await cache.set('big', '12345678901', 60);
    expect(await cache.get('big')).toBeNull();
    await cache.set('b', 'x', 60); // replacing frees the old value's size
    await cache.set('d', '123456', 60);
    expect(await cache.get('b')).toBe('x');
    expect(await cache.get('c')).toBe('123');
  });
});

describe('cache keys and time-outs', () => {
  it('hashes the parts', () => {
    const k = cacheKeyOf({ sql: 'SELECT 1', id: 1 });
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKeyOf({ sql: 'SELECT 1', id: 1 })).toBe(k);
    expect(cacheKeyOf({ sql: 'SELECT 1', id: 2 })).not.toBe(k);
  });

  it('takes the dataset, then the database, then the default', () => {
    expect(cacheTimeoutOf(10, 20)).toBe(10);
    expect(cacheTimeoutOf(null, 20)).toBe(20);
    expect(cacheTimeoutOf(null, null)).toBe(86_400);
    expect(cacheTimeoutOf(0, 20)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { settledWithin } from './settledWithin';

describe('settledWithin', () => {
  it('returns when the work settles, either way', async () => {
    await expect(settledWithin(Promise.resolve(1), 10_000)).resolves.toBeUndefined();
    await expect(settledWithin(Promise.reject(new Error('x')), 10_000)).resolves.toBeUndefined();
  });

  it('stops waiting after the limit', async () => {
    const t0 = Date.now();
    await settledWithin(new Promise(() => undefined), 20);
    expect(Date.now() - t0).toBeLessThan(5_000);
  });
});

import { describe, expect, it } from 'vitest';
import { THUMBNAIL_RETRY_DELAYS_MS, isThumbnailPath, thumbnailRetryDelay } from './thumbnails';

describe('card thumbnails', () => {
  it('wait longer after each 202, then give up', () => {
    const waits: number[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const wait = thumbnailRetryDelay(attempt);
      if (wait === null) break;
      waits.push(wait);
    }
    expect(waits).toEqual([...THUMBNAIL_RETRY_DELAYS_MS]);
    expect(waits.every((w, i) => i === 0 || w > waits[i - 1]!)).toBe(true);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(60_000);
    expect(thumbnailRetryDelay(0)).toBeNull();
  });

  it('fetch only our thumbnail addresses', () => {
    const digest = 'ab'.repeat(32);
    expect(isThumbnailPath(`/api/v1/chart/12/thumbnail/${digest}/`)).toBe(true);
    expect(isThumbnailPath(`/api/v1/dashboard/3/thumbnail/${digest}/`)).toBe(true);
    expect(isThumbnailPath(null)).toBe(false);
    expect(isThumbnailPath(`/api/v1/dataset/3/thumbnail/${digest}/`)).toBe(false);
    expect(isThumbnailPath(`https://evil.example/api/v1/chart/1/thumbnail/${digest}/`)).toBe(false);
    expect(isThumbnailPath(`/api/v1/chart/1/thumbnail/${digest}/../../x/`)).toBe(false);
    expect(isThumbnailPath('/api/v1/chart/1/thumbnail/xyz/')).toBe(false);
  });
});

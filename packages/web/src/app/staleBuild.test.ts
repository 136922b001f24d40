import { describe, expect, it } from 'vitest';
import { shouldReload } from './staleBuild';

describe('reload on a stale build', () => {
  it('reloads the first time, and again only after the guard time', () => {
    expect(shouldReload(null, 1_000_000)).toBe(true);
    expect(shouldReload(995_000, 1_000_000)).toBe(false);
    expect(shouldReload(980_000, 1_000_000)).toBe(true);
    expect(shouldReload(Number.NaN, 1_000_000)).toBe(true);
  });
});

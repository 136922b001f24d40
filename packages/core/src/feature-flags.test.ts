import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAGS, isFeatureEnabled } from './feature-flags.js';

describe('feature flags', () => {
  it('reads a flag that is set, on or off, without a complaint', () => {
    const heard: string[] = [];
    expect(isFeatureEnabled({ A: true, B: false }, 'A', (m) => heard.push(m))).toBe(true);
    expect(isFeatureEnabled({ A: true, B: false }, 'B', (m) => heard.push(m))).toBe(false);
    expect(heard).toEqual([]);
  });

  it('takes a missing flag, or a missing map, as off and says so', () => {
    const heard: string[] = [];
    expect(isFeatureEnabled({}, 'GENERIC_CHART_AXES', (m) => heard.push(m))).toBe(false);
    expect(isFeatureEnabled(undefined, 'X', (m) => heard.push(m))).toBe(false);
    expect(heard).toEqual([
      'Failed to query feature flag GENERIC_CHART_AXES',
      'Failed to query feature flag X',
    ]);
  });

  it('gives every known flag a default', () => {
    expect(Object.keys(DEFAULT_FEATURE_FLAGS).sort()).toEqual(Object.values(FEATURE_FLAGS).sort());
    expect(DEFAULT_FEATURE_FLAGS.ENABLE_EXPLORE_DRAG_AND_DROP).toBe(true);
    expect(DEFAULT_FEATURE_FLAGS.USE_ANALAGOUS_COLORS).toBe(false);
    // Superset's default: thumbnails are off.
    expect(DEFAULT_FEATURE_FLAGS.THUMBNAILS).toBe(false);
  });
});

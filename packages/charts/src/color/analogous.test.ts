import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '@strata/core';
import { setChartFeatureFlags } from '../feature-flags.js';
import { analogousColor, analogousTurn } from './analogous.js';
import { CategoricalColorScale } from './scale.js';
import { categoricalScheme } from './schemes.js';

describe('analogous colours', () => {
  afterEach(() => setChartFeatureFlags(DEFAULT_FEATURE_FLAGS));

  it('turns the hue by +30, -30, +60, -60 degrees round after round', () => {
    expect([0, 1, 2, 3, 4].map(analogousTurn)).toEqual([0, 30, -30, 60, -60]);
    expect(analogousColor('#FF0000', 1)).toBe('#FF8000');
    expect(analogousColor('#FF0000', 2)).toBe('#FF0080');
    expect(analogousColor('#f00', 3)).toBe('#FFFF00');
    expect(analogousColor('#FF0000', 0)).toBe('#FF0000');
    expect(analogousColor('rgb(1,2,3)', 1)).toBe('rgb(1,2,3)');
  });

  it('keeps grey grey', () => {
    expect(analogousColor('#808080', 1)).toBe('#808080');
  });

  it('repeats the scheme past its end unless USE_ANALAGOUS_COLORS is on', () => {
    const colors = categoricalScheme('supersetColors').colors;
    const n = colors.length;
    const plain = new CategoricalColorScale('supersetColors');
    const labels = Array.from({ length: n + 2 }, (_, i) => `l${i}`);
    const first = labels.map((l) => plain.getColor(l));
    expect(first[n]).toBe(colors[0]);
    setChartFeatureFlags({ ...DEFAULT_FEATURE_FLAGS, USE_ANALAGOUS_COLORS: true });
    const analogous = new CategoricalColorScale('supersetColors');
    const second = labels.map((l) => analogous.getColor(l));
    expect(second.slice(0, n)).toEqual(colors);
    expect(second[n]).toBe(analogousColor(colors[0]!, 1));
    expect(second[n]).not.toBe(colors[0]);
    expect(new Set(second).size).toBe(n + 2);
  });

  it('takes a flag the page did not send as off', () => {
    setChartFeatureFlags({});
    const scale = new CategoricalColorScale('supersetColors');
    const n = categoricalScheme('supersetColors').colors.length;
    const colors = Array.from({ length: n + 1 }, (_, i) => scale.getColor(i));
    expect(colors[n]).toBe(colors[0]);
  });
});

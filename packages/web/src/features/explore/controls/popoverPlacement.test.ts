import { describe, expect, it } from 'vitest';
import { controlPopoverPlacement, verticalRatio } from './popoverPlacement';

describe('control popover placement', () => {
  it('opens down from triggers in the top 35% of the window', () => {
    expect(controlPopoverPlacement(0)).toBe('rightTop');
    expect(controlPopoverPlacement(0.2)).toBe('rightTop');
    expect(controlPopoverPlacement(0.3499)).toBe('rightTop');
  });
  it('centres between 35% and 65%, bounds included', () => {
    expect(controlPopoverPlacement(0.35)).toBe('right');
    expect(controlPopoverPlacement(0.5)).toBe('right');
    expect(controlPopoverPlacement(0.65)).toBe('right');
  });
  it('opens up from triggers below 65%', () => {
    expect(controlPopoverPlacement(0.6501)).toBe('rightBottom');
    expect(controlPopoverPlacement(0.95)).toBe('rightBottom');
  });
  it('measures the trigger against the window height', () => {
    expect(verticalRatio(200, 800)).toBe(0.25);
    expect(verticalRatio(700, 800)).toBe(0.875);
    expect(verticalRatio(100, 0)).toBe(0);
    expect(verticalRatio(Number.NaN, 800)).toBe(0);
    expect(controlPopoverPlacement(verticalRatio(700, 800))).toBe('rightBottom');
  });
});

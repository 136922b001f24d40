import { describe, expect, it } from 'vitest';
import { POPOVER_MIN_SIZE, resizedSize } from './popoverResize';

describe('popover resize', () => {
  it('grows and shrinks by the drag distance', () => {
    expect(resizedSize({ width: 400, height: 300 }, 120, 45)).toEqual({ width: 520, height: 345 });
    expect(resizedSize({ width: 400, height: 300 }, -30, -20)).toEqual({ width: 370, height: 280 });
  });
  it('never goes below 320 × 240', () => {
    expect(POPOVER_MIN_SIZE).toEqual({ width: 320, height: 240 });
    expect(resizedSize({ width: 400, height: 300 }, -500, -500)).toEqual({
      width: 320,
      height: 240,
    });
    expect(resizedSize({ width: 330, height: 250 }, 0.4, -100)).toEqual({
      width: 330,
      height: 240,
    });
  });
});

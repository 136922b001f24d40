import { describe, expect, it } from 'vitest';
import { estimateTextWidth, fitFontSize } from './fit.js';

describe('big number font size', () => {
  it('keeps the size asked for when the text fits', () => {
    expect(fitFontSize({ text: '10.0M', ideal: 40, maxWidth: 400, maxHeight: 200 })).toBe(40);
  });

  it('shrinks to the panel width (the text then fits)', () => {
    const size = fitFontSize({ text: '1,234,567.89', ideal: 80, maxWidth: 150, maxHeight: 200 });
    expect(size).toBeLessThan(80);
    expect(estimateTextWidth('1,234,567.89', size)).toBeLessThanOrEqual(150);
  });

  it('shrinks to the panel height', () => {
    expect(fitFontSize({ text: '7', ideal: 120, maxWidth: 500, maxHeight: 66 })).toBe(60);
  });

  it('uses the measure given, and never goes under the minimum', () => {
    const wide = (t: string, s: number) => t.length * s * 2;
    expect(
      fitFontSize({ text: 'abc', ideal: 30, maxWidth: 60, maxHeight: 100, measure: wide }),
    ).toBe(10);
    expect(fitFontSize({ text: 'x'.repeat(200), ideal: 30, maxWidth: 50, maxHeight: 100 })).toBe(8);
    expect(fitFontSize({ text: '1', ideal: 30, maxWidth: 50, maxHeight: 0 })).toBe(8);
  });
});

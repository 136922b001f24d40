import { describe, expect, it } from 'vitest';
import { optionForScheme } from './EchartsChart.js';

describe('optionForScheme', () => {
  it('keeps the option as it is in light', () => {
    const option = { series: [] };
    expect(optionForScheme(option, 'light')).toBe(option);
  });

  it("draws on a transparent background in dark (the theme's own would be a box)", () => {
    expect(optionForScheme({ series: [] }, 'dark')).toEqual({
      series: [],
      backgroundColor: 'transparent',
    });
  });

  it("keeps a chart's own background", () => {
    expect(optionForScheme({ backgroundColor: '#123' }, 'dark').backgroundColor).toBe('#123');
  });
});

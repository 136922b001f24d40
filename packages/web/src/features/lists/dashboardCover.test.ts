import { describe, expect, it } from 'vitest';
import { dashboardCoverColors } from './dashboardCover';

describe('dashboardCoverColors', () => {
  it('gives each dashboard a hue of its own, the same in both themes', () => {
    expect(dashboardCoverColors(1, 'light').text).toBe('hsl(47 35% 35%)');
    expect(dashboardCoverColors(1, 'dark').text).toBe('hsl(47 45% 78%)');
    expect(dashboardCoverColors(2, 'light').background).toContain('hsl(94 45% 92%)');
  });

  it('draws a dark tint with a pale letter in the dark theme', () => {
    const dark = dashboardCoverColors(3, 'dark');
    expect(dark.background).toBe('linear-gradient(135deg, hsl(141 30% 22%), hsl(181 30% 16%))');
    expect(dark.text).toMatch(/ 78%\)$/);
  });
});

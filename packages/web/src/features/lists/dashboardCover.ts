import type { ColorScheme } from '@strata/core';

/**
 * The colours of a dashboard card's drawn cover: a hue of its own (from its id), a pale tint with
 * a deep letter in light, a deep tint with a pale letter in dark.
 */
export function dashboardCoverColors(
  id: number,
  scheme: ColorScheme,
): { background: string; text: string } {
  const hue = (id * 47) % 360;
  const next = (hue + 40) % 360;
  return scheme === 'dark'
    ? {
        background: `linear-gradient(135deg, hsl(${hue} 30% 22%), hsl(${next} 30% 16%))`,
        text: `hsl(${hue} 45% 78%)`,
      }
    : {
        background: `linear-gradient(135deg, hsl(${hue} 45% 92%), hsl(${next} 45% 84%))`,
        text: `hsl(${hue} 35% 35%)`,
      };
}

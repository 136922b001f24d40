import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { LAYOUT_BACKGROUND, antdThemeFor } from './antdTheme';

describe('antdThemeFor', () => {
  it("uses antd's dark algorithm and the dark page background in dark", () => {
    const dark = antdThemeFor('dark');
    expect(dark.algorithm).toBe(theme.darkAlgorithm);
    expect(dark.token?.colorBgLayout).toBe(LAYOUT_BACKGROUND.dark);
    expect(dark.components?.Layout?.headerBg).not.toBe('#ffffff');
  });

  it('keeps links readable on dark surfaces, also when pointed at or pressed', () => {
    const channel = (hex: string, i: number) => {
      const v = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    };
    const lum = (hex: string) =>
      0.2126 * channel(hex, 0) + 0.7152 * channel(hex, 1) + 0.0722 * channel(hex, 2);
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const t = theme.getDesignToken(antdThemeFor('dark'));
    for (const link of [t.colorLink, t.colorLinkHover, t.colorLinkActive]) {
      for (const surface of [t.colorBgContainer, t.colorBgElevated, LAYOUT_BACKGROUND.dark])
        expect(contrast(link, surface), `${link} on ${surface}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the light look in light', () => {
    const light = antdThemeFor('light');
    expect(light.algorithm).toBe(theme.defaultAlgorithm);
    expect(light.token?.colorBgLayout).toBe('#f5f7f8');
    expect(light.components?.Layout?.headerBg).toBe('#ffffff');
  });

  it('paints the same page background as index.html before the app draws', async () => {
    const fs = await import('node:fs');
    const html = fs.readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
    expect(html).toContain(`background: ${LAYOUT_BACKGROUND.light};`);
    expect(html).toContain(`background: ${LAYOUT_BACKGROUND.dark};`);
  });
});

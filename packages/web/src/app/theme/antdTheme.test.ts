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

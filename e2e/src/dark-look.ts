/**
 * How dark a page looks (issue 21's dark mode): the page's background, the visible texts too
 * faint to read against the surface under them, and the light boxes left on a dark page —
 * measured from computed styles in the browser. Shared by the dark-mode browser tests.
 */
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { chooseMenuItem, openSubmenu, snap } from './harness.js';

/** The viewport the dark-mode tests draw pages in. */
export const DARK_VIEWPORT = { width: 1440, height: 900 };
const VIEWPORT = DARK_VIEWPORT;

/** What the page looks like: its background and the texts too faint to read. */
export interface Look {
  /** Relative luminance (0 black … 1 white) of the page's background. */
  background: number;
  /** Visible texts whose contrast with the surface under them is below 3:1. */
  faint: string[];
  /** Visible boxes of at least 60×30 px drawn in a light colour (a white box on a dark page). */
  lightBoxes: string[];
}

/** Measures the page in the browser (computed styles, no pixels). */
export function look(page: Page): Promise<Look> {
  return page.evaluate(() => {
    const parse = (c: string): [number, number, number, number] | null => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const p = m[1]!
        .split(/[ ,/]+/)
        .filter(Boolean)
        .map(Number);
      return [p[0]!, p[1]!, p[2]!, p.length > 3 ? p[3]! : 1];
    };
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    /** The colour drawn under an element: its own background or the nearest ancestor's. */
    const surface = (el: Element | null): number[] => {
      const layers: Array<[number, number, number, number]> = [];
      for (let e = el; e; e = e.parentElement) {
        const bg = parse(getComputedStyle(e).backgroundColor);
        if (bg && bg[3] > 0) {
          layers.push(bg);
          if (bg[3] >= 1) break;
        }
      }
      let base = [255, 255, 255];
      const pageBg = parse(getComputedStyle(document.documentElement).backgroundColor);
      if (pageBg && pageBg[3] > 0) base = pageBg.slice(0, 3);
      for (const [r, g, b, a] of layers.reverse())
        base = [r * a + base[0]! * (1 - a), g * a + base[1]! * (1 - a), b * a + base[2]! * (1 - a)];
      return base;
    };
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width < 2 || r.height < 2 || r.bottom < 0 || r.top > innerHeight) return false;
      const s = getComputedStyle(el);
      return s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.1;
    };
    const label = (el: Element) =>
      `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const faint: string[] = [];
    const lightBoxes: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (!visible(el)) continue;
      // Disabled entries and placeholders are faint by design, in light as in dark.
      if (
        el.closest(
          '[disabled], [aria-disabled="true"], [class*="-disabled"], [class*="placeholder"], canvas, svg',
        )
      )
        continue;
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim().length > 0,
      );
      const under = surface(el);
      if (own) {
        const c = parse(getComputedStyle(el).color);
        if (c) {
          const a = c[3];
          const fg = [0, 1, 2].map((i) => c[i]! * a + under[i]! * (1 - a));
          const [hi, lo] = [lum(fg), lum(under)].sort((x, y) => y - x);
          const ratio = (hi! + 0.05) / (lo! + 0.05);
          if (ratio < 3) faint.push(`${label(el)} ${ratio.toFixed(2)}:1`);
        }
      }
      const r = el.getBoundingClientRect();
      const bg = parse(getComputedStyle(el).backgroundColor);
      if (r.width >= 60 && r.height >= 30 && bg && bg[3] > 0.5 && lum(surface(el)) > 0.6)
        lightBoxes.push(label(el));
    }
    return { background: lum(surface(document.querySelector('.ant-layout'))), faint, lightBoxes };
  });
}

/**
 * The page's look once it holds `settled` (colours change with antd's transitions of up to
 * 0.3 s, longer on a loaded machine), or its last look after 10 s.
 */
export async function lookWhen(page: Page, settled: (l: Look) => boolean): Promise<Look> {
  const until = Date.now() + 10_000;
  for (;;) {
    const l = await look(page);
    if (settled(l) || Date.now() > until) return l;
    await page.waitForTimeout(200);
  }
}

export const isDark = (l: Look) =>
  l.background < 0.05 && l.faint.length === 0 && l.lightBoxes.length === 0;

/** Asserts the page is dark and readable, after a screenshot named `dark-<name>`. */
export async function assertDark(page: Page, name: string): Promise<void> {
  const l = await lookWhen(page, isDark);
  await snap(page, `dark-${name}`);
  assert.ok(l.background < 0.05, `${name}: page background luminance ${l.background}`);
  assert.deepEqual(l.faint, [], `${name}: texts too faint to read`);
  assert.deepEqual(l.lightBoxes, [], `${name}: light boxes on the dark page`);
}

/** Chooses a theme in the user menu (user → Theme → the setting). */
export async function chooseTheme(page: Page, label: string): Promise<void> {
  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/me/preferences/') && r.request().method() === 'PUT',
  );
  const userMenu = page.locator('.ant-menu-submenu-title', { hasText: 'admin' }).last();
  const themeTitle = page.locator('.ant-menu-submenu-title', { hasText: 'Theme' });
  await openSubmenu(page, userMenu, themeTitle);
  const item = page.locator('.ant-menu-item', { hasText: label });
  // A nested submenu: hover its title (leaving would close the user menu).
  await themeTitle.hover();
  await chooseMenuItem(item);
  assert.equal((await saved).status(), 200);
  await page.mouse.move(2, VIEWPORT.height - 2);
  // The user menu's popups close (they fade out over the page).
  await page
    .locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)')
    .first()
    .waitFor({ state: 'detached', timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(500);
}

/** What a chart drawn on a canvas looks like, from a screenshot of it (see `canvasTones`). */
export interface CanvasTones {
  /** Share of the pixels drawn light (relative luminance above 0.6). */
  light: number;
  /** Luminance of the colour most drawn, the page's own background aside (a map's land). */
  areaLuminance: number;
  /**
   * How much the lines drawn along that colour stand out from it (the contrast of its
   * neighbouring pixels of another colour, 90th percentile): a map's borders.
   */
  edgeContrast: number;
  /**
   * The lowest contrast of a text drawn inside a block of one colour (a heatmap's cell) with
   * that block; Infinity when no block holds text.
   */
  labelContrast: number;
}

/** Measures a screenshot of `target` (a chart's canvas) in the page. */
export async function canvasTones(page: Page, target: Locator): Promise<CanvasTones> {
  const png = (await target.screenshot()).toString('base64');
  return page.evaluate(async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const { width: w, height: h } = bitmap;
    const canvas = new OffscreenCanvas(w, h);
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(bitmap, 0, 0);
    const data = ctx.getImageData(0, 0, w, h).data;
    const keyAt = (i: number) => (data[i * 4]! << 16) | (data[i * 4 + 1]! << 8) | data[i * 4 + 2]!;
    const lumOf = (k: number) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f((k >> 16) & 255) + 0.7152 * f((k >> 8) & 255) + 0.0722 * f(k & 255);
    };
    const contrast = (a: number, b: number) => {
      const [hi, lo] = [lumOf(a), lumOf(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const n = w * h;
    const keys = new Int32Array(n);
    const counts = new Map<number, number>();
    let light = 0;
    for (let i = 0; i < n; i++) {
      const k = keyAt(i);
      keys[i] = k;
      counts.set(k, (counts.get(k) ?? 0) + 1);
      if (lumOf(k) > 0.6) light += 1;
    }
    const background = keys[0]!;
    const ranked = [...counts.entries()]
      .filter(([k]) => k !== background)
      .sort((a, b) => b[1] - a[1]);
    const area = ranked[0]?.[0] ?? background;
    const edges: number[] = [];
    for (let y = 0; y < h - 1; y++) {
      for (let x = 0; x < w - 1; x++) {
        const i = y * w + x;
        if (keys[i] !== area) continue;
        for (const j of [i + 1, i + w]) {
          const k = keys[j]!;
          if (k !== area && k !== background) edges.push(contrast(area, k));
        }
      }
    }
    edges.sort((a, b) => a - b);
    const edgeContrast = edges.length ? edges[Math.floor(edges.length * 0.9)]! : 1;
    // Blocks: 4-connected regions of one frequent colour, at least 20×12 px; the text in a
    // block is its pixels of another colour, the strongest of them the glyphs' own colour.
    let labelContrast = Infinity;
    const seen = new Uint8Array(n);
    const frequent = new Set(ranked.filter(([, c]) => c >= n * 0.003).map(([k]) => k));
    for (let start = 0; start < n; start++) {
      const k = keys[start]!;
      if (seen[start] || !frequent.has(k)) continue;
      let [x0, y0, x1, y1, size] = [w, h, 0, 0, 0];
      const stack = [start];
      seen[start] = 1;
      while (stack.length) {
        const i = stack.pop()!;
        const x = i % w;
        const y = (i - x) / w;
        size += 1;
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
        for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
          if (j >= 0 && j < n && !seen[j] && keys[j] === k) {
            seen[j] = 1;
            stack.push(j);
          }
        }
      }
      if (size < 300 || x1 - x0 < 20 || y1 - y0 < 12) continue;
      let strongest = 1;
      let glyphs = 0;
      for (let y = y0 + 2; y <= y1 - 2; y++) {
        for (let x = x0 + 2; x <= x1 - 2; x++) {
          const c = contrast(k, keys[y * w + x]!);
          if (c < 1.05) continue;
          glyphs += 1;
          strongest = Math.max(strongest, c);
        }
      }
      if (glyphs >= 8) labelContrast = Math.min(labelContrast, strongest);
    }
    return {
      light: light / n,
      areaLuminance: lumOf(area),
      edgeContrast,
      labelContrast,
    };
  }, png);
}

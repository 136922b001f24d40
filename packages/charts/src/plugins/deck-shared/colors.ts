/** Colours of the deck.gl layers: `[r, g, b, a]` with a in 0–255. */
export type Rgba = [number, number, number, number];

export interface ColorValue {
  r: number;
  g: number;
  b: number;
  a: number;
}

/** Superset's PRIMARY_COLOR. */
export const PRIMARY_COLOR: ColorValue = { r: 0, g: 122, b: 135, a: 1 };

const n = (v: unknown, d: number) => (typeof v === 'number' && Number.isFinite(v) ? v : d);

/** A colour picker's value (alpha 0–1) as deck's array (alpha 0–255). */
export function rgbaOf(value: unknown, fallback: ColorValue = PRIMARY_COLOR): Rgba {
  const c = (value && typeof value === 'object' ? value : {}) as Partial<ColorValue>;
  return [
    n(c.r, fallback.r),
    n(c.g, fallback.g),
    n(c.b, fallback.b),
    Math.round(n(c.a, fallback.a) * 255),
  ];
}

/** `#rgb`, `#rrggbb` or `rgb(a)(…)` text as deck's array; opaque black when unreadable. */
export function parseColor(text: string, alpha = 255): Rgba {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(text.trim());
  if (hex) {
    const h = hex[1]!;
    const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
    return [
      parseInt(full.slice(0, 2), 16),
      parseInt(full.slice(2, 4), 16),
      parseInt(full.slice(4, 6), 16),
      alpha,
    ];
  }
  const rgb = /^rgba?\(([^)]+)\)$/i.exec(text.trim());
  if (rgb) {
    const [r, g, b, a] = rgb[1]!.split(',').map((p) => Number(p.trim()));
    return [n(r, 0), n(g, 0), n(b, 0), a === undefined ? alpha : Math.round(n(a, 1) * 255)];
  }
  return [0, 0, 0, alpha];
}

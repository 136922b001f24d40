/**
 * Analogous colours (the USE_ANALAGOUS_COLORS flag): once a categorical scheme's colours are all
 * used, the next round takes each colour's neighbours on the colour wheel instead of repeating
 * it — round 1 turns the hue by +30°, round 2 by -30°, round 3 by +60°, and so on.
 */

interface Hsl {
  h: number;
  s: number;
  l: number;
}

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const digits =
    m[1]!.length === 3
      ? m[1]!
          .split('')
          .map((d) => d + d)
          .join('')
      : m[1]!;
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

function toHsl([r, g, b]: [number, number, number]): Hsl {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn
      ? (gn - bn) / d + (gn < bn ? 6 : 0)
      : max === gn
        ? (bn - rn) / d + 2
        : (rn - gn) / d + 4;
  return { h: h * 60, s, l };
}

function toHex({ h, s, l }: Hsl): string {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const x = c * (1 - Math.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60
      ? [c, x, 0]
      : h < 120
        ? [x, c, 0]
        : h < 180
          ? [0, c, x]
          : h < 240
            ? [0, x, c]
            : h < 300
              ? [x, 0, c]
              : [c, 0, x];
  const hex = (v: number) =>
    Math.round((v + m) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${hex(r)}${hex(g)}${hex(b)}`.toUpperCase();
}

/** The hue turn of a round (0: the colour itself). */
export function analogousTurn(round: number): number {
  if (round <= 0) return 0;
  const step = Math.ceil(round / 2) * 30;
  return round % 2 === 1 ? step : -step;
}

/** `color` turned for `round`; a colour that is not #rgb/#rrggbb is returned as it is. */
export function analogousColor(color: string, round: number): string {
  const rgb = parseHex(color);
  if (!rgb || round <= 0) return color;
  const hsl = toHsl(rgb);
  return toHex({ ...hsl, h: (((hsl.h + analogousTurn(round)) % 360) + 360) % 360 });
}

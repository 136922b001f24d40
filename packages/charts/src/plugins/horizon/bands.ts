/**
 * Horizon bands: a row of height `h` shows values up to `bands × h` by folding. A value is
 * scaled so the row's extent fills all the bands, then cut into slices of `h`: the first slice
 * drawn in the lightest shade, each further slice over it in a darker one. Positive values grow
 * up from the bottom edge; negative values are mirrored, growing down from the top edge, in the
 * negative shades (Superset's "offset" mode).
 */

/** Superset's horizon shades (ColorBrewer RdYlBu): positive lightest first… */
export const POSITIVE_COLORS = ['#fee090', '#fdae61', '#f46d43', '#d73027'];
/** …and negative lightest first. */
export const NEGATIVE_COLORS = ['#abd9e9', '#74add1', '#4575b4', '#313695'];
export const BANDS = POSITIVE_COLORS.length;

export interface BandRect {
  x: number;
  y: number;
  width: number;
  height: number;
  color: string;
}

/**
 * The rectangles of one row, band by band (paint them in order): one column per value across
 * `width`, a value's slices in band order; nulls and zeros draw nothing, nor does a zero extent.
 */
export function bandRects(
  values: ReadonlyArray<number | null>,
  extent: number,
  width: number,
  height: number,
  bands = BANDS,
): BandRect[] {
  const rects: BandRect[] = [];
  if (!(extent > 0) || values.length === 0 || height <= 0) return rects;
  const step = width / values.length;
  const columns = values.map((v, i) => {
    const x = Math.floor(i * step);
    return { v, x, width: Math.max(1, Math.floor((i + 1) * step) - x) };
  });
  for (let b = 0; b < bands; b += 1) {
    for (const { v, x, width: w } of columns) {
      if (v === null || !Number.isFinite(v) || v === 0) continue;
      const scaled = (Math.abs(v) / extent) * bands * height;
      const slice = Math.min(height, scaled - b * height);
      if (slice <= 0) continue;
      const negative = v < 0;
      const colors = negative ? NEGATIVE_COLORS : POSITIVE_COLORS;
      rects.push({
        x,
        y: negative ? 0 : height - slice,
        width: w,
        height: slice,
        color: colors[Math.min(b, colors.length - 1)]!,
      });
    }
  }
  return rects;
}

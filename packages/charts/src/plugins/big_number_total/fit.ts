/**
 * The Big Number's font size, as Superset sizes it: the size asked for (a fraction of the
 * chart's height), made smaller until the text fits the panel's width and height — a number in
 * a narrow panel shrinks instead of being cut.
 */

/** Width of a text at a font size in px. */
export type MeasureText = (text: string, fontSize: number) => number;

/** A measure without a browser: 0.6 em per character (digits and most letters in sans-serif). */
export const estimateTextWidth: MeasureText = (text, fontSize) => text.length * fontSize * 0.6;

/** A measure with the page's fonts (a canvas), or the estimate where there is none. */
export function canvasMeasure(fontFamily: string, fontWeight: number | string): MeasureText {
  const canvas = typeof document !== 'undefined' ? document.createElement('canvas') : null;
  const ctx = canvas?.getContext('2d') ?? null;
  if (!ctx) return estimateTextWidth;
  return (text, fontSize) => {
    ctx.font = `${fontWeight} ${fontSize}px ${fontFamily}`;
    return ctx.measureText(text).width;
  };
}

export interface FitOptions {
  text: string;
  /** The size asked for, in px. */
  ideal: number;
  maxWidth: number;
  maxHeight: number;
  /** Line height as a multiple of the font size. */
  lineHeight?: number;
  /** Never smaller than this. */
  min?: number;
  measure?: MeasureText;
}

export function fitFontSize({
  text,
  ideal,
  maxWidth,
  maxHeight,
  lineHeight = 1.1,
  min = 8,
  measure = estimateTextWidth,
}: FitOptions): number {
  let size = Math.min(ideal, maxHeight / lineHeight);
  if (!(size > 0)) return min;
  const width = measure(text, size);
  // Text width grows with the font size: scale down to the width in one step.
  if (width > maxWidth && width > 0) size = (size * maxWidth) / width;
  return Math.max(min, Math.floor(size + 1e-9));
}

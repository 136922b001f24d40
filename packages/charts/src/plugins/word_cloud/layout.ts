/**
 * The pure parts of the word cloud layout: per-word rotation (stable across redraws), the words
 * that must appear, the shrink-and-retry decision when they do not all fit, and a seeded random
 * source so d3-cloud places the same words the same way each time.
 */

export type RotationMode = 'flat' | 'square' | 'random';

/** 32-bit FNV-1a hash of a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A word's angle in degrees: flat 0; square 0 or 90; random a multiple of 30 in [-90, 90]. */
export function wordRotation(text: string, mode: string | null | undefined): number {
  if (mode === 'random') return ((hashText(text) % 7) - 3) * 30;
  if (mode === 'square' || mode === undefined || mode === null) return (hashText(text) % 2) * 90;
  return 0;
}

/** Share of the words (by value, largest first) that must always appear, at least MIN_REQUIRED. */
export const TOP_RESULTS_SHARE = 0.1;
export const MIN_REQUIRED = 10;
/** Each retry shrinks fonts by 1 / factor, the factor growing by this step… */
export const SCALE_FACTOR_STEP = 0.5;
/** …until it passes this, when the last layout is kept whatever it holds. */
export const MAX_SCALE_FACTOR = 3;

/** The texts that must appear: the top share of words (already sorted largest first). */
export function requiredTexts(sortedTexts: readonly string[]): string[] {
  const count = Math.max(Math.ceil(sortedTexts.length * TOP_RESULTS_SHARE), MIN_REQUIRED);
  return sortedTexts.slice(0, count);
}

/**
 * After a layout at `factor` (fonts divided by it) placed `placed`: null to keep it (every
 * required text placed, or the factor already past the maximum), else the next factor to try.
 */
export function nextScaleFactor(
  placed: readonly string[],
  required: readonly string[],
  factor: number,
): number | null {
  if (factor > MAX_SCALE_FACTOR) return null;
  const have = new Set(placed);
  return required.every((t) => have.has(t)) ? null : factor + SCALE_FACTOR_STEP;
}

/** A deterministic random source in [0, 1) (mulberry32). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

import type { CSSProperties } from 'react';
import { useColorScheme } from './themeSetting';

/**
 * Drawn pictures made for a white page (the chart types' thumbnails): in the dark theme they are
 * inverted and turned back to their hues, so a dark tile with the same colours shows instead of a
 * white box.
 */
const DARK_PICTURE: CSSProperties = { filter: 'invert(0.9) hue-rotate(180deg)' };
const AS_DRAWN: CSSProperties = {};

export function usePictureTone(): CSSProperties {
  return useColorScheme() === 'dark' ? DARK_PICTURE : AS_DRAWN;
}

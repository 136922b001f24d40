/** The editor's share of a tab's height stays between these (percent). */
export const MIN_NORTH_PERCENT = 15;
export const MAX_NORTH_PERCENT = 85;

/** An editor height in percent, kept within bounds; anything unreadable gives `fallback`. */
export function clampNorth(percent: number, fallback: number): number {
  if (!Number.isFinite(percent)) return fallback;
  return Math.round(Math.min(MAX_NORTH_PERCENT, Math.max(MIN_NORTH_PERCENT, percent)) * 10) / 10;
}

/** The two heights (north, south) in percent from the splitter's pixel sizes. */
export function percentsFromSizes(
  sizes: readonly number[],
  fallback: number,
): { northPercent: number; southPercent: number } {
  const [north = 0, south = 0] = sizes;
  const total = north + south;
  const northPercent = total > 0 ? clampNorth((north / total) * 100, fallback) : fallback;
  return { northPercent, southPercent: Math.round((100 - northPercent) * 10) / 10 };
}

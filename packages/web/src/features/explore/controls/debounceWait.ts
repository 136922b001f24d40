/**
 * The wait of a debounced change with a ceiling (spec 001 §9: default 250 ms, max 500): each
 * change restarts the wait, but a change never waits past `max` from the first one still
 * pending, so a steady typist's value still arrives twice a second.
 */
export function debounceWait(now: number, firstPendingAt: number | null, ms: number, max: number) {
  if (firstPendingAt === null) return Math.min(ms, max);
  return Math.max(0, Math.min(ms, firstPendingAt + max - now));
}

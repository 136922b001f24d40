/**
 * The note under the chart menu's "Force refresh" (Superset's SliceHeaderControls): "Cached
 * <when>" when the data came from the cache (when it was cached), else "Fetched <when>".
 */

const UNITS: Array<[number, string, string]> = [
  [365 * 86_400, 'a year', 'years'],
  [30 * 86_400, 'a month', 'months'],
  [86_400, 'a day', 'days'],
  [3_600, 'an hour', 'hours'],
  [60, 'a minute', 'minutes'],
];

/** "a few seconds ago", "a minute ago", "5 minutes ago", "an hour ago"… (moment's wording). */
export function timeAgo(at: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 45) return 'a few seconds ago';
  for (const [size, one, many] of UNITS) {
    if (seconds >= size * 0.75 || size === 60) {
      const n = Math.max(1, Math.round(seconds / size));
      return n === 1 ? `${one} ago` : `${n} ${many} ago`;
    }
  }
  return '';
}

/** A server time (ISO 8601, UTC when it carries no zone) in epoch ms, or null. */
function serverTime(text: string | null | undefined): number | null {
  if (!text) return null;
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const t = Date.parse(zoned);
  return Number.isNaN(t) ? null : t;
}

export function chartRefreshNote(args: {
  isCached: boolean;
  cachedDttm?: string | null;
  /** When the page received the data (epoch ms). */
  fetchedAt: number | null;
  now: number;
}): string {
  if (args.isCached) {
    const at = serverTime(args.cachedDttm) ?? args.fetchedAt;
    return at === null ? '' : `Cached ${timeAgo(at, args.now)}`;
  }
  return args.fetchedAt === null ? '' : `Fetched ${timeAgo(args.fetchedAt, args.now)}`;
}

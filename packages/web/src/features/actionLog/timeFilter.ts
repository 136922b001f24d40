import type { FilterOption } from '../../components/ListView';

/** The action log's "Time" choices: events after a moment, as `dttm gt <ISO>`. */
const SPANS: Array<{ label: string; ms: number }> = [
  { label: 'Last hour', ms: 3_600_000 },
  { label: 'Last 24 hours', ms: 86_400_000 },
  { label: 'Last 7 days', ms: 7 * 86_400_000 },
  { label: 'Last 30 days', ms: 30 * 86_400_000 },
];

/** The options, their moments counted back from `now` (the page's opening). */
export function timeSinceOptions(now: Date): FilterOption[] {
  return SPANS.map((s) => ({
    label: s.label,
    value: new Date(now.getTime() - s.ms).toISOString(),
  }));
}

/** "Who": the user's full name, else the username, else a dash. */
export function logUserName(
  user: { username: string; first_name?: string; last_name?: string } | null,
): string {
  if (!user) return '';
  const full = `${user.first_name ?? ''} ${user.last_name ?? ''}`.trim();
  return full || user.username;
}

/** A duration in ms as text ("850 ms", "2.4 s"), or '' when none. */
export function durationText(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

import dayjs from 'dayjs';

/** Query states (Superset's QueryStatus) with their labels and tag colours. */
export const QUERY_STATUSES: Array<{ value: string; label: string; color: string }> = [
  { value: 'success', label: 'Success', color: 'green' },
  { value: 'failed', label: 'Failed', color: 'red' },
  { value: 'running', label: 'Running', color: 'blue' },
  { value: 'pending', label: 'Pending', color: 'default' },
  { value: 'scheduled', label: 'Scheduled', color: 'default' },
  { value: 'fetching', label: 'Fetching', color: 'blue' },
  { value: 'stopped', label: 'Stopped', color: 'orange' },
  { value: 'timed_out', label: 'Timed out', color: 'red' },
];

/** A query time (epoch milliseconds or an ISO text) as a timestamp, or null. */
export function toTimestamp(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const numeric = typeof value === 'number' ? value : Number(value);
  const time = Number.isFinite(numeric) ? numeric : dayjs(value).valueOf();
  return Number.isFinite(time) ? time : null;
}

/** "2024-05-01 13:45:10" in local time, or '' when unknown. */
export function formatQueryTime(value: number | string | null | undefined): string {
  const time = toTimestamp(value);
  return time === null ? '' : dayjs(time).format('YYYY-MM-DD HH:mm:ss');
}

/** The run time of a query as "HH:mm:ss.SSS", or '' when it is not known. */
export function queryDuration(
  start: number | string | null | undefined,
  end: number | string | null | undefined,
): string {
  const a = toTimestamp(start);
  const b = toTimestamp(end);
  if (a === null || b === null || b < a) return '';
  let ms = Math.round(b - a);
  const hours = Math.floor(ms / 3_600_000);
  ms -= hours * 3_600_000;
  const minutes = Math.floor(ms / 60_000);
  ms -= minutes * 60_000;
  const seconds = Math.floor(ms / 1000);
  ms -= seconds * 1000;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(ms, 3)}`;
}

/** Label and colour of a status. */
export function queryStatus(value: string | null | undefined): { label: string; color: string } {
  const found = QUERY_STATUSES.find((s) => s.value === value);
  if (found) return found;
  return { label: value ?? '', color: 'default' };
}

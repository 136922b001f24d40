/** `/api/v1/log/` (Superset's LogRestApi): the page's list calls go through ListView. */
export const LOG_RESOURCE = 'log';

/** An event as the list answers it. */
export interface LogRow {
  id: number;
  user: { username: string; first_name?: string; last_name?: string } | null;
  user_id: number | null;
  action: string;
  dttm: string | null;
  json: string | null;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

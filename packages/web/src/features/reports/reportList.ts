/**
 * The alert and report lists, their execution logs and the chart/dashboard menus (pure): the
 * pages' addresses, the list's fixed type filter and its filters, the query of "the report of
 * this chart or dashboard", who may edit a row, and the texts of states, times and durations.
 */
import { REPORT_STATES, isAdminUser } from '@strata/core';
import type {
  BootstrapUser,
  ListFilter,
  ListQuery,
  ReportListItem,
  ReportState,
  ReportType,
} from '@strata/core';
import { ownersFilter, relatedFilter, searchFilter } from '../../components/ListView/commonFilters';
import type { ListFilterDef, SortState } from '../../components/ListView/types';

export const REPORT_PATHS = {
  alerts: '/alert/list/',
  reports: '/report/list/',
  alertLog: '/alert/:id/log',
  reportLog: '/report/:id/log',
} as const;

/** The list a path shows: `/report/…` reports, anything else alerts. */
export function reportTypeOfPath(pathname: string): ReportType {
  return /^\/report\//.test(pathname) ? 'Report' : 'Alert';
}

export function listPathOf(type: ReportType): string {
  return type === 'Report' ? REPORT_PATHS.reports : REPORT_PATHS.alerts;
}

/** `/alert/5/log` or `/report/5/log` (Superset's execution log addresses). */
export function logPathOf(type: ReportType, id: number): string {
  return `/${type.toLowerCase()}/${id}/log`;
}

/** The id in a log page's `:id`, or null. */
export function reportIdParam(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const n = Number(param);
  return n > 0 ? n : null;
}

/** The filter every call of a list carries: its type. */
export function typeFilter(type: ReportType): ListFilter {
  return { col: 'type', opr: 'eq', value: type };
}

export const STATE_LABELS: Record<ReportState, string> = {
  Success: 'Success',
  Working: 'Working',
  Error: 'Error',
  'Not triggered': 'Not triggered',
  'On Grace': 'On Grace',
};

/** The list's filters (Superset's): name, owner, created by, status. */
export const REPORT_LIST_FILTERS: ListFilterDef[] = [
  searchFilter('name', { label: 'Search', opr: 'ct' }),
  ownersFilter(),
  relatedFilter('created_by', 'Created by', 'rel_o_m'),
  {
    kind: 'select',
    id: 'status',
    label: 'Status',
    col: 'last_state',
    opr: 'eq',
    options: REPORT_STATES.map((s) => ({ label: STATE_LABELS[s], value: s })),
  },
];

export const REPORT_LIST_SORT: SortState = { column: 'name', direction: 'asc' };
export const REPORT_LOG_SORT: SortState = { column: 'start_dttm', direction: 'desc' };

/** What the state icon's tooltip says (Superset's AlertStatusIcon texts). */
export function stateDescription(state: ReportState | null, type: ReportType): string {
  const report = type === 'Report';
  switch (state) {
    case 'Success':
      return report ? 'Report sent' : 'Alert triggered, notification sent';
    case 'Working':
      return report ? 'Report sending' : 'Alert running';
    case 'Error':
      return report ? 'Report failed' : 'Alert failed';
    case 'Not triggered':
      return 'Nothing triggered';
    case 'On Grace':
      return 'Alert triggered, in grace period';
    default:
      return 'Not run yet';
  }
}

export type TargetKind = 'chart' | 'dashboard';

/**
 * The list call of the report a user set up from a chart's or a dashboard's menu (Superset's
 * `fetchUISpecificReport`: the target, the creation method, made by the user).
 */
export function targetReportQuery(kind: TargetKind, targetId: number, userId: number): ListQuery {
  return {
    filters: [
      { col: kind === 'chart' ? 'chart_id' : 'dashboard_id', opr: 'eq', value: targetId },
      { col: 'creation_method', opr: 'eq', value: kind === 'chart' ? 'charts' : 'dashboards' },
      { col: 'created_by', opr: 'rel_o_m', value: userId },
    ],
    page: 0,
    page_size: 1,
  };
}

/** Owners and admins edit, toggle and delete a report. */
export function canEditReport(
  row: Pick<ReportListItem, 'owners'>,
  user: Pick<BootstrapUser, 'userId' | 'roles'> | null,
): boolean {
  if (!user) return false;
  return isAdminUser(user) || row.owners.some((o) => o.id === user.userId);
}

/** A server time: ISO 8601, read as UTC when it carries no zone. */
export function parseServerTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const zoned = /(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text}Z`;
  const d = new Date(zoned);
  return Number.isNaN(d.getTime()) ? null : d;
}

const UNITS: Array<[number, string]> = [
  [365 * 86_400, 'year'],
  [30 * 86_400, 'month'],
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** "a few seconds ago", "5 minutes ago", "in 2 hours", "" when there is no time. */
export function relativeTime(text: string | null | undefined, now: number): string {
  const d = parseServerTime(text);
  if (!d) return '';
  const seconds = Math.round((now - d.getTime()) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return seconds >= 0 ? 'a few seconds ago' : 'in a few seconds';
  for (const [size, unit] of UNITS) {
    if (abs >= size * 0.9 || unit === 'minute') {
      const n = Math.max(1, Math.round(abs / size));
      const words = `${n} ${unit}${n === 1 ? '' : 's'}`;
      return seconds >= 0 ? `${words} ago` : `in ${words}`;
    }
  }
  return '';
}

/** "2026-11-28 09:00:00" in a time zone (the browser's by default); "" when there is no time. */
export function formatDateTime(text: string | null | undefined, timeZone?: string): string {
  const d = parseServerTime(text);
  if (!d) return '';
  // Swedish dates are ISO-like: "2026-11-28 09:00:00".
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(d);
}

/** How long a run took: "0.42 s", "2 min 5 s", "1 h 3 min"; "" while running or unknown. */
export function durationText(start: string | null, end: string | null): string {
  const a = parseServerTime(start);
  const b = parseServerTime(end);
  if (!a || !b) return '';
  const ms = Math.max(0, b.getTime() - a.getTime());
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  return `${Math.floor(seconds / 3_600)} h ${Math.floor((seconds % 3_600) / 60)} min`;
}

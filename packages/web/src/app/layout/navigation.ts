import { canUseSqlLab, isAdminUser, userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';

/** One entry of the top navigation: a page (path) or a submenu (children). */
export interface NavItem {
  key: string;
  label: string;
  path?: string;
  children?: NavItem[];
}

export const PATHS = {
  home: '/',
  welcome: '/superset/welcome/',
  login: '/login/',
  logout: '/logout/',
  dashboards: '/dashboard/list/',
  dashboard: '/superset/dashboard/:idOrSlug',
  dashboardShort: '/dashboard/:idOrSlug',
  dashboardPermalink: '/superset/dashboard/p/:key',
  charts: '/chart/list/',
  chartAdd: '/chart/add/',
  datasets: '/tablemodelview/list/',
  datasetAdd: '/dataset/add/',
  sqlLab: '/sqllab/',
  explore: '/explore/',
  exploreLegacy: '/superset/explore/',
  sqlLabLegacy: '/superset/sqllab/',
  sqlLabPermalink: '/sqllab/p/:key',
  explorePermalink: '/superset/explore/p/:key',
  queryHistory: '/sqllab/history/',
  savedQueries: '/savedqueryview/list/',
  databases: '/databaseview/list/',
  users: '/users/list/',
  roles: '/roles/list/',
  alerts: '/alert/list/',
  reports: '/report/list/',
  alertLog: '/alert/:id/log',
  reportLog: '/report/:id/log',
} as const;

const page = (label: string, path: string): NavItem => ({ key: path, label, path });

/** SQL Lab is offered to admins, the sql_lab role, and any role granted `can_sqllab`. */
export function mayUseSqlLab(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  return canUseSqlLab(user) || userHasPermission(user, 'can_sqllab', 'Superset');
}

const SQL_LAB_EDITOR = /^\/(?:superset\/)?sqllab\/(?:p\/[^/]+\/?)?$/;

/** True for the SQL editor's addresses (not its history page). */
export function isSqlLabEditorPath(pathname: string): boolean {
  return SQL_LAB_EDITOR.test(withTrailingSlash(pathname));
}

const EXPLORE = /^\/(?:superset\/)?explore\/(?:p\/[^/]+\/?)?$/;

/** True for Explore's addresses (including its permalinks). */
export function isExplorePath(pathname: string): boolean {
  return EXPLORE.test(withTrailingSlash(pathname));
}

const DASHBOARD = /^\/(?:superset\/)?dashboard\/(?!list\/)[^/]+\/?$/;

/** True for a dashboard's addresses (not the dashboard list). */
export function isDashboardPath(pathname: string): boolean {
  return DASHBOARD.test(withTrailingSlash(pathname));
}

/** Pages that take the whole window under the top bar (their panes scroll inside). */
export function isFullBleedPath(pathname: string): boolean {
  return isSqlLabEditorPath(pathname) || isExplorePath(pathname) || isDashboardPath(pathname);
}

/** `?standalone=1|true|2|3`: the page alone, without the top bar (embedded). */
export function isStandaloneSearch(search: string): boolean {
  const v = new URLSearchParams(search).get('standalone');
  return v === '1' || v === 'true' || v === '2' || v === '3';
}

/**
 * The identity of the page at an address: a new key starts the page afresh. The SQL editor's
 * addresses are one page (a permalink's address is replaced by `/sqllab/` once opened).
 */
export function pageKey(pathname: string): string {
  return isSqlLabEditorPath(pathname) ? PATHS.sqlLab : pathname;
}

/** Alerts & reports are offered to admins and roles that may read ReportSchedule. */
export function mayReadReports(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_read', 'ReportSchedule');
}

/** The top navigation the user may see. */
export function buildNavItems(user: Pick<BootstrapUser, 'roles'> | null): NavItem[] {
  const items: NavItem[] = [
    page('Dashboards', PATHS.dashboards),
    page('Charts', PATHS.charts),
    page('Datasets', PATHS.datasets),
  ];
  if (mayUseSqlLab(user)) {
    items.push({
      key: 'sql',
      label: 'SQL',
      children: [
        page('SQL Lab', PATHS.sqlLab),
        page('Query history', PATHS.queryHistory),
        page('Saved queries', PATHS.savedQueries),
      ],
    });
  }
  const settings: NavItem[] = [page('Databases', PATHS.databases)];
  if (mayReadReports(user)) settings.push(page('Alerts & reports', PATHS.alerts));
  if (isAdminUser(user)) {
    settings.push(page('Users', PATHS.users), page('Roles', PATHS.roles));
  }
  items.push({ key: 'settings', label: 'Settings', children: settings });
  return items;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** The alert and report lists and their execution logs: one entry. */
const ALERTS_AND_REPORTS = /^\/(?:alert|report)\/(?:list|\d+\/log)\/?$/;

/** The key of the navigation entry for a location, or null (home, unknown pages). */
export function selectedNavKey(items: NavItem[], pathname: string): string | null {
  const path = isSqlLabEditorPath(pathname)
    ? PATHS.sqlLab
    : ALERTS_AND_REPORTS.test(pathname)
      ? PATHS.alerts
      : withTrailingSlash(pathname);
  let best: string | null = null;
  const visit = (list: NavItem[]) => {
    for (const item of list) {
      if (item.path && path === item.path) best = item.key;
      if (item.children) visit(item.children);
    }
  };
  visit(items);
  return best;
}

import { CSS_TEMPLATE_VIEW, canUseSqlLab, isAdminUser, userHasPermission } from '@strata/core';
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
  /** A dataset's `edit_url`: the dataset list with that dataset's editor open. */
  datasetEdit: '/tablemodelview/edit/:id',
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
  /** Superset's FAB list of DynamicPluginsView; here the app's page. */
  dynamicPlugins: '/dynamic-plugins/list/',
  alerts: '/alert/list/',
  reports: '/report/list/',
  alertLog: '/alert/:id/log',
  /** Superset's addresses of its Manage pages. */
  cssTemplates: '/csstemplatemodelview/list/',
  annotationLayers: '/annotationlayer/list/',
  annotations: '/annotationlayer/:id/annotation/',
  actionLog: '/actionlog/list/',
  tags: '/superset/tags/',
  /** A tag's page: what carries it (`?id=`). */
  tag: '/superset/all_entities/',
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

/** Admins, and roles holding `can_read` on `view`. */
function mayRead(user: Pick<BootstrapUser, 'roles'> | null, view: string): boolean {
  return isAdminUser(user) || userHasPermission(user, 'can_read', view);
}

/**
 * The top navigation the user may see; `flags` are the feature flags (Plugins only with
 * DYNAMIC_PLUGINS, as Superset's `menu_cond`).
 */
export function buildNavItems(
  user: Pick<BootstrapUser, 'roles'> | null,
  flags: Record<string, boolean> = {},
): NavItem[] {
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
  if (mayRead(user, CSS_TEMPLATE_VIEW)) settings.push(page('CSS templates', PATHS.cssTemplates));
  if (mayRead(user, 'Annotation')) settings.push(page('Annotation layers', PATHS.annotationLayers));
  if (flags.TAGGING_SYSTEM === true && mayRead(user, 'Tag'))
    settings.push(page('Tags', PATHS.tags));
  if (isAdminUser(user)) {
    settings.push(
      page('Users', PATHS.users),
      page('Roles', PATHS.roles),
      page('Action log', PATHS.actionLog),
    );
    if (flags.DYNAMIC_PLUGINS === true) settings.push(page('Plugins', PATHS.dynamicPlugins));
  }
  items.push({ key: 'settings', label: 'Settings', children: settings });
  return items;
}

function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}

/** The alert and report lists and their execution logs: one entry. */
const ALERTS_AND_REPORTS = /^\/(?:alert|report)\/(?:list|\d+\/log)\/?$/;
/** A layer's annotations: under Annotation layers. */
const ANNOTATIONS = /^\/annotationlayer\/\d+\/annotation\/?$/;

/** The key of the navigation entry for a location, or null (home, unknown pages). */
export function selectedNavKey(items: NavItem[], pathname: string): string | null {
  const path = isSqlLabEditorPath(pathname)
    ? PATHS.sqlLab
    : ALERTS_AND_REPORTS.test(pathname)
      ? PATHS.alerts
      : ANNOTATIONS.test(pathname)
        ? PATHS.annotationLayers
        : withTrailingSlash(pathname) === PATHS.tag
          ? PATHS.tags
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

import {
  CSS_TEMPLATE_MENU,
  CSS_TEMPLATE_VIEW,
  DYNAMIC_PLUGIN_MENU,
  TAG_MENU,
  TAG_VIEW,
  DYNAMIC_PLUGIN_VIEW,
  ROLE_ADMIN,
  ROLE_ALPHA,
  ROLE_GAMMA,
  ROLE_PUBLIC,
  ROLE_SQL_LAB,
  type PermissionPair,
} from '@strata/core';

/**
 * Every permission-on-view pair the app checks, named as Superset names them, and what each
 * built-in role holds. Per-object permissions (database_access on "[db].(id:1)", schema_access,
 * datasource_access) are created when the objects are.
 */
const MODEL_VIEWS = ['Dashboard', 'Chart', 'Dataset', 'Database', 'SavedQuery'] as const;
export const SECURITY_VIEWS = [
  'User',
  'Role',
  'Permission',
  'ViewMenu',
  'PermissionViewMenu',
] as const;

const SUPERSET_PERMS = [
  'can_log',
  'can_sqllab',
  'can_csv',
  'can_explore',
  'can_explore_json',
  'can_save_dash',
  'can_slice',
  'can_share_dashboard',
  'can_share_chart',
  'can_dashboard',
] as const;
const SQLLAB_PERMS = [
  'can_read',
  'can_execute_sql_query',
  'can_export_csv',
  'can_get_results',
  'can_estimate_query_cost',
  'can_format_sql',
] as const;
const UPLOAD_VIEWS = [
  'CsvToDatabaseView',
  'ColumnarToDatabaseView',
  'ExcelToDatabaseView',
] as const;

const MENUS = [
  'Home',
  'Dashboards',
  'Charts',
  'Datasets',
  'Data',
  'Databases',
  'SQL Lab',
  'SQL Editor',
  'Query Search',
  'Saved Queries',
  'Security',
  'List Users',
  'List Roles',
  'Alerts & Report',
  'Action Log',
] as const;
/** Superset's ADMIN_ONLY_VIEW_MENUS among the menus (the action log's page is the admin's). */
const ADMIN_ONLY_MENUS = new Set(['Security', 'List Users', 'List Roles', 'Action Log']);
/** Explore's API (Superset's ExploreRestApi, ExploreFormDataRestApi, ExplorePermalinkRestApi). */
const EXPLORE_PAIRS: PermissionPair[] = [
  ['can_read', 'Explore'],
  ['can_read', 'ExploreFormDataRestApi'],
  ['can_write', 'ExploreFormDataRestApi'],
  ['can_read', 'ExplorePermalinkRestApi'],
  ['can_write', 'ExplorePermalinkRestApi'],
];
/** A dashboard's native filter state (`native_filters_key`, Superset's DashboardFilterStateRestApi). */
const DASHBOARD_STATE_PAIRS: PermissionPair[] = [
  ['can_read', 'DashboardFilterStateRestApi'],
  ['can_write', 'DashboardFilterStateRestApi'],
];

/** A dashboard's saved filter sets (Superset's FilterSetRestApi). */
const FILTER_SET_PAIRS: PermissionPair[] = [
  ['can_read', 'FilterSets'],
  ['can_write', 'FilterSets'],
];

/**
 * Alerts & reports (Superset's ReportScheduleRestApi and ReportExecutionLogRestApi, both on the
 * `ReportSchedule` view: MODEL_API_RW_METHOD_PERMISSION_MAP makes reads can_read and writes,
 * `/run` included, can_write). Superset keeps `ReportSchedule` for Alpha (ALPHA_ONLY_VIEW_MENUS);
 * here Gamma holds it too (issue 18: a Gamma user sets up e-mail reports of the charts and
 * dashboards it sees, as Metabase's subscriptions allow), and sees only the reports it owns or
 * created. An admin who wants Superset's rule takes the pairs from Gamma.
 */
const REPORT_PAIRS: PermissionPair[] = [
  ['can_read', 'ReportSchedule'],
  ['can_write', 'ReportSchedule'],
];

/**
 * Dynamic plugins (Superset's DynamicPluginsView, `DynamicPlugin` with the read/write method
 * map; its menu entry "Plugins"). Superset's role rules give both pairs to Alpha and Gamma as
 * well; here only Admin may write: a plugin's bundle is code every user's browser runs, so
 * registering one is an admin's power (a Gamma or Alpha user could otherwise run script in an
 * admin's session). Reading the list, which the app does at start to load the bundles, stays
 * with every built-in role that uses charts.
 */
const DYNAMIC_PLUGIN_READ: PermissionPair = ['can_read', DYNAMIC_PLUGIN_VIEW];
const DYNAMIC_PLUGIN_WRITE: PermissionPair = ['can_write', DYNAMIC_PLUGIN_VIEW];
const DYNAMIC_PLUGIN_MENU_PAIR: PermissionPair = ['menu_access', DYNAMIC_PLUGIN_MENU];

/**
 * CSS templates (Superset's CssTemplateRestApi, `CssTemplate` with the read/write method map,
 * its menu entry "CSS Templates"): Superset keeps them for Alpha and Admin (ALPHA_ONLY_VIEW_MENUS),
 * so Gamma holds neither.
 */
const CSS_TEMPLATE_PAIRS: PermissionPair[] = [
  ['can_read', CSS_TEMPLATE_VIEW],
  ['can_write', CSS_TEMPLATE_VIEW],
  ['menu_access', CSS_TEMPLATE_MENU],
];

/**
 * Tags (Superset's TagRestApi, `Tag` with the read/write method map, menu "Tags"; TAGGING_SYSTEM):
 * in none of Superset's admin-only or Alpha-only lists, so Gamma holds them too. Tagging an
 * object also needs the right to change it (its resource's owner rule).
 */
const TAG_PAIRS: PermissionPair[] = [
  ['can_read', TAG_VIEW],
  ['can_write', TAG_VIEW],
  ['menu_access', TAG_MENU],
];

/** The events of async queries (Superset's AsyncEventsRestApi), for whoever reads charts. */
const ASYNC_EVENT_PAIRS: PermissionPair[] = [['can_list', 'AsyncEventsRestApi']];

/**
 * Advanced data types' API (Superset's AdvancedDataTypeRestApi, `can_read` on
 * `AdvancedDataType`): in no admin-only or Alpha-only list of Superset's, so Gamma holds it.
 */
const ADVANCED_DATA_TYPE_PAIRS: PermissionPair[] = [['can_read', 'AdvancedDataType']];

function pairs(): PermissionPair[] {
  const all: PermissionPair[] = [];
  for (const v of MODEL_VIEWS) {
    all.push(['can_read', v], ['can_write', v], ['can_export', v]);
  }
  all.push(['can_read', 'Query'], ['can_read', 'Log'], ['can_write', 'Log']);
  all.push(['can_read', 'Annotation'], ['can_write', 'Annotation']);
  all.push(...REPORT_PAIRS);
  all.push(DYNAMIC_PLUGIN_READ, DYNAMIC_PLUGIN_WRITE, DYNAMIC_PLUGIN_MENU_PAIR);
  all.push(...EXPLORE_PAIRS, ...DASHBOARD_STATE_PAIRS, ...FILTER_SET_PAIRS, ...ASYNC_EVENT_PAIRS);
  all.push(...ADVANCED_DATA_TYPE_PAIRS);
  all.push(...CSS_TEMPLATE_PAIRS);
  all.push(...TAG_PAIRS);
  for (const v of SECURITY_VIEWS) all.push(['can_read', v], ['can_write', v]);
  for (const p of SUPERSET_PERMS) all.push([p, 'Superset']);
  for (const p of SQLLAB_PERMS) all.push([p, 'SQLLab']);
  for (const v of UPLOAD_VIEWS) all.push(['can_this_form_get', v], ['can_this_form_post', v]);
  all.push(['all_database_access', 'all_database_access']);
  all.push(['all_datasource_access', 'all_datasource_access']);
  all.push(['all_query_access', 'all_query_access']);
  for (const m of MENUS) all.push(['menu_access', m]);
  return all;
}

export const ALL_PERMISSION_PAIRS: readonly PermissionPair[] = pairs();

const isSecurity = ([, v]: PermissionPair) => (SECURITY_VIEWS as readonly string[]).includes(v);
const isAdminOnlyPluginPair = ([p, v]: PermissionPair) =>
  (p === DYNAMIC_PLUGIN_WRITE[0] && v === DYNAMIC_PLUGIN_WRITE[1]) ||
  (p === DYNAMIC_PLUGIN_MENU_PAIR[0] && v === DYNAMIC_PLUGIN_MENU_PAIR[1]);

/** What each built-in role holds. Admin: everything; Alpha: all but security admin. */
export function builtinRolePairs(role: string): PermissionPair[] {
  switch (role) {
    case ROLE_ADMIN:
      return [...ALL_PERMISSION_PAIRS];
    case ROLE_ALPHA:
      return ALL_PERMISSION_PAIRS.filter(
        (p) =>
          !isSecurity(p) &&
          !(p[0] === 'menu_access' && ADMIN_ONLY_MENUS.has(p[1])) &&
          p[0] !== 'all_query_access' &&
          !isAdminOnlyPluginPair(p),
      );
    case ROLE_GAMMA:
      return [
        ['can_read', 'Dashboard'],
        ['can_write', 'Dashboard'],
        ['can_export', 'Dashboard'],
        ['can_read', 'Chart'],
        ['can_write', 'Chart'],
        ['can_export', 'Chart'],
        ['can_read', 'Dataset'],
        ['can_read', 'Database'],
        ['can_read', 'Annotation'],
        ...EXPLORE_PAIRS,
        ...DASHBOARD_STATE_PAIRS,
        ...FILTER_SET_PAIRS,
        ...ASYNC_EVENT_PAIRS,
        ...ADVANCED_DATA_TYPE_PAIRS,
        ...REPORT_PAIRS,
        ...TAG_PAIRS,
        DYNAMIC_PLUGIN_READ,
        ['can_read', 'Log'],
        ['can_write', 'Log'],
        ['can_log', 'Superset'],
        ['can_csv', 'Superset'],
        ['can_explore', 'Superset'],
        ['can_explore_json', 'Superset'],
        ['can_save_dash', 'Superset'],
        ['can_slice', 'Superset'],
        ['can_share_dashboard', 'Superset'],
        ['can_share_chart', 'Superset'],
        ['can_dashboard', 'Superset'],
        ['menu_access', 'Home'],
        ['menu_access', 'Dashboards'],
        ['menu_access', 'Charts'],
        ['menu_access', 'Datasets'],
        ['menu_access', 'Data'],
      ];
    case ROLE_SQL_LAB:
      return [
        ['can_read', 'SavedQuery'],
        ['can_write', 'SavedQuery'],
        ['can_export', 'SavedQuery'],
        ['can_read', 'Query'],
        ['can_read', 'Database'],
        ['can_sqllab', 'Superset'],
        ...SQLLAB_PERMS.map((p): PermissionPair => [p, 'SQLLab']),
        ['menu_access', 'SQL Lab'],
        ['menu_access', 'SQL Editor'],
        ['menu_access', 'Query Search'],
        ['menu_access', 'Saved Queries'],
      ];
    case ROLE_PUBLIC:
      return [];
    default:
      return [];
  }
}

export const BUILTIN_ROLE_NAMES = [ROLE_ADMIN, ROLE_ALPHA, ROLE_GAMMA, ROLE_SQL_LAB, ROLE_PUBLIC];

/** Key of a pair in permission sets: "can_read|Dashboard". */
export const pairKey = (permission: string, view: string): string => `${permission}|${view}`;

import { RECENT_ACTIVITY_ITEMS_PER_GROUP, RECENT_ACTIVITY_PAGE_SIZE } from '@strata/core';
import type { ListFilter, ListQuery } from '@strata/core';
import { listStateToSearch } from '../../components/ListView/listState';
import { listUrl } from '../../app/api';
import { risonParam } from '../../app/api/urls';
import { SORT_BY_CHANGED } from '../lists/common';

/** One item of `GET /api/v1/log/recent_activity/`. */
export interface RecentActivity {
  action: string;
  item_title: string;
  item_type: string;
  item_url: string;
  time: number;
  time_delta_humanized: string;
}

/** Items per list section of home (Superset's PAGE_SIZE of the home tables). */
export const HOME_LIST_PAGE_SIZE = 5;

/** The tabs of "Recents" (spec 001 §9's homepage filters Viewed, Edited, Created). */
export type RecentsTab = 'Viewed' | 'Edited' | 'Created';
export const RECENTS_TABS: readonly RecentsTab[] = ['Viewed', 'Edited', 'Created'];

/** The tabs of the Dashboards and Charts sections (Favorite, Mine, Other). */
export type ListTab = 'Favorite' | 'Mine' | 'Other';
export const LIST_TABS: readonly ListTab[] = ['Favorite', 'Mine', 'Other'];

/** What a home list section shows. */
export type HomeResource = 'dashboard' | 'chart' | 'saved_query';

export function recentActivityUrl(): string {
  return `/api/v1/log/recent_activity/?q=${risonParam({ page: 0, page_size: RECENT_ACTIVITY_PAGE_SIZE })}`;
}

/**
 * The filters of a home list tab, as Superset's home: Favorite = starred, Mine = owned, Other =
 * what others created. Saved queries are the user's own (created by them) whatever the tab.
 */
export function homeTabFilters(resource: HomeResource, tab: ListTab, userId: number): ListFilter[] {
  if (resource === 'saved_query') return [{ col: 'created_by', opr: 'rel_o_m', value: userId }];
  if (tab === 'Favorite') return [{ col: 'id', opr: `${resource}_is_favorite`, value: true }];
  if (tab === 'Mine') return [{ col: 'owners', opr: 'rel_m_m', value: userId }];
  return [{ col: 'created_by', opr: 'nrel_o_m', value: userId }];
}

/** The list call of a home list tab: the latest changed first, HOME_LIST_PAGE_SIZE items. */
export function homeListUrl(resource: HomeResource, tab: ListTab, userId: number): string {
  const query: ListQuery = {
    filters: homeTabFilters(resource, tab, userId),
    order_column: SORT_BY_CHANGED.column,
    order_direction: SORT_BY_CHANGED.direction,
    page: 0,
    page_size: HOME_LIST_PAGE_SIZE,
  };
  return listUrl(resource, query);
}

/** The dashboards or charts the user last edited (Edited) or created (Created). */
export function activityListUrl(
  resource: 'dashboard' | 'chart',
  tab: 'Edited' | 'Created',
  userId: number,
): string {
  const query: ListQuery = {
    filters: [
      { col: tab === 'Edited' ? 'changed_by' : 'created_by', opr: 'rel_o_m', value: userId },
    ],
    order_column: SORT_BY_CHANGED.column,
    order_direction: SORT_BY_CHANGED.direction,
    page: 0,
    page_size: HOME_LIST_PAGE_SIZE,
  };
  return listUrl(resource, query);
}

/** The list page showing only favourites (the list pages' `favorite` filter). */
export function favoritesListLink(listPath: string): string {
  const search = listStateToSearch(
    { pageIndex: 0, sort: SORT_BY_CHANGED, filters: { favorite: { value: true, label: 'Yes' } } },
    SORT_BY_CHANGED,
  );
  return `${listPath}?${search}`;
}

/** "View all" of a home list tab: the list, filtered on favourites for Favorite. */
export function viewAllLink(listPath: string, tab: ListTab): string {
  return tab === 'Favorite' ? favoritesListLink(listPath) : listPath;
}

/** What kind of thing a recent activity item is, for its icon. */
export function activityKind(itemType: string): 'dashboard' | 'chart' | 'query' | 'other' {
  const t = itemType.toLowerCase();
  if (t === 'dashboard') return 'dashboard';
  if (t === 'slice' || t === 'chart') return 'chart';
  if (t === 'sqllab' || t === 'saved_query' || t === 'query') return 'query';
  return 'other';
}

/** One line of "Recents". */
export interface ActivityItem {
  key: string;
  kind: 'dashboard' | 'chart' | 'query' | 'other';
  title: string;
  url: string | null;
  /** e.g. "Viewed 2 minutes ago", "Modified 3 days ago". */
  meta: string | null;
}

/** "Viewed": the recent activity, as the server ordered it. */
export function viewedItems(recents: readonly RecentActivity[]): ActivityItem[] {
  return recents.map((r, i) => ({
    key: `${r.item_url}-${i}`,
    kind: activityKind(r.item_type),
    title: r.item_title,
    url: r.item_url,
    meta: r.time_delta_humanized ? `Viewed ${r.time_delta_humanized}` : null,
  }));
}

interface ChangedItem {
  id: number;
  url?: string | null;
  changed_on_utc?: string | null;
  changed_on_delta_humanized?: string | null;
}

/**
 * "Edited" or "Created": at most RECENT_ACTIVITY_ITEMS_PER_GROUP dashboards and as many charts
 * (each list already the latest first), merged with the latest change first.
 */
export function changedItems(
  dashboards: ReadonlyArray<ChangedItem & { dashboard_title: string }>,
  charts: ReadonlyArray<ChangedItem & { slice_name: string }>,
): ActivityItem[] {
  const n = RECENT_ACTIVITY_ITEMS_PER_GROUP;
  const entries = [
    ...dashboards.slice(0, n).map((d) => ({
      row: d,
      item: { key: `dashboard-${d.id}`, kind: 'dashboard' as const, title: d.dashboard_title },
    })),
    ...charts.slice(0, n).map((c) => ({
      row: c,
      item: { key: `chart-${c.id}`, kind: 'chart' as const, title: c.slice_name },
    })),
  ];
  const time = (r: ChangedItem) => (r.changed_on_utc ? Date.parse(r.changed_on_utc) || 0 : 0);
  return entries
    .map((e, i) => ({ ...e, i }))
    .sort((a, b) => time(b.row) - time(a.row) || a.i - b.i)
    .map(({ row, item }) => ({
      ...item,
      url: row.url ?? null,
      meta: row.changed_on_delta_humanized ? `Modified ${row.changed_on_delta_humanized}` : null,
    }));
}

/** Where the chosen home tabs are kept in the browser (spec 001 §9: homepage filters). */
export const HOME_TAB_KEYS = {
  recents: 'homepage_activity_filter',
  dashboard: 'homepage_dashboard_filter',
  chart: 'homepage_chart_filter',
} as const;

/** A stored tab if it is one of `tabs`, else `fallback`. */
export function storedTab<T extends string>(
  storage: Pick<Storage, 'getItem'> | null,
  key: string,
  tabs: readonly T[],
  fallback: T,
): T {
  let value: string | null;
  try {
    value = storage?.getItem(key) ?? null;
  } catch {
    value = null;
  }
  return value !== null && (tabs as readonly string[]).includes(value) ? (value as T) : fallback;
}

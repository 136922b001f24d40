import { RECENT_ACTIVITY_PAGE_SIZE } from '@strata/core';
import type { ListQuery } from '@strata/core';
import { listStateToSearch } from '../../components/ListView/listState';
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

/** Number of favourites shown per section. */
export const FAVORITES_PAGE_SIZE = 5;

export function recentActivityUrl(): string {
  return `/api/v1/log/recent_activity/?q=${risonParam({ page: 0, page_size: RECENT_ACTIVITY_PAGE_SIZE })}`;
}

/** The list query of a favourites section. */
export function favoritesQuery(kind: 'dashboard' | 'chart'): ListQuery {
  return {
    filters: [{ col: 'id', opr: `${kind}_is_favorite`, value: true }],
    order_column: SORT_BY_CHANGED.column,
    order_direction: SORT_BY_CHANGED.direction,
    page: 0,
    page_size: FAVORITES_PAGE_SIZE,
  };
}

/** The list page showing only favourites (the list pages' `favorite` filter). */
export function favoritesListLink(listPath: string): string {
  const search = listStateToSearch(
    { pageIndex: 0, sort: SORT_BY_CHANGED, filters: { favorite: { value: true, label: 'Yes' } } },
    SORT_BY_CHANGED,
  );
  return `${listPath}?${search}`;
}

/** What kind of thing a recent activity item is, for its icon. */
export function activityKind(itemType: string): 'dashboard' | 'chart' | 'query' | 'other' {
  const t = itemType.toLowerCase();
  if (t === 'dashboard') return 'dashboard';
  if (t === 'slice' || t === 'chart') return 'chart';
  if (t === 'sqllab' || t === 'saved_query' || t === 'query') return 'query';
  return 'other';
}

import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import { parseListState } from '../../components/ListView/listState';
import { SORT_BY_CHANGED } from '../lists/common';
import {
  HOME_TAB_KEYS,
  LIST_TABS,
  activityKind,
  activityListUrl,
  changedItems,
  favoritesListLink,
  homeListUrl,
  recentActivityUrl,
  storedTab,
  viewAllLink,
  viewedItems,
} from './home';

const qOf = (url: string) => risonDecode(new URL(url, 'http://x').searchParams.get('q') ?? '');

describe('home calls', () => {
  it('asks for five recent items', () => {
    expect(qOf(recentActivityUrl())).toEqual({ page: 0, page_size: 5 });
  });

  it('filters the Dashboards and Charts tabs: Favorite, Mine, Other', () => {
    expect(qOf(homeListUrl('chart', 'Favorite', 7))).toMatchObject({
      filters: [{ col: 'id', opr: 'chart_is_favorite', value: true }],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page_size: 5,
    });
    expect(qOf(homeListUrl('dashboard', 'Mine', 7))).toMatchObject({
      filters: [{ col: 'owners', opr: 'rel_m_m', value: 7 }],
    });
    expect(qOf(homeListUrl('dashboard', 'Other', 7))).toMatchObject({
      filters: [{ col: 'created_by', opr: 'nrel_o_m', value: 7 }],
    });
    expect(qOf(homeListUrl('saved_query', 'Mine', 7))).toMatchObject({
      filters: [{ col: 'created_by', opr: 'rel_o_m', value: 7 }],
    });
    expect(homeListUrl('saved_query', 'Mine', 7)).toMatch(/^\/api\/v1\/saved_query\/\?q=/);
  });

  it('asks for what the user edited or created', () => {
    expect(qOf(activityListUrl('chart', 'Edited', 3))).toMatchObject({
      filters: [{ col: 'changed_by', opr: 'rel_o_m', value: 3 }],
    });
    expect(qOf(activityListUrl('dashboard', 'Created', 3))).toMatchObject({
      filters: [{ col: 'created_by', opr: 'rel_o_m', value: 3 }],
    });
  });
});

describe('home items', () => {
  it('says when an item was viewed', () => {
    expect(
      viewedItems([
        {
          action: 'mount_dashboard',
          item_title: 'Sales',
          item_type: 'dashboard',
          item_url: '/superset/dashboard/2/',
          time: 1,
          time_delta_humanized: 'a minute ago',
        },
      ]),
    ).toEqual([
      {
        key: '/superset/dashboard/2/-0',
        kind: 'dashboard',
        title: 'Sales',
        url: '/superset/dashboard/2/',
        meta: 'Viewed a minute ago',
      },
    ]);
  });

  it('keeps at most three of each kind, the latest change first', () => {
    const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T00:00:00Z`;
    const dashboards = [5, 4, 3, 2].map((d) => ({
      id: d,
      dashboard_title: `D${d}`,
      url: `/d/${d}`,
      changed_on_utc: at(d * 2),
    }));
    const charts = [9, 1].map((c) => ({
      id: c,
      slice_name: `C${c}`,
      changed_on_utc: at(c * 2 + 1),
      changed_on_delta_humanized: 'now',
    }));
    const items = changedItems(dashboards, charts);
    expect(items.map((i) => i.title)).toEqual(['C9', 'D5', 'D4', 'D3', 'C1']);
    expect(items[0]).toMatchObject({ kind: 'chart', url: null, meta: 'Modified now' });
    expect(items[1]).toMatchObject({ kind: 'dashboard', url: '/d/5', meta: null });
  });

  it('names the kind of a recent item', () => {
    expect(activityKind('slice')).toBe('chart');
    expect(activityKind('dashboard')).toBe('dashboard');
    expect(activityKind('saved_query')).toBe('query');
    expect(activityKind('whatever')).toBe('other');
  });
});

describe('home tabs', () => {
  it('links "View all" to the list, filtered on favourites for Favorite', () => {
    const link = favoritesListLink('/chart/list/');
    const [path, search] = link.split('?');
    expect(path).toBe('/chart/list/');
    const state = parseListState(search ?? '', {
      defaultSort: SORT_BY_CHANGED,
      filters: [
        { kind: 'select', id: 'favorite', label: 'Favorite', col: 'id', opr: 'x', options: [] },
      ],
    });
    expect(state.filters).toEqual({ favorite: { value: true, label: 'Yes' } });
    expect(viewAllLink('/chart/list/', 'Favorite')).toBe(link);
    expect(viewAllLink('/chart/list/', 'Mine')).toBe('/chart/list/');
  });

  it('reads a stored tab only when it is one of the tabs', () => {
    const storage = (v: string | null) => ({ getItem: () => v });
    expect(storedTab(storage('Mine'), HOME_TAB_KEYS.chart, LIST_TABS, 'Favorite')).toBe('Mine');
    expect(storedTab(storage('Bogus'), HOME_TAB_KEYS.chart, LIST_TABS, 'Favorite')).toBe(
      'Favorite',
    );
    expect(storedTab(null, HOME_TAB_KEYS.chart, LIST_TABS, 'Other')).toBe('Other');
    const throwing = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(storedTab(throwing, HOME_TAB_KEYS.chart, LIST_TABS, 'Mine')).toBe('Mine');
  });
});

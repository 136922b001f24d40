import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import { parseListState } from '../../components/ListView/listState';
import { SORT_BY_CHANGED } from '../lists/common';
import { activityKind, favoritesListLink, favoritesQuery, recentActivityUrl } from './home';

describe('home helpers', () => {
  it('asks for five recent items', () => {
    const q = new URL(recentActivityUrl(), 'http://x').searchParams.get('q') ?? '';
    expect(risonDecode(q)).toEqual({ page: 0, page_size: 5 });
  });

  it('filters favourites', () => {
    expect(favoritesQuery('chart').filters).toEqual([
      { col: 'id', opr: 'chart_is_favorite', value: true },
    ]);
    expect(favoritesQuery('dashboard').page_size).toBe(5);
  });

  it('links to the list filtered on favourites', () => {
    const link = favoritesListLink('/dashboard/list/');
    expect(link.startsWith('/dashboard/list/?')).toBe(true);
    const state = parseListState(link.split('?')[1] ?? '', {
      defaultSort: SORT_BY_CHANGED,
      filters: [
        { kind: 'select', id: 'favorite', label: 'Favorite', col: 'id', opr: 'x', options: [] },
      ],
    });
    expect(state.filters).toEqual({ favorite: { value: true, label: 'Yes' } });
  });

  it('classifies activity', () => {
    expect(activityKind('slice')).toBe('chart');
    expect(activityKind('dashboard')).toBe('dashboard');
    expect(activityKind('sqllab')).toBe('query');
    expect(activityKind('x')).toBe('other');
  });
});

import { describe, expect, it } from 'vitest';
import {
  YES_NO,
  databaseFilter,
  distinctFilter,
  favoriteFilter,
  ownersFilter,
  relatedFilter,
  schemaFilter,
  searchFilter,
  yesNoFilter,
} from './commonFilters';
import type { ListFilterDef } from './types';

describe('searchFilter', () => {
  it('is "Name", contains, under the URL key search by default', () => {
    expect(searchFilter('slice_name')).toEqual({
      kind: 'search',
      id: 'search',
      label: 'Name',
      col: 'slice_name',
      opr: 'ct',
    });
  });

  it('takes another label and operator', () => {
    expect(searchFilter('sql', { label: 'Search by query text' }).label).toBe(
      'Search by query text',
    );
    expect(searchFilter('dashboard_title', { opr: 'title_or_slug' })).toMatchObject({
      label: 'Name',
      opr: 'title_or_slug',
    });
  });
});

describe('async filters', () => {
  // [URL key and column, filter, label, operator, source]
  const cases: Array<[string, ListFilterDef, string, string, string]> = [
    ['owners', ownersFilter(), 'Owner', 'rel_m_m', 'related'],
    ['database', databaseFilter(), 'Database', 'rel_o_m', 'related'],
    ['schema', schemaFilter(), 'Schema', 'eq', 'distinct'],
    ['user', relatedFilter('user', 'User', 'rel_o_m'), 'User', 'rel_o_m', 'related'],
    ['viz_type', distinctFilter('viz_type', 'Type'), 'Type', 'eq', 'distinct'],
  ];

  it.each(cases)('%s', (column, filter, label, opr, source) => {
    expect(filter).toEqual({ kind: 'async', id: column, label, col: column, opr, source, column });
  });
});

describe('yes/no filters', () => {
  it('YES_NO is true for Yes and false for No', () => {
    expect(YES_NO).toEqual([
      { label: 'Yes', value: true },
      { label: 'No', value: false },
    ]);
  });

  it('yesNoFilter: equality on a boolean column, under its name', () => {
    expect(yesNoFilter('allow_run_async', 'AQE')).toEqual({
      kind: 'select',
      id: 'allow_run_async',
      label: 'AQE',
      col: 'allow_run_async',
      opr: 'eq',
      options: YES_NO,
    });
  });

  it('favoriteFilter: on the id, with the given operator, under favorite', () => {
    expect(favoriteFilter('chart_is_favorite')).toEqual({
      kind: 'select',
      id: 'favorite',
      label: 'Favorite',
      col: 'id',
      opr: 'chart_is_favorite',
      options: YES_NO,
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildListQuery,
  listStateToSearch,
  pageCount,
  parseListState,
  withFilter,
  withSort,
} from './listState';
import type { ListFilterDef, ListState, SortState } from './types';

const defaultSort: SortState = { column: 'changed_on_delta_humanized', direction: 'desc' };
const filters: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'dashboard_title', opr: 'title_or_slug' },
  {
    kind: 'select',
    id: 'status',
    label: 'Status',
    col: 'published',
    opr: 'eq',
    options: [
      { label: 'Published', value: true },
      { label: 'Draft', value: false },
    ],
  },
  {
    kind: 'async',
    id: 'owners',
    label: 'Owner',
    col: 'owners',
    opr: 'rel_m_m',
    source: 'related',
    column: 'owners',
  },
];
const options = {
  defaultSort,
  filters,
  sortKeys: ['dashboard_title', 'changed_on_delta_humanized'],
};

describe('parseListState', () => {
  it('gives the defaults for an empty URL', () => {
    expect(parseListState('', options)).toEqual({ pageIndex: 0, sort: defaultSort, filters: {} });
  });

  it('reads page, sort and filters', () => {
    const state = parseListState(
      "pageIndex=2&sortColumn=dashboard_title&sortOrder=asc&filters=(owners:(label:'Ada L',value:1),search:sales,status:!f)",
      options,
    );
    expect(state).toEqual({
      pageIndex: 2,
      sort: { column: 'dashboard_title', direction: 'asc' },
      filters: {
        owners: { value: 1, label: 'Ada L' },
        search: { value: 'sales' },
        status: { value: false },
      },
    });
  });

  it('ignores malformed or unknown parts', () => {
    const state = parseListState(
      'pageIndex=-3&sortColumn=password&filters=(nope:1,search:(x:1),status:!(1))',
      options,
    );
    expect(state).toEqual({ pageIndex: 0, sort: defaultSort, filters: {} });
    expect(parseListState('pageIndex=abc&filters=((((', options).filters).toEqual({});
  });
});

describe('listStateToSearch', () => {
  it('round-trips through the URL', () => {
    const state: ListState = {
      pageIndex: 1,
      sort: { column: 'dashboard_title', direction: 'asc' },
      filters: {
        search: { value: "it's a test" },
        owners: { value: 7, label: 'Bob' },
        status: { value: true, label: 'Published' },
      },
    };
    const search = listStateToSearch(state, defaultSort);
    expect(parseListState(search, options)).toEqual({
      ...state,
      filters: { ...state.filters, status: { value: true, label: 'Published' } },
    });
  });

  it('keeps the URL readable', () => {
    expect(
      listStateToSearch(
        {
          pageIndex: 2,
          sort: defaultSort,
          filters: { search: { value: 'a b+c&d' }, owners: { value: 3, label: 'Ada' } },
        },
        defaultSort,
      ),
    ).toBe("pageIndex=2&filters=(owners:(label:Ada,value:3),search:'a%20b%2Bc%26d')");
  });

  it('leaves defaults out', () => {
    expect(listStateToSearch({ pageIndex: 0, sort: defaultSort, filters: {} }, defaultSort)).toBe(
      '',
    );
  });
});

describe('buildListQuery', () => {
  it('turns filters into list filters', () => {
    const state = parseListState(
      'pageIndex=3&filters=(owners:(label:A,value:1),search:%27%20x%20%27,status:!t)',
      options,
    );
    expect(buildListQuery(state, filters, 25)).toEqual({
      filters: [
        { col: 'dashboard_title', opr: 'title_or_slug', value: 'x' },
        { col: 'published', opr: 'eq', value: true },
        { col: 'owners', opr: 'rel_m_m', value: 1 },
      ],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 3,
      page_size: 25,
    });
  });

  it('skips blank searches', () => {
    const state = withFilter(parseListState('', options), 'search', { value: '   ' });
    expect(buildListQuery(state, filters, 25).filters).toEqual([]);
  });
});

describe('state changes', () => {
  const start: ListState = { pageIndex: 4, sort: defaultSort, filters: { search: { value: 'a' } } };

  it('go back to the first page', () => {
    expect(withFilter(start, 'owners', { value: 2, label: 'B' })).toEqual({
      pageIndex: 0,
      sort: defaultSort,
      filters: { search: { value: 'a' }, owners: { value: 2, label: 'B' } },
    });
    expect(withFilter(start, 'search', null).filters).toEqual({});
    expect(withSort(start, { column: 'dashboard_title', direction: 'asc' }, defaultSort)).toEqual({
      ...start,
      pageIndex: 0,
      sort: { column: 'dashboard_title', direction: 'asc' },
    });
    expect(withSort(start, null, defaultSort).sort).toBe(defaultSort);
  });

  it('counts pages', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });
});

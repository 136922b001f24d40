import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import {
  bulkDeleteUrl,
  favoriteStatusUrl,
  favoriteUrl,
  infoUrl,
  listQueryToRison,
  listUrl,
  relatedUrl,
} from './urls';

function q(url: string): unknown {
  const param = new URL(url, 'http://x').searchParams.get('q');
  return param === null ? null : risonDecode(param);
}

describe('list urls', () => {
  it('encodes a list query as rison', () => {
    const url = listUrl('dashboard', {
      filters: [{ col: 'dashboard_title', opr: 'title_or_slug', value: "sales & co's" }],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(url.startsWith('/api/v1/dashboard/?q=')).toBe(true);
    expect(q(url)).toEqual({
      filters: [{ col: 'dashboard_title', opr: 'title_or_slug', value: "sales & co's" }],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
  });

  it('leaves out empty parts', () => {
    expect(listQueryToRison({ filters: [], page: 1 })).toEqual({ page: 1 });
  });

  it('builds the other resource urls', () => {
    expect(infoUrl('security/users')).toBe(
      '/api/v1/security/users/_info?q=' + encodeURIComponent('(keys:!(permissions))'),
    );
    expect(q(infoUrl('chart'))).toEqual({ keys: ['permissions'] });
    expect(q(relatedUrl('chart', 'related', 'owners', 'ad'))).toEqual({
      filter: 'ad',
      page: 0,
      page_size: 25,
    });
    expect(
      relatedUrl('dataset', 'distinct', 'schema', '').startsWith(
        '/api/v1/dataset/distinct/schema?q=',
      ),
    ).toBe(true);
    expect(q(bulkDeleteUrl('chart', [1, 2, 3]))).toEqual([1, 2, 3]);
    expect(bulkDeleteUrl('chart', [1, 2])).toBe('/api/v1/chart/?q=' + encodeURIComponent('!(1,2)'));
    expect(q(favoriteStatusUrl('dashboard', [4]))).toEqual([4]);
    expect(favoriteUrl('dashboard', 4)).toBe('/api/v1/dashboard/4/favorites/');
  });
});

import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import { asyncSelectEndpoint, withListFilter } from './asyncSelectApi';

describe('async select endpoint', () => {
  it("reads only this server's API paths", () => {
    expect(asyncSelectEndpoint('/api/v1/dashboard/')).toBe('/api/v1/dashboard/');
    expect(asyncSelectEndpoint('https://elsewhere.test/api/v1/x')).toBeNull();
    expect(asyncSelectEndpoint('/sliceasync/api/read')).toBeNull();
    expect(asyncSelectEndpoint(undefined)).toBeNull();
  });
});

describe('async select list filters', () => {
  const base =
    '/api/v1/chart/?q=(filters:!((col:viz_type,opr:sw,value:deck)),order_column:slice_name,page_size:100)';
  it('adds a filter to the list call, keeping its own', () => {
    const url = withListFilter(base, { col: 'slice_name', opr: 'ct', value: "SF's & (arcs)" })!;
    expect(url.startsWith('/api/v1/chart/?q=')).toBe(true);
    const q = new URLSearchParams(url.split('?')[1]).get('q')!;
    expect(risonDecode(q)).toEqual({
      filters: [
        { col: 'viz_type', opr: 'sw', value: 'deck' },
        { col: 'slice_name', opr: 'ct', value: "SF's & (arcs)" },
      ],
      order_column: 'slice_name',
      page_size: 100,
    });
    expect(withListFilter('/api/v1/chart/', { col: 'id', opr: 'in', value: [3, 4] })).toBe(
      `/api/v1/chart/?q=${encodeURIComponent('(filters:!((col:id,opr:in,value:!(3,4))))')}`,
    );
    expect(withListFilter('/api/v1/x/?q=!(1)', { col: 'id', opr: 'eq', value: 1 })).toBeNull();
    expect(withListFilter('/api/v1/x/?q=(((', { col: 'id', opr: 'eq', value: 1 })).toBeNull();
  });
});

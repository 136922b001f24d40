import { describe, expect, it } from 'vitest';
import { parseNativeFilters } from '../nativeFilters';
import {
  filterSetMetadata,
  masksFromFilterSet,
  matchingFilterSet,
  type FilterSet,
} from './filterSets';

const { filters } = parseNativeFilters([
  {
    id: 'NATIVE_FILTER-a',
    type: 'NATIVE_FILTER',
    name: 'State',
    filterType: 'filter_select',
    targets: [{ datasetId: 1, column: { name: 'state' } }],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  },
  {
    id: 'NATIVE_FILTER-b',
    type: 'NATIVE_FILTER',
    name: 'Time',
    filterType: 'filter_time',
    targets: [{}],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
  },
  { id: 'NATIVE_FILTER_DIVIDER-c', type: 'DIVIDER', title: 'More', description: '' },
]);

const ca = {
  extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] },
  filterState: { value: ['CA'] },
};

const set = (id: number, params: FilterSet['params']): FilterSet => ({
  id,
  name: `Set ${id}`,
  params,
  owner_id: 1,
  owner_type: 'Dashboard',
  dashboard_id: 1,
});

describe('filter sets', () => {
  it('keeps every native filter with its mask (empty when it has none), no dividers', () => {
    const meta = JSON.parse(filterSetMetadata(filters, { 'NATIVE_FILTER-a': ca }));
    expect(Object.keys(meta.nativeFilters)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
    expect(meta.nativeFilters['NATIVE_FILTER-a']).toMatchObject({
      name: 'State',
      filterType: 'filter_select',
    });
    expect(meta.dataMask).toEqual({
      'NATIVE_FILTER-a': ca,
      'NATIVE_FILTER-b': { extraFormData: {}, filterState: { value: null } },
    });
  });

  it('applies a whole state: kept masks, empty masks for the others, unknown ids reported', () => {
    const { masks, missing } = masksFromFilterSet(
      set(1, { dataMask: { 'NATIVE_FILTER-a': ca, 'NATIVE_FILTER-gone': ca } }),
      filters,
    );
    expect(masks).toEqual({
      'NATIVE_FILTER-a': ca,
      'NATIVE_FILTER-b': { extraFormData: {}, filterState: { value: null } },
    });
    expect(missing).toEqual(['NATIVE_FILTER-gone']);
    // A set without masks (or with odd ones) clears every filter.
    const odd = masksFromFilterSet(
      set(2, { dataMask: { 'NATIVE_FILTER-a': 'x' as never } }),
      filters,
    );
    expect(odd.masks['NATIVE_FILTER-a']).toEqual({
      extraFormData: {},
      filterState: { value: null },
    });
  });

  it('finds the set whose values are the applied ones', () => {
    const sets = [set(1, { dataMask: {} }), set(2, { dataMask: { 'NATIVE_FILTER-a': ca } })];
    expect(matchingFilterSet(sets, filters, { 'NATIVE_FILTER-a': ca })?.id).toBe(2);
    // Nothing applied (or emptied values) is the set that keeps nothing.
    expect(matchingFilterSet(sets, filters, {})?.id).toBe(1);
    expect(
      matchingFilterSet(sets, filters, {
        'NATIVE_FILTER-a': { filterState: { value: [] } },
      })?.id,
    ).toBe(1);
    expect(
      matchingFilterSet([sets[1]!], filters, {
        'NATIVE_FILTER-a': { filterState: { value: ['NY'] } },
      }),
    ).toBeNull();
    expect(matchingFilterSet(sets, [], {})).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { dashboardActions as a, dashboardReducer, initialDashboardState } from './dashboardSlice';
import { parseMetadata } from './metadata';
import { parseNativeFilters } from './nativeFilters';

const filter = (id: string, value: string[] | null) => ({
  id,
  type: 'NATIVE_FILTER',
  name: id,
  filterType: 'filter_select',
  targets: [{ datasetId: 1, column: { name: 'state' } }],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
  defaultDataMask: value
    ? {
        extraFormData: { filters: [{ col: 'state', op: 'IN', val: value }] },
        filterState: { value },
      }
    : {},
});

describe('dashboard state: data masks', () => {
  it('keeps a cleared native filter mask but drops a cleared cross filter', () => {
    let s = dashboardReducer(
      initialDashboardState,
      a.dataMaskSet({ id: 'NATIVE_FILTER-a', mask: { extraFormData: {}, filterState: {} } }),
    );
    expect(s.dataMasks['NATIVE_FILTER-a']).toEqual({ extraFormData: {}, filterState: {} });
    s = dashboardReducer(
      s,
      a.dataMaskSet({ id: 7, mask: { extraFormData: { filters: [] }, filterState: {} } }),
    );
    expect(s.dataMasks['7']).toBeUndefined();
  });

  it('applies the filter bar masks together', () => {
    const s = dashboardReducer(
      initialDashboardState,
      a.nativeFilterMasksApplied({
        'NATIVE_FILTER-a': { filterState: { value: ['CA'] } },
        'NATIVE_FILTER-b': { filterState: { value: null } },
      }),
    );
    expect(Object.keys(s.dataMasks)).toEqual(['NATIVE_FILTER-a', 'NATIVE_FILTER-b']);
  });

  it('after a new configuration: new or re-defaulted filters take their default, removed ones go', () => {
    const before = parseNativeFilters([
      filter('NATIVE_FILTER-keep', ['CA']),
      filter('NATIVE_FILTER-redefault', ['CA']),
      filter('NATIVE_FILTER-gone', null),
    ]).filters;
    let s = { ...initialDashboardState, nativeFilters: before };
    s = dashboardReducer(
      s,
      a.nativeFilterMasksApplied({
        'NATIVE_FILTER-keep': { filterState: { value: ['NY'] } },
        'NATIVE_FILTER-redefault': { filterState: { value: ['NY'] } },
        'NATIVE_FILTER-gone': { filterState: { value: ['NY'] } },
        '12': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
      }),
    );
    const after = parseNativeFilters([
      filter('NATIVE_FILTER-keep', ['CA']),
      filter('NATIVE_FILTER-redefault', ['TX']),
      filter('NATIVE_FILTER-new', ['WA']),
    ]).filters;
    s = dashboardReducer(
      s,
      a.nativeFiltersConfigured({ metadata: parseMetadata({}).metadata, filters: after }),
    );
    expect(s.nativeFilters).toBe(after);
    expect(s.dataMasks['NATIVE_FILTER-keep']).toEqual({ filterState: { value: ['NY'] } });
    expect(s.dataMasks['NATIVE_FILTER-redefault']?.filterState).toEqual({ value: ['TX'] });
    expect(s.dataMasks['NATIVE_FILTER-new']?.filterState).toEqual({ value: ['WA'] });
    expect(s.dataMasks['NATIVE_FILTER-gone']).toBeUndefined();
    // Cross filters are left alone.
    expect(s.dataMasks['12']).toBeDefined();
  });
});

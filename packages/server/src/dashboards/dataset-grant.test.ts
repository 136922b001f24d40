import { describe, expect, it } from 'vitest';
import { dashboardContextOf, nativeFilterTargets } from './dataset-grant.js';

describe('dashboardContextOf', () => {
  it('reads the dashboard, chart and native filter of the form data', () => {
    expect(dashboardContextOf({ dashboardId: 3, slice_id: '7' })).toEqual({
      dashboardId: 3,
      sliceId: 7,
      nativeFilterId: null,
      isNativeFilter: false,
    });
    expect(
      dashboardContextOf({ dashboardId: '3', type: 'NATIVE_FILTER', native_filter_id: 'NATIVE_1' }),
    ).toEqual({ dashboardId: 3, sliceId: null, nativeFilterId: 'NATIVE_1', isNativeFilter: true });
  });

  it('is null without a valid dashboard id', () => {
    expect(dashboardContextOf(undefined)).toBeNull();
    expect(dashboardContextOf({})).toBeNull();
    expect(dashboardContextOf({ dashboardId: 0 })).toBeNull();
    expect(dashboardContextOf({ dashboardId: '1 OR 1=1' })).toBeNull();
    expect(dashboardContextOf({ dashboardId: 2 ** 40 })).toBeNull();
  });
});

describe('nativeFilterTargets', () => {
  const meta = JSON.stringify({
    native_filter_configuration: [
      { id: 'NATIVE_1', targets: [{ datasetId: 5, column: { name: 'region' } }] },
      { id: 'NATIVE_2', targets: [{ datasetId: 6 }] },
    ],
  });

  it('is true only for the named filter targeting the dataset', () => {
    expect(nativeFilterTargets(meta, 'NATIVE_1', 5)).toBe(true);
    expect(nativeFilterTargets(meta, 'NATIVE_1', 6)).toBe(false);
    expect(nativeFilterTargets(meta, 'NATIVE_2', 6)).toBe(true);
    expect(nativeFilterTargets(meta, 'NATIVE_3', 5)).toBe(false);
  });

  it('is false for missing or broken metadata', () => {
    expect(nativeFilterTargets(null, 'NATIVE_1', 5)).toBe(false);
    expect(nativeFilterTargets('{not json', 'NATIVE_1', 5)).toBe(false);
    expect(nativeFilterTargets('{"native_filter_configuration": {}}', 'NATIVE_1', 5)).toBe(false);
  });
});

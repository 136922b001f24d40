import { describe, expect, it } from 'vitest';
import { colorSchemeContext } from '@strata/charts';
import type { QueryFormData } from '@strata/core';
import {
  DASHBOARD_EXPLORE_CONTEXT_KEY,
  readDashboardExploreContext,
  saveDashboardExploreContext,
  withDashboardContext,
  withoutDashboardContext,
} from './dashboardContext';
import { chartBody } from './saveChart';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

const chart = {
  datasource: '3__table',
  viz_type: 'pie',
  color_scheme: 'bnbColors',
  slice_id: 7,
} as QueryFormData;

describe("a dashboard's context in Explore", () => {
  it('is kept under a page id and read back; unknown or broken entries read as none', () => {
    const storage = memoryStorage();
    saveDashboardExploreContext(storage, 'p1', {
      dashboardId: 5,
      labelColors: { boy: '#0000FF' },
      colorScheme: 'supersetColors',
    });
    expect(readDashboardExploreContext(storage, 'p1')).toEqual({
      dashboardId: 5,
      labelColors: { boy: '#0000FF' },
      colorScheme: 'supersetColors',
    });
    expect(readDashboardExploreContext(storage, 'other')).toBeNull();
    expect(readDashboardExploreContext(storage, null)).toBeNull();
    storage.setItem(DASHBOARD_EXPLORE_CONTEXT_KEY, '{not json');
    expect(readDashboardExploreContext(storage, 'p1')).toBeNull();
  });

  it('drops contexts older than a day when a new one is written', () => {
    const storage = memoryStorage();
    const ctx = { dashboardId: 1, labelColors: {}, colorScheme: null };
    saveDashboardExploreContext(storage, 'old', ctx, 0);
    saveDashboardExploreContext(storage, 'new', ctx, 2 * 24 * 3600 * 1000);
    expect(readDashboardExploreContext(storage, 'old')).toBeNull();
    expect(readDashboardExploreContext(storage, 'new')).not.toBeNull();
  });

  it("draws in the dashboard's scheme, and the control says why (spec 001 §8)", () => {
    const fd = withDashboardContext(chart, {
      dashboardId: 5,
      labelColors: {},
      colorScheme: 'supersetColors',
    });
    expect(fd.color_scheme).toBe('supersetColors');
    expect(colorSchemeContext(fd)).toEqual({
      dashboardId: 5,
      hasDashboardColorScheme: true,
      hasCustomLabelsColor: false,
    });
    const labels = withDashboardContext(chart, {
      dashboardId: 5,
      labelColors: { boy: '#0000FF' },
      colorScheme: null,
    });
    expect(labels.color_scheme).toBe('bnbColors');
    expect(colorSchemeContext(labels).hasCustomLabelsColor).toBe(true);
    expect(colorSchemeContext(labels).hasDashboardColorScheme).toBe(false);
    expect(colorSchemeContext(chart)).toEqual({
      dashboardId: null,
      hasDashboardColorScheme: false,
      hasCustomLabelsColor: false,
    });
  });

  it("saves the chart with its own scheme, without the dashboard's context", () => {
    const fd = withDashboardContext(chart, {
      dashboardId: 5,
      labelColors: { boy: '#0000FF' },
      colorScheme: 'supersetColors',
    });
    expect(withoutDashboardContext(fd)).toEqual(chart);
    const body = chartBody(
      {
        action: 'overwrite',
        sliceId: 7,
        sliceName: 'Pie',
        formData: fd,
        dashboard: null,
        currentDashboards: [5],
      },
      null,
    );
    const params = JSON.parse(String(body.params)) as Record<string, unknown>;
    expect(params.color_scheme).toBe('bnbColors');
    for (const k of ['dashboardId', 'label_colors', 'dashboard_color_scheme', 'own_color_scheme'])
      expect(params).not.toHaveProperty(k);
  });
});

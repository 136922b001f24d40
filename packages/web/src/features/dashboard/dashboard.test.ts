import { describe, expect, it } from 'vitest';
import type { DashboardLayout } from '@strata/core';
import { appliedCrossFilters, dashboardChartFormData, dashboardLabelColors } from './chartFormData';
import { dropResultFor } from './components/dnd';
import { sanitizeCss } from './css';
import { columnWidth, heightToPx, unitsToPx } from './grid';
import { appendMissingCharts, defaultActiveTabs, shownTab } from './loadDashboard';
import { chartsToAutoRefresh, parseMetadata, refreshDelays } from './metadata';
import { addressAfterSave, readDashboardParams, withoutFocusedChart } from './params';
import { parseStoredFilterState } from './urlState';
import { browserTabId, searchWithFilterKey } from './useKeptFilterState';
import { tabsRevealing, visibleChartIds, withTabOpened } from './visibility';
import type { DashboardChart } from './types';

const tabbed: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [] },
  'TABS-1': { id: 'TABS-1', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['ROW-1'], meta: { text: 'A' } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: ['ROW-2'], meta: { text: 'B' } },
  'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-1'] },
  'ROW-2': { id: 'ROW-2', type: 'ROW', children: ['CHART-2'] },
  'CHART-1': {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    meta: { chartId: 1, width: 4, height: 50 },
  },
  'CHART-2': {
    id: 'CHART-2',
    type: 'CHART',
    children: [],
    meta: { chartId: 2, width: 4, height: 50 },
  },
};

describe('dashboard metadata', () => {
  it('parses with Superset defaults and reports corrupt values', () => {
    const ok = parseMetadata('{"refresh_frequency": 30, "label_colors": {"boy": "#f00", "x": 1}}');
    expect(ok.problems).toEqual([]);
    expect(ok.metadata).toMatchObject({
      refresh_frequency: 30,
      label_colors: { boy: '#f00' },
      stagger_refresh: true,
      stagger_time: 5000,
      cross_filters_enabled: true,
    });
    const bad = parseMetadata('{oops');
    expect(bad.problems).toHaveLength(1);
    expect(bad.metadata.refresh_frequency).toBe(0);
    expect(parseMetadata('[1]').problems).toHaveLength(1);
  });

  it('staggers periodic refreshes and leaves immune charts', () => {
    const { metadata } = parseMetadata({ timed_refresh_immune_slices: [2] });
    expect(chartsToAutoRefresh([1, 2, 3], metadata)).toEqual([1, 3]);
    expect([...refreshDelays([1, 3, 4], 10_000, metadata).values()]).toEqual([0, 5000, 10000]);
    const off = parseMetadata({ stagger_refresh: false }).metadata;
    expect([...refreshDelays([1, 3], 10_000, off).values()]).toEqual([0, 0]);
  });
});

describe('dashboard address', () => {
  it('reads id or slug and the URL parameters', () => {
    const p = readDashboardParams(
      '/superset/dashboard/births/',
      '?edit=true&standalone=1&focused_chart=7&permalink_key=abc_1&preselect_filters={"3":{"state":["CA"]}}' +
        '&native_filters_key=k_9&native_filters=(F:(id:F))',
    );
    expect(p).toEqual({
      idOrSlug: 'births',
      edit: true,
      standalone: true,
      reportMode: false,
      focusedChart: 7,
      permalinkKey: 'abc_1',
      preselectFilters: { '3': { state: ['CA'] } },
      nativeFiltersKey: 'k_9',
      nativeFilters: '(F:(id:F))',
    });
    expect(readDashboardParams('/dashboard/1/', '?native_filters_key=../x').nativeFiltersKey).toBe(
      null,
    );
    const report = readDashboardParams('/dashboard/1/', '?standalone=3');
    expect([report.standalone, report.reportMode]).toEqual([true, true]);
    expect(readDashboardParams('/dashboard/1/', '?standalone=2').reportMode).toBe(false);
    expect(readDashboardParams('/dashboard/12', '').idOrSlug).toBe('12');
    expect(readDashboardParams('/dashboard/list/', '').idOrSlug).toBeNull();
    expect(readDashboardParams('/dashboard/a b/', '').idOrSlug).toBeNull();
    expect(
      readDashboardParams('/dashboard/1/', '?preselect_filters={bad').preselectFilters,
    ).toEqual({});
  });

  it('drops focused_chart once used', () => {
    expect(withoutFocusedChart('?focused_chart=3&edit=true')).toBe('?edit=true');
    expect(withoutFocusedChart('?focused_chart=3')).toBe('');
    expect(withoutFocusedChart('?edit=true')).toBeNull();
  });

  it('moves to the slug or id, out of edit mode, after a save', () => {
    expect(addressAfterSave({ id: 7, slug: null }, '?edit=true')).toBe('/superset/dashboard/7/');
    expect(addressAfterSave({ id: 7, slug: 'births' }, '?edit=true&native_filters_key=k1')).toBe(
      '/superset/dashboard/births/?native_filters_key=k1',
    );
    expect(addressAfterSave({ id: 7, slug: ' ' }, '?focused_chart=2&edit=true')).toBe(
      '/superset/dashboard/7/',
    );
  });
});

describe('charts on the dashboard', () => {
  const meta = parseMetadata({
    color_scheme: 'bnbColors',
    label_colors: { a: '#111' },
    shared_label_colors: { a: '#222', b: '#333' },
  }).metadata;
  const ds = {
    id: 1,
    type: 'table',
    columns: [{ column_name: 'state' }, { column_name: 'gender' }],
    metrics: [],
  };

  it('applies the scheme, cross filters from other charts on known columns, and preselect filters', () => {
    const fd = dashboardChartFormData(
      { datasource: '1__table', viz_type: 'pie' },
      5,
      9,
      meta,
      [
        {
          chartId: 5,
          mask: { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['NY'] }] } },
        },
        {
          chartId: 6,
          mask: { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] } },
        },
        {
          chartId: 7,
          mask: { extraFormData: { filters: [{ col: 'other', op: 'IN', val: ['x'] }] } },
        },
      ],
      { '3': { state: ['CA'], __time_range: 'x' } },
      ds,
    );
    expect(fd).toMatchObject({ slice_id: 5, dashboardId: 9, color_scheme: 'bnbColors' });
    expect(fd.extra_form_data).toEqual({
      filters: [
        { col: 'gender', op: 'IN', val: ['boy'] },
        { col: 'state', op: 'IN', val: ['CA'] },
      ],
    });
    const off = { ...meta, cross_filters_enabled: false };
    expect(
      dashboardChartFormData(
        { datasource: '1__table', viz_type: 'pie' },
        5,
        9,
        off,
        [
          {
            chartId: 6,
            mask: { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] } },
          },
        ],
        {},
        ds,
      ).extra_form_data,
    ).toBeUndefined();
  });

  it('puts native filters first, then cross filters; time overrides kept', () => {
    const fd = dashboardChartFormData(
      { datasource: '1__table', viz_type: 'pie' },
      5,
      9,
      meta,
      [
        {
          chartId: 6,
          mask: { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['boy'] }] } },
        },
      ],
      {},
      ds,
      { filters: [{ col: 'state', op: 'IN', val: ['TX'] }], time_range: 'Last year' },
    );
    expect(fd.extra_form_data).toEqual({
      filters: [
        { col: 'state', op: 'IN', val: ['TX'] },
        { col: 'gender', op: 'IN', val: ['boy'] },
      ],
      time_range: 'Last year',
    });
  });

  it('names the cross filters in force by the chart that set them', () => {
    const charts = { 6: { id: 6, slice_name: 'By state' } as DashboardChart };
    expect(
      appliedCrossFilters(
        {
          '6': { extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA', 'NY'] }] } },
          '7': { extraFormData: { filters: [{ col: 'gender', op: 'IN', val: [null] }] } },
          'NATIVE_FILTER-1': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
          '8': { extraFormData: {} },
        },
        charts,
      ),
    ).toEqual([
      { id: '6', name: 'By state', value: 'state: CA, NY' },
      { id: '7', name: 'Chart 7', value: 'gender: N/A' },
    ]);
  });

  it('shares label colours, the dashboard’s own first', () => {
    expect(dashboardLabelColors(meta)).toEqual({ a: '#111', b: '#333' });
  });
});

describe('layout on the page', () => {
  it('places charts the layout misses in rows of three at the end', () => {
    const charts = [1, 2, 3, 4, 5].map((id) => ({ id, slice_name: `c${id}` }) as DashboardChart);
    let n = 0;
    const next = appendMissingCharts(tabbed, charts, () => ((n++ * 7919) % 1000) / 1000);
    const added = Object.values(next).filter(
      (c) => c.type === 'CHART' && ![1, 2].includes(c.meta!.chartId!),
    );
    expect(added.map((c) => c.meta!.chartId)).toEqual([3, 4, 5]);
    expect(next['TAB-a']!.children).toHaveLength(2);
    expect(appendMissingCharts(tabbed, charts.slice(0, 2))).toBe(tabbed);
  });

  it('opens the first tab of each group; charts of hidden tabs are not visible', () => {
    const active = defaultActiveTabs(tabbed);
    expect(active).toEqual(['TAB-a']);
    expect(shownTab(tabbed, 'TABS-1', active)).toBe('TAB-a');
    expect(visibleChartIds(tabbed, active)).toEqual([1]);
    const opened = withTabOpened(tabbed, active, 'TAB-b');
    expect(opened).toEqual(['TAB-b']);
    expect(visibleChartIds(tabbed, opened)).toEqual([2]);
    expect(tabsRevealing(tabbed, 'CHART-2')).toEqual(['TAB-b']);
  });

  it('sizes the 12-column grid', () => {
    const col = columnWidth(1184);
    expect(col).toBe(84);
    expect(unitsToPx(4, col)).toBe(4 * 84 + 3 * 16);
    expect(unitsToPx(12, col)).toBe(1184);
    expect(heightToPx(50)).toBe(400);
  });

  it('turns drops into layout edits, counting the item that leaves', () => {
    const item = {
      kind: 'layout' as const,
      id: 'CHART-1',
      type: 'CHART' as const,
      parentId: 'ROW-1',
      index: 0,
    };
    expect(dropResultFor(item, { parentId: 'ROW-1', index: 0 })).toBeNull();
    expect(dropResultFor(item, { parentId: 'ROW-1', index: 1 })).toBeNull();
    expect(
      dropResultFor({ ...item, index: 0 }, { parentId: 'ROW-1', index: 3 })?.destination,
    ).toEqual({ id: 'ROW-1', index: 2 });
    expect(dropResultFor(item, { parentId: 'ROW-2', index: 1 })).toEqual({
      source: { id: 'ROW-1', index: 0 },
      destination: { id: 'ROW-2', index: 1 },
      dragging: { id: 'CHART-1', type: 'CHART' },
    });
    expect(
      dropResultFor({ kind: 'new', type: 'HEADER' }, { parentId: 'GRID_ID', index: 0 }),
    ).toEqual({
      destination: { id: 'GRID_ID', index: 0 },
      dragging: { type: 'HEADER' },
    });
  });

  it('keeps custom CSS from loading or running anything', () => {
    const css = sanitizeCss(
      '@import url(http://x.test/a.css); .a { background: url(http://x.test/t.png); } </style><script>alert(1)</script> .b { width: expression(alert(1)); behavior: url(x.htc) }',
    );
    expect(css).not.toMatch(/@import|http:|<\/style|expression\(|behavior:/i);
    expect(sanitizeCss('.c { background: url(data:image/png;base64,AA) }')).toContain(
      'data:image/png',
    );
  });
});

describe('filter state in the address', () => {
  it('reads a stored filter state: masks by id, non-objects dropped', () => {
    expect(
      parseStoredFilterState(
        JSON.stringify({ 'NATIVE_FILTER-1': { extraFormData: { time_range: 'Last week' } }, x: 3 }),
      ),
    ).toEqual({ 'NATIVE_FILTER-1': { extraFormData: { time_range: 'Last week' } } });
    expect(parseStoredFilterState('[1]')).toBeNull();
    expect(parseStoredFilterState('{bad')).toBeNull();
  });

  it('puts the kept key in the address in place of the state it replaces', () => {
    expect(searchWithFilterKey('?native_filters=(a:1)&permalink_key=p1&standalone=1', 'k2')).toBe(
      '?standalone=1&native_filters_key=k2',
    );
    expect(searchWithFilterKey('?native_filters_key=old', 'new')).toBe('?native_filters_key=new');
  });

  it('keeps one id per browser tab', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    const id = browserTabId(storage);
    expect(id).toBeGreaterThan(0);
    expect(browserTabId(storage)).toBe(id);
    expect(browserTabId(null)).toBeGreaterThan(0);
  });
});

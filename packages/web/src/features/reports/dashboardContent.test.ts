import { describe, expect, it } from 'vitest';
import {
  cleanReportView,
  dashboardTabs,
  reportFilterValues,
  reportableFilters,
  withReportFilterValues,
  withReportTabs,
} from './dashboardContent';

const position = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'] },
  'TABS-top': { id: 'TABS-top', type: 'TABS', children: ['TAB-a', 'TAB-b'] },
  'TAB-a': { id: 'TAB-a', type: 'TAB', children: ['TABS-in'], meta: { text: 'Sales' } },
  'TABS-in': { id: 'TABS-in', type: 'TABS', children: ['TAB-a1', 'TAB-a2'] },
  'TAB-a1': { id: 'TAB-a1', type: 'TAB', children: [], meta: { text: 'Europe' } },
  'TAB-a2': { id: 'TAB-a2', type: 'TAB', children: [], meta: { text: ' ' } },
  'TAB-b': { id: 'TAB-b', type: 'TAB', children: [], meta: { text: 'Costs' } },
  'TAB-orphan': { id: 'TAB-orphan', type: 'TAB', children: [], meta: { text: 'Lost' } },
};

const gender = {
  id: 'NATIVE_FILTER-gender',
  type: 'NATIVE_FILTER',
  name: 'Gender',
  filterType: 'filter_select',
  targets: [{ datasetId: 3, column: { name: 'gender' } }],
  controlValues: { multiSelect: true },
  defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
  cascadeParentIds: [],
  scope: { rootPath: ['ROOT_ID'], excluded: [] },
};

const metadata = {
  native_filter_configuration: [
    gender,
    { ...gender, id: 'NATIVE_FILTER-time', name: 'Time', filterType: 'filter_time', targets: [{}] },
    { id: 'DIVIDER-1', type: 'DIVIDER', name: 'Section' },
    { ...gender, id: 'NATIVE_FILTER-nocol', targets: [{ datasetId: 3 }] },
  ],
};

describe('dashboardTabs', () => {
  it('lists the tabs under the root with their parents, from JSON text or an object', () => {
    const expected = [
      { value: 'TAB-a', label: 'Sales' },
      { value: 'TAB-a1', label: 'Sales › Europe' },
      { value: 'TAB-a2', label: 'Sales › TAB-a2' },
      { value: 'TAB-b', label: 'Costs' },
    ];
    expect(dashboardTabs(position)).toEqual(expected);
    expect(dashboardTabs(JSON.stringify(position))).toEqual(expected);
  });

  it('reads nothing from junk', () => {
    expect(dashboardTabs('{not json')).toEqual([]);
    expect(dashboardTabs(null)).toEqual([]);
  });
});

describe('report filters', () => {
  it('offers the select filters on a dataset column', () => {
    expect(reportableFilters(JSON.stringify(metadata)).map((f) => f.id)).toEqual([
      'NATIVE_FILTER-gender',
    ]);
    expect(reportableFilters('nope')).toEqual([]);
  });

  it('sets and reads a filter value as a data mask', () => {
    const [filter] = reportableFilters(metadata);
    if (!filter) throw new Error('no filter');
    const view = withReportFilterValues({ activeTabs: ['TAB-a'] }, filter, ['girl']);
    expect(view).toEqual({
      activeTabs: ['TAB-a'],
      dataMask: {
        'NATIVE_FILTER-gender': {
          id: 'NATIVE_FILTER-gender',
          extraFormData: { filters: [{ col: 'gender', op: 'IN', val: ['girl'] }] },
          filterState: { value: ['girl'], label: 'girl' },
        },
      },
    });
    expect(reportFilterValues(view, filter)).toEqual(['girl']);
    const cleared = withReportFilterValues(view, filter, []);
    expect(cleared.dataMask).toEqual({});
    expect(reportFilterValues(cleared, filter)).toEqual([]);
  });
});

describe('tabs and the saved view', () => {
  it('anchors a single tab', () => {
    expect(withReportTabs({}, ['TAB-b'])).toEqual({ activeTabs: ['TAB-b'], anchor: 'TAB-b' });
    expect(withReportTabs({ anchor: 'TAB-b' }, ['TAB-a', 'TAB-b'])).toEqual({
      activeTabs: ['TAB-a', 'TAB-b'],
    });
  });

  it('drops what the dashboard no longer has and empty parts', () => {
    const tabs = dashboardTabs(position);
    const filters = reportableFilters(metadata);
    expect(
      cleanReportView(
        {
          activeTabs: ['TAB-gone', 'TAB-b'],
          anchor: 'TAB-gone',
          dataMask: { 'NATIVE_FILTER-gone': {}, 'NATIVE_FILTER-gender': { id: 'x' } },
          urlParams: [['a', 'b']],
        },
        { tabs, filters },
      ),
    ).toEqual({
      activeTabs: ['TAB-b'],
      dataMask: { 'NATIVE_FILTER-gender': { id: 'x' } },
      urlParams: [['a', 'b']],
    });
    expect(cleanReportView({ activeTabs: [], anchor: '', dataMask: {} })).toEqual({});
    expect(cleanReportView(undefined)).toEqual({});
  });
});

import { describe, expect, it } from 'vitest';
import { risonEncode, type DashboardLayout, type RisonValue } from '@strata/core';
import type { DataMask } from '@strata/charts';
import {
  appliedNativeFilters,
  chartsInFilterScope,
  combineExtraFormData,
  filtersOutOfScope,
  initialDataMask,
  nativeExtraFormData,
  parseNativeFilters,
  parseNativeFiltersParam,
  refreshFilterScopes,
  type NativeFilter,
} from './nativeFilters';

const DATASET = 'e8623bb9-5e00-f531-506a-19607f5f8005';
const SALES_CHARTS = [111, 112, 113, 114, 115, 116, 117, 118, 119, 120];
const SALES_TABS = ['TAB-d-E0Zc1cTH', 'TAB-4fthLQmdX'];
const emptyMask = () => ({ extraFormData: {}, filterState: {}, ownState: {} });

/** The native filters of the Sales Dashboard bundle (Sales_Dashboard.yaml), as stored. */
const salesConfig = [
  {
    id: 'NATIVE_FILTER-HX2lV--YaAZRQfJ_yfYB2',
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
    },
    name: 'Country',
    filterType: 'filter_select',
    targets: [{ column: { name: 'country' }, datasetUuid: DATASET }],
    defaultDataMask: emptyMask(),
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: SALES_CHARTS,
    tabsInScope: SALES_TABS,
  },
  {
    id: 'NATIVE_FILTER-oCF7UtoHuDIBg44q5peth',
    controlValues: { enableEmptyFilter: false },
    name: 'Order Quantity',
    filterType: 'filter_range',
    targets: [{ column: { name: 'quantity_ordered' }, datasetUuid: DATASET }],
    defaultDataMask: emptyMask(),
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: SALES_CHARTS,
    tabsInScope: SALES_TABS,
  },
  {
    id: 'NATIVE_FILTER-V_UJOthxN8gCeYSD0id9b',
    controlValues: { enableEmptyFilter: false },
    name: 'Time Range',
    filterType: 'filter_time',
    targets: [{}],
    defaultDataMask: emptyMask(),
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: SALES_CHARTS,
    tabsInScope: SALES_TABS,
  },
  {
    id: 'NATIVE_FILTER-t8xOh3el1KBWWiCIF5hIN',
    controlValues: { enableEmptyFilter: false },
    name: 'Time Grain',
    filterType: 'filter_timegrain',
    targets: [{ datasetUuid: DATASET }],
    defaultDataMask: emptyMask(),
    cascadeParentIds: [],
    scope: { excluded: [], rootPath: ['ROOT_ID'] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: SALES_CHARTS,
    tabsInScope: SALES_TABS,
  },
  {
    id: 'NATIVE_FILTER-9tGcTjqhNxOgX2AEPLVil',
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
    },
    name: 'Postal Code',
    filterType: 'filter_select',
    targets: [{ column: { name: 'postal_code' }, datasetUuid: DATASET }],
    defaultDataMask: emptyMask(),
    cascadeParentIds: [],
    scope: { rootPath: ['ROOT_ID'], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: SALES_CHARTS,
    tabsInScope: SALES_TABS,
  },
];

const COUNTRY = 'NATIVE_FILTER-HX2lV--YaAZRQfJ_yfYB2';
const QUANTITY = 'NATIVE_FILTER-oCF7UtoHuDIBg44q5peth';
const TIME_RANGE = 'NATIVE_FILTER-V_UJOthxN8gCeYSD0id9b';
const TIME_GRAIN = 'NATIVE_FILTER-t8xOh3el1KBWWiCIF5hIN';
const POSTAL = 'NATIVE_FILTER-9tGcTjqhNxOgX2AEPLVil';

/** The Sales dashboard's charts on one grid (its filters are scoped to ROOT_ID). */
const salesLayout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: {
    id: 'GRID_ID',
    type: 'GRID',
    children: SALES_CHARTS.map((c) => `CHART-${c}`),
    parents: ['ROOT_ID'],
  },
  ...Object.fromEntries(
    SALES_CHARTS.map((c) => [
      `CHART-${c}`,
      {
        id: `CHART-${c}`,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID'],
        meta: { chartId: c, width: 4, height: 50 },
      },
    ]),
  ),
};

/**
 * Root → tabs: tab A holds a row with charts 1 and 2; tab B holds a row with chart 3 and a
 * column with chart 4. Chart 5 sits in a header-less row of nested tabs inside tab B.
 */
const layout: DashboardLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'] },
  'TABS-top': {
    id: 'TABS-top',
    type: 'TABS',
    children: ['TAB-a', 'TAB-b'],
    parents: ['ROOT_ID'],
  },
  'TAB-a': {
    id: 'TAB-a',
    type: 'TAB',
    children: ['ROW-a'],
    parents: ['ROOT_ID', 'TABS-top'],
    meta: { text: 'Overview' },
  },
  'TAB-b': {
    id: 'TAB-b',
    type: 'TAB',
    children: ['ROW-b', 'TABS-inner'],
    parents: ['ROOT_ID', 'TABS-top'],
    meta: { text: 'Details' },
  },
  'ROW-a': {
    id: 'ROW-a',
    type: 'ROW',
    children: ['CHART-1', 'CHART-2'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-a'],
  },
  'ROW-b': {
    id: 'ROW-b',
    type: 'ROW',
    children: ['CHART-3', 'COLUMN-b'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b'],
  },
  'COLUMN-b': {
    id: 'COLUMN-b',
    type: 'COLUMN',
    children: ['CHART-4'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'ROW-b'],
  },
  'TABS-inner': {
    id: 'TABS-inner',
    type: 'TABS',
    children: ['TAB-inner'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b'],
  },
  'TAB-inner': {
    id: 'TAB-inner',
    type: 'TAB',
    children: ['ROW-inner'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'TABS-inner'],
  },
  'ROW-inner': {
    id: 'ROW-inner',
    type: 'ROW',
    children: ['CHART-5', 'MARKDOWN-1'],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'TABS-inner', 'TAB-inner'],
  },
  'MARKDOWN-1': {
    id: 'MARKDOWN-1',
    type: 'MARKDOWN',
    children: [],
    meta: { code: '# Notes' },
  },
  'CHART-1': {
    id: 'CHART-1',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-a', 'ROW-a'],
    meta: { chartId: 1 },
  },
  'CHART-2': {
    id: 'CHART-2',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-a', 'ROW-a'],
    meta: { chartId: 2 },
  },
  'CHART-3': {
    id: 'CHART-3',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'ROW-b'],
    meta: { chartId: 3 },
  },
  'CHART-4': {
    id: 'CHART-4',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'ROW-b', 'COLUMN-b'],
    meta: { chartId: 4 },
  },
  'CHART-5': {
    id: 'CHART-5',
    type: 'CHART',
    children: [],
    parents: ['ROOT_ID', 'TABS-top', 'TAB-b', 'TABS-inner', 'TAB-inner', 'ROW-inner'],
    meta: { chartId: 5 },
  },
};

/** A filter of the hand-built dashboard: scoped by the layout (no saved chartsInScope). */
function layoutFilter(
  id: string,
  scope: { rootPath: string[]; excluded: number[] },
  more: Record<string, unknown> = {},
): NativeFilter {
  const { filters, problems } = parseNativeFilters([
    {
      id,
      type: 'NATIVE_FILTER',
      name: id,
      filterType: 'filter_select',
      targets: [{ datasetId: 7, column: { name: 'country' } }],
      controlValues: {},
      defaultDataMask: emptyMask(),
      cascadeParentIds: [],
      scope,
      ...more,
    },
  ]);
  expect(problems).toEqual([]);
  return filters[0]!;
}

const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

describe('parseNativeFilters', () => {
  it('reads the Sales Dashboard configuration', () => {
    const { filters, problems } = parseNativeFilters(salesConfig);
    expect(problems).toEqual([]);
    expect(filters.map((f) => [f.name, f.filterType])).toEqual([
      ['Country', 'filter_select'],
      ['Order Quantity', 'filter_range'],
      ['Time Range', 'filter_time'],
      ['Time Grain', 'filter_timegrain'],
      ['Postal Code', 'filter_select'],
    ]);
    expect(filters[0]).toEqual({
      id: COUNTRY,
      type: 'NATIVE_FILTER',
      name: 'Country',
      filterType: 'filter_select',
      description: '',
      targets: [{ column: { name: 'country' }, datasetUuid: DATASET }],
      controlValues: salesConfig[0]!.controlValues,
      defaultDataMask: emptyMask(),
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: SALES_CHARTS,
      tabsInScope: SALES_TABS,
    });
    // The time range filter has an empty target; the time grain one a dataset only.
    expect(filters[2]!.targets).toEqual([{}]);
    expect(filters[3]!.targets).toEqual([{ datasetUuid: DATASET }]);
  });

  it('keeps dividers, with their title, but never as filters', () => {
    const { filters, problems } = parseNativeFilters([
      { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Geography', description: 'Where' },
      salesConfig[0],
    ]);
    expect(problems).toEqual([]);
    expect(filters[0]).toMatchObject({
      id: 'NATIVE_FILTER_DIVIDER-1',
      type: 'DIVIDER',
      name: 'Geography',
      description: 'Where',
    });
    expect(chartsInFilterScope(filters[0]!, layout).size).toBe(0);
  });

  it('reports a configuration that is not a list', () => {
    expect(parseNativeFilters({ id: 'NATIVE_FILTER-x' })).toEqual({
      filters: [],
      problems: ['The native filter configuration is not a list: no native filters are used.'],
    });
    expect(parseNativeFilters('[]').filters).toEqual([]);
    expect(parseNativeFilters(undefined)).toEqual({ filters: [], problems: [] });
    expect(parseNativeFilters(null)).toEqual({ filters: [], problems: [] });
  });

  it('skips entries that are not objects or have no id, and repeated ids', () => {
    const { filters, problems } = parseNativeFilters([
      'NATIVE_FILTER-x',
      null,
      [salesConfig[0]],
      { ...salesConfig[1], id: undefined },
      { name: '', id: 42 },
      salesConfig[0],
      { ...salesConfig[0], name: 'Country again' },
    ]);
    expect(filters.map((f) => f.id)).toEqual([COUNTRY]);
    expect(filters[0]!.name).toBe('Country');
    expect(problems).toEqual([
      'Native filter 1 is not an object and is ignored.',
      'Native filter 2 is not an object and is ignored.',
      'Native filter 3 is not an object and is ignored.',
      'Native filter 4 ("Order Quantity") has no id and is ignored.',
      'Native filter 5 has no id and is ignored.',
      `Native filter 7 ("Country again") repeats the id ${COUNTRY} and is ignored.`,
    ]);
  });

  it('reads damaged fields with defaults', () => {
    const { filters, problems } = parseNativeFilters([
      {
        id: 'NATIVE_FILTER-old',
        filterType: 'filter_select',
        targets: [null, { datasetId: '12', column: { name: 'state' } }, 'x'],
        defaultDataMask: { extraFormData: 'nope', filterState: { value: ['CA'] } },
        controlValues: [],
        cascadeParentIds: ['NATIVE_FILTER-a', 3],
        scope: 'ROOT_ID',
        chartsInScope: [1, '2', 'three', 2.5],
      },
      {
        id: 'NATIVE_FILTER-odd',
        type: 'CHART_CUSTOMIZATION',
        name: 'Odd',
        scope: { rootPath: [] },
      },
    ]);
    expect(filters[0]).toMatchObject({
      type: 'NATIVE_FILTER',
      name: 'NATIVE_FILTER-old',
      targets: [{ datasetId: 12, column: { name: 'state' } }],
      defaultDataMask: { filterState: { value: ['CA'] } },
      controlValues: {},
      cascadeParentIds: ['NATIVE_FILTER-a'],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      chartsInScope: [1, 2],
    });
    expect(filters[0]!.defaultDataMask.extraFormData).toBeUndefined();
    expect(filters[1]).toMatchObject({
      type: 'NATIVE_FILTER',
      scope: { rootPath: [], excluded: [] },
    });
    expect(problems).toEqual([
      'Native filter 1 has no valid scope: it applies to the whole dashboard.',
      'Native filter 2 ("Odd") has an unknown type (CHART_CUSTOMIZATION): it is read as a filter.',
    ]);
  });
});

describe('chartsInFilterScope', () => {
  it('follows the scope, not a saved chartsInScope that may be stale', () => {
    // Scoped to ROOT_ID: the charts of the layout it is used on, whatever list was saved.
    const { filters } = parseNativeFilters(salesConfig);
    expect(sorted(chartsInFilterScope(filters[0]!, salesLayout))).toEqual(SALES_CHARTS);
    expect(sorted(chartsInFilterScope(filters[0]!, layout))).toEqual([1, 2, 3, 4, 5]);
    const stale = layoutFilter(
      'NATIVE_FILTER-n',
      { rootPath: ['ROOT_ID'], excluded: [] },
      { chartsInScope: [] },
    );
    expect(sorted(chartsInFilterScope(stale, layout))).toEqual([1, 2, 3, 4, 5]);
    // No root path: the saved list is all there is.
    const saved = layoutFilter(
      'NATIVE_FILTER-s',
      { rootPath: [], excluded: [] },
      { chartsInScope: [2] },
    );
    expect(sorted(chartsInFilterScope(saved, layout))).toEqual([2]);
    const none = layoutFilter('NATIVE_FILTER-z', { rootPath: [], excluded: [] });
    expect(chartsInFilterScope(none, layout).size).toBe(0);
  });

  it('takes every chart for ROOT_ID, minus the excluded ones', () => {
    const all = layoutFilter('NATIVE_FILTER-all', { rootPath: ['ROOT_ID'], excluded: [] });
    expect(sorted(chartsInFilterScope(all, layout))).toEqual([1, 2, 3, 4, 5]);
    const some = layoutFilter('NATIVE_FILTER-some', {
      rootPath: ['ROOT_ID'],
      excluded: [2, 5, 99],
    });
    expect(sorted(chartsInFilterScope(some, layout))).toEqual([1, 3, 4]);
  });

  it('takes the charts under the root path components (tabs, nested tabs, rows)', () => {
    const tabB = layoutFilter('NATIVE_FILTER-b', { rootPath: ['TAB-b'], excluded: [3] });
    expect(sorted(chartsInFilterScope(tabB, layout))).toEqual([4, 5]);
    const mixed = layoutFilter('NATIVE_FILTER-m', {
      rootPath: ['ROW-a', 'TAB-inner'],
      excluded: [],
    });
    expect(sorted(chartsInFilterScope(mixed, layout))).toEqual([1, 2, 5]);
  });

  it('finds charts through their parents when a children list is damaged', () => {
    const damaged: DashboardLayout = {
      ...layout,
      'COLUMN-b': { ...layout['COLUMN-b']!, children: [] },
    };
    const tabB = layoutFilter('NATIVE_FILTER-b', { rootPath: ['TAB-b'], excluded: [] });
    expect(sorted(chartsInFilterScope(tabB, damaged))).toEqual([3, 4, 5]);
  });

  it('adds nothing for a root path pointing to a missing component', () => {
    const gone = layoutFilter('NATIVE_FILTER-g', { rootPath: ['TAB-deleted'], excluded: [] });
    expect(chartsInFilterScope(gone, layout).size).toBe(0);
    const partly = layoutFilter('NATIVE_FILTER-p', {
      rootPath: ['TAB-deleted', 'TAB-a'],
      excluded: [],
    });
    expect(sorted(chartsInFilterScope(partly, layout))).toEqual([1, 2]);
    const empty = layoutFilter('NATIVE_FILTER-e', { rootPath: [], excluded: [] });
    expect(chartsInFilterScope(empty, layout).size).toBe(0);
  });

  it('survives a layout with a cycle', () => {
    const cyclic: DashboardLayout = {
      ...layout,
      'ROW-a': { ...layout['ROW-a']!, children: ['CHART-1', 'CHART-2', 'TAB-a'] },
    };
    const tabA = layoutFilter('NATIVE_FILTER-a', { rootPath: ['TAB-a'], excluded: [] });
    expect(sorted(chartsInFilterScope(tabA, cyclic))).toEqual([1, 2]);
  });
});

describe('initialDataMask', () => {
  const { filters } = parseNativeFilters([
    salesConfig[0],
    { id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: 'Time' },
    {
      ...salesConfig[2],
      defaultDataMask: {
        extraFormData: { time_range: 'Last year' },
        filterState: { value: 'Last year' },
        ownState: {},
      },
    },
  ]);
  const timeDefault = {
    id: TIME_RANGE,
    extraFormData: { time_range: 'Last year' },
    filterState: { value: 'Last year' },
    ownState: {},
  };

  it('starts each native filter from its default mask', () => {
    expect(initialDataMask(filters)).toEqual({
      [COUNTRY]: { id: COUNTRY, ...emptyMask() },
      [TIME_RANGE]: timeDefault,
    });
    expect(initialDataMask(filters, null)).toEqual(initialDataMask(filters));
  });

  it('lets the mask from the address win, part by part', () => {
    const country = {
      id: COUNTRY,
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France'] }] },
      filterState: { value: ['France'], label: 'France' },
      ownState: {},
    };
    const masks = initialDataMask(filters, {
      [COUNTRY]: country,
      // A legacy link carrying only the filter state: the default extra form data stays.
      [TIME_RANGE]: { filterState: { value: 'Last week' } },
    });
    expect(masks[COUNTRY]).toEqual(country);
    expect(masks[TIME_RANGE]).toEqual({ ...timeDefault, filterState: { value: 'Last week' } });
  });

  it('keeps cross filters from the address and drops other unknown ids', () => {
    const cross = { extraFormData: { filters: [{ col: 'deal_size', op: 'IN', val: ['Small'] }] } };
    const masks = initialDataMask(filters, {
      '117': cross,
      '0': cross,
      '-3': cross,
      'NATIVE_FILTER-deleted': cross,
      'NATIVE_FILTER_DIVIDER-x': cross,
      '12abc': cross,
      '118': 'garbage' as unknown as DataMask,
    });
    expect(Object.keys(masks).sort()).toEqual([COUNTRY, TIME_RANGE, '117'].sort());
    expect(masks['117']).toEqual({ id: '117', ...cross });
  });

  it('ignores a damaged mask for a configured filter', () => {
    const masks = initialDataMask(filters, {
      [TIME_RANGE]: { extraFormData: null, filterState: 'x' } as unknown as DataMask,
      [COUNTRY]: 7 as unknown as DataMask,
    });
    expect(masks[TIME_RANGE]).toEqual(timeDefault);
    expect(masks[COUNTRY]).toEqual({ id: COUNTRY, ...emptyMask() });
  });
});

describe('nativeExtraFormData', () => {
  const { filters: sales } = parseNativeFilters(salesConfig);
  const dataMask: Record<string, DataMask> = {
    [COUNTRY]: {
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France', 'Spain'] }] },
      filterState: { value: ['France', 'Spain'], label: 'France, Spain' },
    },
    [QUANTITY]: {
      extraFormData: {
        filters: [
          { col: 'quantity_ordered', op: '>=', val: 10 },
          { col: 'quantity_ordered', op: '<=', val: 50 },
        ],
      },
      filterState: { value: [10, 50] },
    },
    [TIME_RANGE]: {
      extraFormData: { time_range: 'Last quarter' },
      filterState: { value: 'Last quarter' },
    },
    [TIME_GRAIN]: {
      extraFormData: { time_grain_sqla: 'P1M' },
      filterState: { label: 'Month', value: ['P1M'] },
    },
    [POSTAL]: { extraFormData: {}, filterState: {} },
  };

  it('merges the filters in scope in configuration order', () => {
    expect(nativeExtraFormData(113, sales, dataMask, salesLayout)).toEqual({
      filters: [
        { col: 'country', op: 'IN', val: ['France', 'Spain'] },
        { col: 'quantity_ordered', op: '>=', val: 10 },
        { col: 'quantity_ordered', op: '<=', val: 50 },
      ],
      time_range: 'Last quarter',
      time_grain_sqla: 'P1M',
    });
  });

  it('gives nothing to a chart out of every scope, or without masks', () => {
    expect(nativeExtraFormData(999, sales, dataMask, layout)).toEqual({});
    expect(nativeExtraFormData(113, sales, {}, salesLayout)).toEqual({});
    expect(nativeExtraFormData(113, [], dataMask, layout)).toEqual({});
  });

  it('follows the layout scope: tabs and excluded charts', () => {
    const region = layoutFilter('NATIVE_FILTER-region', { rootPath: ['TAB-b'], excluded: [4] });
    const period = layoutFilter('NATIVE_FILTER-period', { rootPath: ['ROOT_ID'], excluded: [1] });
    const later = layoutFilter('NATIVE_FILTER-later', { rootPath: ['TAB-a'], excluded: [] });
    const masks: Record<string, DataMask> = {
      'NATIVE_FILTER-region': {
        extraFormData: {
          filters: [{ col: 'region', op: 'IN', val: ['EMEA'] }],
          adhoc_filters: [
            {
              expressionType: 'SQL',
              clause: 'WHERE',
              sqlExpression: "status <> 'Cancelled'",
            },
          ],
        },
      },
      'NATIVE_FILTER-period': {
        extraFormData: { time_range: 'Last year', granularity_sqla: 'order_date' },
      },
      'NATIVE_FILTER-later': {
        extraFormData: { time_range: 'Last month', relative_start: 'today' },
      },
    };
    const filters = [region, period, later];
    expect(nativeExtraFormData(1, filters, masks, layout)).toEqual({
      time_range: 'Last month',
      relative_start: 'today',
    });
    // Chart 2: the later filter overrides the time range, the time column stays.
    expect(nativeExtraFormData(2, filters, masks, layout)).toEqual({
      time_range: 'Last month',
      granularity_sqla: 'order_date',
      relative_start: 'today',
    });
    expect(nativeExtraFormData(3, filters, masks, layout)).toEqual({
      ...masks['NATIVE_FILTER-region']!.extraFormData,
      time_range: 'Last year',
      granularity_sqla: 'order_date',
    });
    expect(nativeExtraFormData(4, filters, masks, layout)).toEqual({
      time_range: 'Last year',
      granularity_sqla: 'order_date',
    });
  });

  it('ignores dividers and masks of dividers', () => {
    const { filters } = parseNativeFilters([
      { id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: 'Time' },
    ]);
    const masks = { 'NATIVE_FILTER_DIVIDER-x': { extraFormData: { time_range: 'Last day' } } };
    expect(nativeExtraFormData(1, filters, masks, layout)).toEqual({});
  });
});

describe('combineExtraFormData', () => {
  it("appends list keys, overrides time keys and drops what Superset's merge drops", () => {
    expect(
      combineExtraFormData(
        {
          filters: [{ col: 'a', op: '==', val: 1 }],
          interactive_groupby: ['x'],
          time_range: 'Last week',
          time_grain_sqla: 'P1D',
          custom_form_data: { foo: 1 },
        },
        {
          filters: [{ col: 'b', op: '==', val: 2 }],
          adhoc_filters: [],
          time_range: 'Last month',
          time_column: 'ds',
          unknown_key: 1,
        } as Record<string, unknown>,
      ),
    ).toEqual({
      filters: [
        { col: 'a', op: '==', val: 1 },
        { col: 'b', op: '==', val: 2 },
      ],
      interactive_groupby: ['x'],
      time_range: 'Last month',
      time_grain_sqla: 'P1D',
      time_column: 'ds',
    });
    expect(combineExtraFormData()).toEqual({});
  });
});

describe('parseNativeFiltersParam', () => {
  it('reads the rison native_filters parameter Superset writes', () => {
    const state = {
      [COUNTRY]: {
        id: COUNTRY,
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France'] }] },
        filterState: { label: 'France', validateStatus: false, value: ['France'] },
        ownState: {},
      },
      [TIME_RANGE]: {
        id: TIME_RANGE,
        extraFormData: { time_range: 'Last week' },
        filterState: { value: 'Last week' },
        ownState: {},
      },
      '117': {
        id: 117,
        extraFormData: { filters: [{ col: 'deal_size', op: 'IN', val: ['Small'] }] },
        filterState: { value: ['Small'] },
        ownState: {},
      },
    };
    const text = risonEncode(state as unknown as RisonValue);
    const parsed = parseNativeFiltersParam(text);
    expect(parsed).toEqual({
      [COUNTRY]: state[COUNTRY],
      [TIME_RANGE]: state[TIME_RANGE],
      '117': { ...state['117'], id: '117' },
    });
    const { filters } = parseNativeFilters(salesConfig);
    const masks = initialDataMask(filters, parsed);
    expect(nativeExtraFormData(112, filters, masks, salesLayout)).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ['France'] }],
      time_range: 'Last week',
    });
    expect(masks['117']).toEqual({ ...state['117'], id: '117' });
  });

  it('reads the legacy format with some parts only, or currentState', () => {
    const parsed = parseNativeFiltersParam(
      `('${COUNTRY}':(currentState:(value:!(France)),extraFormData:(filters:!((col:country,op:IN,val:!(France))))),'${TIME_RANGE}':(extraFormData:(time_range:'Last day')))`,
    );
    expect(parsed).toEqual({
      [COUNTRY]: {
        id: COUNTRY,
        filterState: { value: ['France'] },
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France'] }] },
      },
      [TIME_RANGE]: { id: TIME_RANGE, extraFormData: { time_range: 'Last day' } },
    });
  });

  it('drops entries that are not objects', () => {
    expect(
      parseNativeFiltersParam(`('${COUNTRY}':!n,'${TIME_RANGE}':!(a),'12':'x',ok:(ownState:()))`),
    ).toEqual({ ok: { id: 'ok', ownState: {} } });
    expect(parseNativeFiltersParam('()')).toEqual({});
  });

  it('gives null for garbage', () => {
    for (const text of [
      '',
      '   ',
      '(',
      "('a':",
      'NATIVE_FILTER-x',
      '!(1,2)',
      '!n',
      '42',
      '(a:!(',
    ]) {
      expect(parseNativeFiltersParam(text)).toBeNull();
    }
  });
});

describe('appliedNativeFilters', () => {
  const { filters } = parseNativeFilters([
    { id: 'NATIVE_FILTER_DIVIDER-x', type: 'DIVIDER', title: 'Sales' },
    ...salesConfig,
  ]);

  it('lists the applied filters in configuration order, in words', () => {
    const applied = appliedNativeFilters(filters, {
      [POSTAL]: {
        extraFormData: { filters: [{ col: 'postal_code', op: 'IN', val: ['75001', '28001'] }] },
        filterState: { value: ['75001', '28001'] },
      },
      [TIME_GRAIN]: {
        extraFormData: { time_grain_sqla: 'P1M' },
        filterState: { label: 'Month', value: ['P1M'] },
      },
      [TIME_RANGE]: {
        extraFormData: { time_range: '2003-01-01 : 2004-01-01' },
        filterState: { value: '2003-01-01 : 2004-01-01' },
      },
      [QUANTITY]: {
        extraFormData: { filters: [{ col: 'quantity_ordered', op: '>=', val: 20 }] },
        filterState: { value: [20, null] },
      },
      [COUNTRY]: { extraFormData: {}, filterState: { value: null } },
      'NATIVE_FILTER_DIVIDER-x': { filterState: { value: ['x'] } },
    });
    expect(applied).toEqual([
      { id: QUANTITY, name: 'Order Quantity', value: '≥ 20' },
      { id: TIME_RANGE, name: 'Time Range', value: '2003-01-01 : 2004-01-01' },
      { id: TIME_GRAIN, name: 'Time Grain', value: 'Month' },
      { id: POSTAL, name: 'Postal Code', value: '75001, 28001' },
    ]);
  });

  it('formats ranges, nulls and objects', () => {
    const applied = appliedNativeFilters(filters, {
      [QUANTITY]: { filterState: { value: [10, 50] } },
      [COUNTRY]: { filterState: { value: ['France', null, 3] } },
      [POSTAL]: { filterState: { value: { from: 1 } } },
    });
    expect(applied.map((a) => a.value)).toEqual(['France, N/A, 3', '10 – 50', '{"from":1}']);
    expect(
      appliedNativeFilters(filters, { [QUANTITY]: { filterState: { value: [null, 5] } } }),
    ).toEqual([{ id: QUANTITY, name: 'Order Quantity', value: '≤ 5' }]);
  });

  it('describes a mask that has extra form data only', () => {
    const applied = appliedNativeFilters(filters, {
      [COUNTRY]: {
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France', 'Spain'] }] },
      },
      [TIME_RANGE]: { extraFormData: { time_range: 'Last week' }, filterState: {} },
    });
    expect(applied).toEqual([
      { id: COUNTRY, name: 'Country', value: 'France, Spain' },
      { id: TIME_RANGE, name: 'Time Range', value: 'Last week' },
    ]);
  });

  it('leaves out cleared filters', () => {
    expect(
      appliedNativeFilters(filters, {
        [TIME_RANGE]: { extraFormData: {}, filterState: { value: 'No filter' } },
        [COUNTRY]: { extraFormData: {}, filterState: { value: [] } },
        [POSTAL]: initialDataMask(filters)[POSTAL],
      }),
    ).toEqual([]);
    expect(appliedNativeFilters(filters, {})).toEqual([]);
  });
});

describe('filtersOutOfScope', () => {
  it('lists the filters none of whose charts are on screen', () => {
    const whole = layoutFilter('NATIVE_FILTER-w', { rootPath: ['ROOT_ID'], excluded: [] });
    const tabB = layoutFilter('NATIVE_FILTER-b', { rootPath: ['TAB-b'], excluded: [] });
    const none = layoutFilter('NATIVE_FILTER-z', { rootPath: [], excluded: [] });
    const { filters: divider } = parseNativeFilters([
      { id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: 'Section' },
    ]);
    const all = [whole, tabB, none, ...divider];
    // Tab A shown (charts 1 and 2): the tab B filter and the one without charts are out.
    expect([...filtersOutOfScope(all, layout, [1, 2])]).toEqual([
      'NATIVE_FILTER-b',
      'NATIVE_FILTER-z',
    ]);
    // Tab B shown: only the one without charts.
    expect([...filtersOutOfScope(all, layout, [3, 4])]).toEqual(['NATIVE_FILTER-z']);
  });
});

describe('refreshFilterScopes', () => {
  it('recomputes the saved charts and tabs in scope from each filter scope on the layout', () => {
    const config = [
      {
        id: 'NATIVE_FILTER-b',
        type: 'NATIVE_FILTER',
        name: 'B',
        scope: { rootPath: ['TAB-b'], excluded: [4] },
        chartsInScope: [3],
        tabsInScope: [],
      },
      { id: 'NATIVE_FILTER-all', name: 'All', scope: { rootPath: ['ROOT_ID'], excluded: [] } },
      { id: 'NATIVE_FILTER_DIVIDER-d', type: 'DIVIDER', title: 'Section' },
      { id: 'NATIVE_FILTER-odd', type: 'NATIVE_FILTER', name: 'No scope', chartsInScope: [9] },
      'not an entry',
    ];
    const out = refreshFilterScopes(config, layout) as Array<Record<string, unknown>>;
    const inScope = (id: string) =>
      chartsInFilterScope(layoutFilter(id, out.find((e) => e.id === id)!.scope as never), layout);
    expect(out[0]!.chartsInScope).toEqual(sorted(inScope('NATIVE_FILTER-b')));
    expect(out[0]!.chartsInScope).not.toContain(4);
    expect(out[0]!.tabsInScope).toContain('TAB-b');
    expect(out[0]!.tabsInScope).not.toContain('TAB-a');
    expect(out[1]!.chartsInScope).toEqual([1, 2, 3, 4, 5]);
    expect(out[1]!.tabsInScope).toEqual(expect.arrayContaining(['TAB-a', 'TAB-b']));
    expect(out[2]).toBe(config[2]);
    expect(out[3]).toBe(config[3]);
    expect(out[4]).toBe('not an entry');
    expect(refreshFilterScopes(null, layout)).toBeNull();
  });
});

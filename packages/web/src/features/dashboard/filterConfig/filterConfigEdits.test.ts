import { describe, expect, it } from 'vitest';
import { ROOT_ID } from '@strata/core';
import { parseNativeFilters } from '../nativeFilters';
import { chart, gridLayout, row, tab, tabbedLayout, tabs } from '../layout/fixtures.test-helpers';
import {
  FILTER_CONFIG_MESSAGES,
  FILTER_REMOVAL_UNDO_MS,
  activeItems,
  addItem,
  availableParentFilters,
  buildScopeTree,
  checkedKeysFromScope,
  columnMatchesFilterType,
  draftFromFilters,
  finalizeRemovals,
  firstInvalidId,
  hasCircularDependency,
  hasUnsavedChanges,
  isScopingAll,
  moveItem,
  newFilter,
  newItemId,
  nextRemovalExpiry,
  preFilterColumns,
  removeItem,
  restoreItem,
  scopeFromCheckedKeys,
  setFilterDataset,
  setFilterType,
  setSingleValueType,
  suggestParent,
  temporalColumns,
  toConfiguration,
  updateDivider,
  updateFilter,
  validateDraft,
  type FilterConfigDraft,
  type FilterDraft,
} from './filterConfigEdits';

/** ROOT > TABS-1 > [TAB-a: charts 1, 2 | TAB-b: chart 3, TABS-2 > [TAB-c: chart 4 | TAB-d: empty]]. */
const layout = tabbedLayout(
  tabs('TABS-1', [
    tab('TAB-a', [row('ROW-1', [chart('CHART-1', 4, 1), chart('CHART-2', 4, 2)])]),
    tab('TAB-b', [
      row('ROW-2', [chart('CHART-3', 4, 3)]),
      tabs('TABS-2', [tab('TAB-c', [row('ROW-3', [chart('CHART-4', 4, 4)])]), tab('TAB-d', [])]),
    ]),
  ]),
);

const stored = [
  {
    id: 'NATIVE_FILTER-country',
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
      sortAscending: true,
    },
    name: 'Country',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'country' } }],
    defaultDataMask: {
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
      filterState: { value: ['FR'] },
    },
    cascadeParentIds: [],
    scope: { rootPath: ['TAB-a'], excluded: [2] },
    type: 'NATIVE_FILTER',
    description: 'Where',
    chartsInScope: [1],
    tabsInScope: ['TAB-a'],
    sortMetric: 'count',
    adhoc_filters: [{ clause: 'WHERE', sqlExpression: '1 = 1', expressionType: 'SQL' }],
    time_range: 'Last week',
    granularity_sqla: 'ds',
  },
  {
    id: 'NATIVE_FILTER_DIVIDER-one',
    type: 'DIVIDER',
    scope: { rootPath: [ROOT_ID], excluded: [] },
    title: 'Section',
    description: 'About',
  },
  {
    id: 'NATIVE_FILTER-city',
    controlValues: {
      enableEmptyFilter: false,
      defaultToFirstItem: false,
      multiSelect: true,
      searchAllOptions: false,
      inverseSelection: false,
    },
    name: 'City',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'city' } }],
    defaultDataMask: { extraFormData: {}, filterState: { value: null } },
    cascadeParentIds: ['NATIVE_FILTER-country'],
    scope: { rootPath: [ROOT_ID], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: [1, 2, 3, 4],
    tabsInScope: ['TAB-a', 'TAB-b', 'TAB-c'],
  },
  {
    id: 'NATIVE_FILTER-time',
    controlValues: { enableEmptyFilter: false },
    name: 'When',
    filterType: 'filter_time',
    targets: [{}],
    defaultDataMask: { extraFormData: {}, filterState: { value: null } },
    cascadeParentIds: [],
    scope: { rootPath: [ROOT_ID], excluded: [] },
    type: 'NATIVE_FILTER',
    description: '',
    chartsInScope: [1, 2, 3, 4],
    tabsInScope: ['TAB-a', 'TAB-b', 'TAB-c'],
  },
];

const storedDraft = (): FilterConfigDraft => draftFromFilters(parseNativeFilters(stored).filters);

/** A deterministic random part: `a`, `b`, `c`, ... */
function sequence(...parts: string[]): () => string {
  let i = 0;
  return () => parts[Math.min(i++, parts.length - 1)]!;
}

function filterOf(draft: FilterConfigDraft, id: string): FilterDraft {
  const item = draft.items.find((i) => i.id === id);
  if (!item || item.type !== 'NATIVE_FILTER') throw new Error(`no filter ${id}`);
  return item;
}

describe('new filters and dividers', () => {
  it('get Superset ids and defaults', () => {
    const filter = newFilter('NATIVE_FILTER');
    expect(filter.id).toMatch(/^NATIVE_FILTER-[A-Za-z0-9_-]{21}$/);
    expect(filter).toMatchObject({
      type: 'NATIVE_FILTER',
      name: '',
      filterType: 'filter_select',
      description: '',
      controlValues: {
        enableEmptyFilter: false,
        defaultToFirstItem: false,
        multiSelect: true,
        searchAllOptions: false,
        inverseSelection: false,
      },
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      defaultDataMask: { filterState: { value: null }, extraFormData: {} },
      cascadeParentIds: [],
      hasDefaultValue: false,
    });
    const divider = newFilter('DIVIDER');
    expect(divider.id).toMatch(/^NATIVE_FILTER_DIVIDER-[A-Za-z0-9_-]{21}$/);
    expect(divider).toMatchObject({ type: 'DIVIDER', title: '', description: '' });
    expect(newFilter('NATIVE_FILTER').id).not.toBe(filter.id);
  });

  it('never reuse an id already in the list', () => {
    expect(newItemId('NATIVE_FILTER', ['NATIVE_FILTER-a'], sequence('a', 'a', 'b'))).toBe(
      'NATIVE_FILTER-b',
    );
    const { draft, item } = addItem(storedDraft(), 'NATIVE_FILTER', sequence('country', 'x'));
    expect(item.id).toBe('NATIVE_FILTER-x');
    expect(draft.items.at(-1)).toBe(item);
  });
});

describe('removal with an undo window', () => {
  it('keeps a removed item pending for 5000 ms, restorable, then drops it', () => {
    expect(FILTER_REMOVAL_UNDO_MS).toBe(5000);
    let draft = removeItem(storedDraft(), 'NATIVE_FILTER-city', 1000);
    expect(draft.items).toHaveLength(4);
    expect(activeItems(draft).map((i) => i.id)).not.toContain('NATIVE_FILTER-city');
    expect(nextRemovalExpiry(draft)).toBe(6000);
    expect(finalizeRemovals(draft, 5999)).toBe(draft);
    const restored = restoreItem(draft, 'NATIVE_FILTER-city');
    expect(activeItems(restored)).toHaveLength(4);
    expect(restored.removed).toEqual({});
    draft = finalizeRemovals(draft, 6000);
    expect(draft.items.map((i) => i.id)).toEqual([
      'NATIVE_FILTER-country',
      'NATIVE_FILTER_DIVIDER-one',
      'NATIVE_FILTER-time',
    ]);
    expect(draft.removed).toEqual({});
    expect(nextRemovalExpiry(draft)).toBeUndefined();
  });

  it('keeps the first removal time when removed twice, and drops only expired items', () => {
    let draft = removeItem(storedDraft(), 'NATIVE_FILTER-city', 1000);
    draft = removeItem(draft, 'NATIVE_FILTER-city', 3000);
    draft = removeItem(draft, 'NATIVE_FILTER-time', 4000);
    expect(draft.removed).toEqual({ 'NATIVE_FILTER-city': 1000, 'NATIVE_FILTER-time': 4000 });
    draft = finalizeRemovals(draft, 7000);
    expect(draft.items.map((i) => i.id)).toContain('NATIVE_FILTER-time');
    expect(draft.items.map((i) => i.id)).not.toContain('NATIVE_FILTER-city');
    expect(draft.removed).toEqual({ 'NATIVE_FILTER-time': 4000 });
  });
});

describe('reordering', () => {
  it('moves an item to a new place and ignores out-of-range moves', () => {
    const draft = storedDraft();
    const moved = moveItem(draft, 3, 0);
    expect(moved.items.map((i) => i.id)).toEqual([
      'NATIVE_FILTER-time',
      'NATIVE_FILTER-country',
      'NATIVE_FILTER_DIVIDER-one',
      'NATIVE_FILTER-city',
    ]);
    expect(moveItem(draft, 0, 4)).toBe(draft);
    expect(moveItem(draft, 1, 1)).toBe(draft);
  });
});

describe('validation', () => {
  it("gives Superset's messages for a new filter and a new divider", () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('f')).draft;
    draft = addItem(draft, 'DIVIDER', sequence('d')).draft;
    expect(validateDraft(draft)).toEqual({
      'NATIVE_FILTER-f': {
        name: 'Name is required',
        dataset: 'Dataset is required',
        column: 'Column is required',
      },
      'NATIVE_FILTER_DIVIDER-d': { title: 'Title is required' },
    });
    expect(firstInvalidId(draft, validateDraft(draft))).toBe('NATIVE_FILTER-f');
    draft = updateFilter(draft, 'NATIVE_FILTER-f', { name: ' ', datasetId: 3 });
    draft = updateDivider(draft, 'NATIVE_FILTER_DIVIDER-d', { title: 'Top' });
    expect(validateDraft(draft)).toEqual({
      'NATIVE_FILTER-f': { name: 'Name is required', column: 'Column is required' },
    });
  });

  it('asks a time range filter for a name only, a time grain for a dataset', () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('f')).draft;
    draft = setFilterType(draft, 'NATIVE_FILTER-f', 'filter_time');
    draft = updateFilter(draft, 'NATIVE_FILTER-f', { name: 'When' });
    expect(validateDraft(draft)).toEqual({});
    draft = setFilterType(draft, 'NATIVE_FILTER-f', 'filter_timegrain');
    expect(validateDraft(draft)).toEqual({ 'NATIVE_FILTER-f': { dataset: 'Dataset is required' } });
    expect(filterOf(draft, 'NATIVE_FILTER-f').controlValues).toEqual({ enableEmptyFilter: false });
  });

  it('requires a default value when "Filter has default value" or "Filter value is required"', () => {
    let draft = storedDraft();
    expect(validateDraft(draft)).toEqual({});
    expect(filterOf(draft, 'NATIVE_FILTER-country').hasDefaultValue).toBe(true);
    expect(filterOf(draft, 'NATIVE_FILTER-city').hasDefaultValue).toBe(false);
    const city = filterOf(draft, 'NATIVE_FILTER-city');
    draft = updateFilter(draft, city.id, { hasDefaultValue: true });
    expect(validateDraft(draft)[city.id]).toEqual({
      defaultDataMask: FILTER_CONFIG_MESSAGES.defaultValueRequired,
    });
    expect(FILTER_CONFIG_MESSAGES.defaultValueRequired).toBe('Default value is required');
    draft = updateFilter(draft, city.id, {
      hasDefaultValue: false,
      controlValues: { ...city.controlValues, enableEmptyFilter: true },
    });
    expect(validateDraft(draft)[city.id]?.defaultDataMask).toBe('Default value is required');
    // "Select first filter value by default" sets the value itself.
    draft = updateFilter(draft, city.id, {
      controlValues: { ...city.controlValues, enableEmptyFilter: true, defaultToFirstItem: true },
    });
    expect(validateDraft(draft)).toEqual({});
    draft = updateFilter(draft, city.id, {
      controlValues: { ...city.controlValues, enableEmptyFilter: true },
      defaultDataMask: { filterState: { value: ['Paris'] }, extraFormData: {} },
    });
    expect(validateDraft(draft)).toEqual({});
    draft = updateFilter(draft, city.id, {
      defaultDataMask: { filterState: { value: [] }, extraFormData: {} },
    });
    expect(validateDraft(draft)[city.id]?.defaultDataMask).toBe('Default value is required');
  });

  it('accepts a range default with one bound', () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('r')).draft;
    draft = setFilterType(draft, 'NATIVE_FILTER-r', 'filter_range');
    draft = updateFilter(draft, 'NATIVE_FILTER-r', {
      name: 'Age',
      datasetId: 1,
      column: 'age',
      hasDefaultValue: true,
      defaultDataMask: { filterState: { value: [null, null] }, extraFormData: {} },
    });
    expect(validateDraft(draft)['NATIVE_FILTER-r']?.defaultDataMask).toBe(
      'Default value is required',
    );
    draft = updateFilter(draft, 'NATIVE_FILTER-r', {
      defaultDataMask: { filterState: { value: [null, 30] }, extraFormData: {} },
    });
    expect(validateDraft(draft)).toEqual({});
  });

  it('requires a pre-filter when "Pre-filter available values" is checked', () => {
    let draft = storedDraft();
    const id = 'NATIVE_FILTER-city';
    draft = updateFilter(draft, id, { preFilter: true, time_range: 'No filter' });
    expect(validateDraft(draft)[id]).toEqual({ time_range: 'Pre-filter is required' });
    draft = updateFilter(draft, id, { time_range: 'Last week' });
    expect(validateDraft(draft)).toEqual({});
  });

  it('a pre-filter clause alone is enough; removing the last clause asks again', () => {
    let draft = storedDraft();
    const id = 'NATIVE_FILTER-city';
    const clause = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'state',
      operator: 'IN',
      comparator: ['CA', 'NY'],
    };
    draft = updateFilter(draft, id, {
      preFilter: true,
      time_range: 'No filter',
      adhoc_filters: [clause],
    });
    expect(validateDraft(draft)).toEqual({});
    const entry = toConfiguration(draft, layout).find((f) => f.id === id)!;
    expect(entry.adhoc_filters).toEqual([clause]);
    expect(entry.time_range).toBe('No filter');
    draft = updateFilter(draft, id, { adhoc_filters: [] });
    expect(validateDraft(draft)[id]).toEqual({ time_range: 'Pre-filter is required' });
  });

  it('ignores items pending removal', () => {
    let draft = addItem(storedDraft(), 'NATIVE_FILTER', sequence('f')).draft;
    expect(validateDraft(draft)['NATIVE_FILTER-f']).toBeDefined();
    draft = removeItem(draft, 'NATIVE_FILTER-f', 0);
    expect(validateDraft(draft)).toEqual({});
  });
});

describe('dependencies', () => {
  it('detects cycles, flagging every filter that leads into one', () => {
    const map = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['a']],
      ['d', []],
    ]);
    expect(hasCircularDependency(map, 'a')).toBe(true);
    expect(hasCircularDependency(map, 'c')).toBe(true);
    expect(hasCircularDependency(map, 'd')).toBe(false);

    let draft = storedDraft();
    draft = updateFilter(draft, 'NATIVE_FILTER-country', {
      cascadeParentIds: ['NATIVE_FILTER-city'],
    });
    const errors = validateDraft(draft);
    expect(errors['NATIVE_FILTER-country']).toEqual({
      cascadeParentIds: 'Cyclic dependency detected',
    });
    expect(errors['NATIVE_FILTER-city']).toEqual({
      cascadeParentIds: 'Cyclic dependency detected',
    });
    expect(errors['NATIVE_FILTER-time']).toBeUndefined();
    // A parent pending removal breaks the cycle.
    expect(validateDraft(removeItem(draft, 'NATIVE_FILTER-city', 0))).toEqual({});
  });

  it('offers active filters of a parent type and suggests one making no cycle', () => {
    const draft = storedDraft();
    expect(availableParentFilters(draft, 'NATIVE_FILTER-country').map((f) => f.id)).toEqual([
      'NATIVE_FILTER-city',
      'NATIVE_FILTER-time',
    ]);
    // City depends on country: country depending on city would be a cycle.
    expect(suggestParent(draft, 'NATIVE_FILTER-country')).toBe('NATIVE_FILTER-time');
    expect(suggestParent(draft, 'NATIVE_FILTER-city')).toBe('NATIVE_FILTER-time');
  });
});

describe('toConfiguration', () => {
  it('round-trips with parseNativeFilters', () => {
    const config = toConfiguration(storedDraft(), layout);
    expect(config).toEqual(stored);
    const again = parseNativeFilters(config);
    expect(again.problems).toEqual([]);
    expect(toConfiguration(draftFromFilters(again.filters), layout)).toEqual(config);
    expect(hasUnsavedChanges(storedDraft(), storedDraft(), layout)).toBe(false);
  });

  it('drops pending removals and parents that are gone, keeps the list order', () => {
    let draft = moveItem(storedDraft(), 2, 0);
    expect(hasUnsavedChanges(draft, storedDraft(), layout)).toBe(true);
    draft = removeItem(draft, 'NATIVE_FILTER-country', 0);
    const config = toConfiguration(draft, layout);
    expect(config.map((f) => f.id)).toEqual([
      'NATIVE_FILTER-city',
      'NATIVE_FILTER_DIVIDER-one',
      'NATIVE_FILTER-time',
    ]);
    expect(config[0]?.cascadeParentIds).toEqual([]);
  });

  it('stores a new filter in Superset shape with its scope computed from the layout', () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('n')).draft;
    draft = updateFilter(draft, 'NATIVE_FILTER-n', {
      name: ' Region ',
      datasetId: 4,
      column: 'region',
      scope: { rootPath: ['TAB-b'], excluded: [3] },
      hasDefaultValue: false,
      defaultDataMask: { filterState: { value: ['x'] }, extraFormData: { filters: [] } },
      controlValues: {
        ...filterOf(draft, 'NATIVE_FILTER-n').controlValues,
        defaultToFirstItem: true,
      },
    });
    expect(toConfiguration(draft, layout)).toEqual([
      {
        id: 'NATIVE_FILTER-n',
        controlValues: {
          enableEmptyFilter: false,
          defaultToFirstItem: true,
          multiSelect: true,
          searchAllOptions: false,
          inverseSelection: false,
        },
        name: 'Region',
        filterType: 'filter_select',
        targets: [{ datasetId: 4, column: { name: 'region' } }],
        // No default value in use: the empty mask is stored.
        defaultDataMask: { filterState: { value: null }, extraFormData: {} },
        cascadeParentIds: [],
        scope: { rootPath: ['TAB-b'], excluded: [3] },
        type: 'NATIVE_FILTER',
        description: '',
        chartsInScope: [4],
        tabsInScope: ['TAB-b', 'TAB-c'],
        requiredFirst: true,
      },
    ]);
  });

  it('leaves the pre-filter out when it is unchecked', () => {
    const draft = updateFilter(storedDraft(), 'NATIVE_FILTER-country', { preFilter: false });
    const country = toConfiguration(draft, layout)[0]!;
    expect(country.time_range).toBeUndefined();
    expect(country.adhoc_filters).toBeUndefined();
    expect(country.granularity_sqla).toBeUndefined();
  });
});

describe('datasets and types', () => {
  it('resets the column and default, and pre-scopes a new filter to its dataset', () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('n')).draft;
    draft = updateFilter(draft, 'NATIVE_FILTER-n', { column: 'x', hasDefaultValue: true });
    draft = setFilterDataset(draft, 'NATIVE_FILTER-n', 7, { 1: 7, 2: 8, 3: 7, 4: 9 });
    expect(filterOf(draft, 'NATIVE_FILTER-n')).toMatchObject({
      datasetId: 7,
      column: undefined,
      scope: { rootPath: [ROOT_ID], excluded: [2, 4] },
    });
    draft = updateFilter(draft, 'NATIVE_FILTER-n', { scopeTouched: true });
    draft = setFilterDataset(draft, 'NATIVE_FILTER-n', 8, { 1: 7, 2: 8 });
    expect(filterOf(draft, 'NATIVE_FILTER-n').scope.excluded).toEqual([2, 4]);
    // A stored filter keeps its scope.
    const stored = setFilterDataset(storedDraft(), 'NATIVE_FILTER-city', 8, { 1: 7 });
    expect(filterOf(stored, 'NATIVE_FILTER-city').scope).toEqual({
      rootPath: [ROOT_ID],
      excluded: [],
    });
  });
});

describe('range single value type', () => {
  const rangeDraft = () => {
    let draft = addItem(draftFromFilters([]), 'NATIVE_FILTER', sequence('r')).draft;
    draft = setFilterType(draft, 'NATIVE_FILTER-r', 'filter_range');
    return updateFilter(draft, 'NATIVE_FILTER-r', {
      name: 'Births',
      datasetId: 1,
      column: 'num',
      hasDefaultValue: true,
      defaultDataMask: {
        extraFormData: {
          filters: [
            { col: 'num', op: '>=', val: 10 },
            { col: 'num', op: '<=', val: 50 },
          ],
        },
        filterState: { value: [10, 50], label: '10 ≤ x ≤ 50' },
      },
    });
  };

  it('sets, changes and clears the type, resetting a default of another shape', () => {
    const id = 'NATIVE_FILTER-r';
    let draft = setSingleValueType(rangeDraft(), id, 1);
    let filter = filterOf(draft, id);
    expect(filter.controlValues.enableSingleValue).toBe(1);
    expect(filter.defaultDataMask).toEqual({ filterState: { value: null }, extraFormData: {} });
    // "Filter has default value" stays checked: the new default is asked for.
    expect(filter.hasDefaultValue).toBe(true);
    expect(validateDraft(draft)[id]?.defaultDataMask).toBe('Default value is required');
    draft = updateFilter(draft, id, {
      defaultDataMask: {
        extraFormData: { filters: [{ col: 'num', op: '==', val: 20 }] },
        filterState: { value: [20, 20], label: 'x = 20' },
      },
    });
    expect(validateDraft(draft)).toEqual({});
    // The same type again changes nothing.
    expect(setSingleValueType(draft, id, 1)).toBe(draft);
    draft = setSingleValueType(draft, id, 0);
    filter = filterOf(draft, id);
    expect(filter.controlValues.enableSingleValue).toBe(0);
    expect(filter.defaultDataMask.filterState?.value).toBeNull();
    draft = setSingleValueType(draft, id, undefined);
    expect('enableSingleValue' in filterOf(draft, id).controlValues).toBe(false);
    const entry = toConfiguration(draft, {})[0]!;
    expect(entry.controlValues).toEqual({ enableEmptyFilter: false });
  });

  it('is stored in controlValues and ignored for other filter types', () => {
    const id = 'NATIVE_FILTER-r';
    const draft = setSingleValueType(rangeDraft(), id, 2);
    expect(toConfiguration(draft, {})[0]!.controlValues).toEqual({
      enableEmptyFilter: false,
      enableSingleValue: 2,
    });
    const select = storedDraft();
    expect(setSingleValueType(select, 'NATIVE_FILTER-city', 1)).toBe(select);
  });
});

describe('scoping tree', () => {
  it('shows tabs holding charts and charts, named by the given names', () => {
    const tree = buildScopeTree(layout, { 1: 'Sales', 4: 'Map' });
    expect(tree).toEqual({
      key: ROOT_ID,
      title: 'All panels',
      kind: 'ROOT',
      children: [
        {
          key: 'TAB-a',
          title: 'TAB-a',
          kind: 'TAB',
          children: [
            { key: 'CHART-1', title: 'Sales', kind: 'CHART', chartId: 1, children: [] },
            { key: 'CHART-2', title: 'Chart 2', kind: 'CHART', chartId: 2, children: [] },
          ],
        },
        {
          key: 'TAB-b',
          title: 'TAB-b',
          kind: 'TAB',
          children: [
            { key: 'CHART-3', title: 'Chart 3', kind: 'CHART', chartId: 3, children: [] },
            {
              key: 'TAB-c',
              title: 'TAB-c',
              kind: 'TAB',
              children: [{ key: 'CHART-4', title: 'Map', kind: 'CHART', chartId: 4, children: [] }],
            },
          ],
        },
      ],
    });
  });

  it('checks the charts of a scope', () => {
    expect(checkedKeysFromScope({ rootPath: [ROOT_ID], excluded: [] }, layout).sort()).toEqual([
      'CHART-1',
      'CHART-2',
      'CHART-3',
      'CHART-4',
    ]);
    expect(checkedKeysFromScope({ rootPath: ['TAB-b'], excluded: [4] }, layout)).toEqual([
      'CHART-3',
    ]);
    expect(checkedKeysFromScope({ rootPath: ['TAB-a', 'TAB-c'], excluded: [2] }, layout)).toEqual([
      'CHART-1',
      'CHART-4',
    ]);
  });

  it("turns checked keys into a root path and exclusions (Superset's rule)", () => {
    const all = ['CHART-1', 'CHART-2', 'CHART-3', 'CHART-4'];
    expect(scopeFromCheckedKeys([ROOT_ID, 'TAB-a', ...all], layout)).toEqual({
      rootPath: [ROOT_ID],
      excluded: [],
    });
    expect(isScopingAll(scopeFromCheckedKeys(all, layout))).toBe(true);
    // One tab fully checked.
    expect(scopeFromCheckedKeys(['TAB-a', 'CHART-1', 'CHART-2'], layout)).toEqual({
      rootPath: ['TAB-a'],
      excluded: [],
    });
    // Part of a tab: the tab is the root, its unchecked charts excluded.
    expect(scopeFromCheckedKeys(['CHART-1'], layout)).toEqual({
      rootPath: ['TAB-a'],
      excluded: [2],
    });
    // Charts in two top-level tabs: both tabs.
    expect(scopeFromCheckedKeys(['CHART-1', 'CHART-3'], layout)).toEqual({
      rootPath: ['TAB-a', 'TAB-b'],
      excluded: [2, 4],
    });
    // A chart in a nested tab with one in its parent tab: cut at the shallower depth.
    expect(scopeFromCheckedKeys(['CHART-3', 'CHART-4'], layout)).toEqual({
      rootPath: ['TAB-b'],
      excluded: [],
    });
    expect(scopeFromCheckedKeys([], layout)).toEqual({ rootPath: [], excluded: [] });
    expect(scopeFromCheckedKeys(['TAB-a'], layout)).toEqual({ rootPath: [], excluded: [] });
  });

  it('round-trips checked keys through the scope', () => {
    const choices = [
      ['CHART-1'],
      ['CHART-2', 'CHART-4'],
      ['CHART-1', 'CHART-2', 'CHART-4'],
      ['CHART-3'],
      ['CHART-4'],
      ['CHART-1', 'CHART-2', 'CHART-3', 'CHART-4'],
    ];
    for (const keys of choices) {
      const scope = scopeFromCheckedKeys(keys, layout);
      expect(checkedKeysFromScope(scope, layout).sort()).toEqual([...keys].sort());
    }
  });

  it('scopes an untabbed dashboard from the root', () => {
    const flat = gridLayout([row('ROW-1', [chart('CHART-1', 4, 1), chart('CHART-2', 4, 2)])]);
    expect(buildScopeTree(flat).children.map((c) => c.key)).toEqual(['CHART-1', 'CHART-2']);
    expect(scopeFromCheckedKeys(['CHART-2'], flat)).toEqual({ rootPath: [ROOT_ID], excluded: [1] });
  });
});

describe('columns', () => {
  it('offers filterable columns of the types a filter takes', () => {
    const columns = [
      { column_name: 'name', type_generic: 1, filterable: true },
      { column_name: 'age', type_generic: 0, filterable: true },
      { column_name: 'ds', type_generic: 2, is_dttm: true },
      { column_name: 'hidden', type_generic: 1, filterable: false },
      { column_name: 'unknown' },
    ];
    const names = (type: string) =>
      columns.filter((c) => columnMatchesFilterType(type, c)).map((c) => c.column_name);
    expect(names('filter_select')).toEqual(['name', 'age', 'ds', 'unknown']);
    expect(names('filter_range')).toEqual(['age', 'unknown']);
    expect(temporalColumns(columns).map((c) => c.column_name)).toEqual(['ds']);
  });

  it("gives the pre-filter's clause editor the filterable columns in Explore's shape", () => {
    expect(
      preFilterColumns([
        { column_name: 'state', verbose_name: 'State', type_generic: 1, type: 'VARCHAR' },
        { column_name: 'ds', type_generic: 2, is_dttm: true, filterable: true },
        { column_name: 'hidden', type_generic: 1, filterable: false },
        { column_name: 'num_x2', type_generic: 0, expression: 'num * 2', is_dttm: null },
      ]),
    ).toEqual([
      {
        column_name: 'state',
        verbose_name: 'State',
        type_generic: 1,
        type: 'VARCHAR',
        is_dttm: false,
        filterable: true,
      },
      { column_name: 'ds', type_generic: 2, is_dttm: true, filterable: true },
      {
        column_name: 'num_x2',
        type_generic: 0,
        expression: 'num * 2',
        is_dttm: false,
        filterable: true,
      },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { DataMask } from '@strata/charts';
import { parseNativeFilters, type NativeFilter } from '../nativeFilters';
import {
  applyState,
  canClearAll,
  cascadeAncestors,
  changedMasks,
  clearedMasks,
  emptyMask,
  isMaskEmpty,
  maskFromValue,
  masksEqual,
  pendingChanged,
  fitRange,
  rangeFilters,
  rangeLabel,
  rangeSingleValueType,
  readSingleValueType,
  singleRangeValue,
  singleValueOf,
  SingleValueType,
  validateRequired,
  valueFromMask,
} from './filterMasks';

/** Filters read the way the page reads them (`parseNativeFilters`). */
function read(entries: Array<Record<string, unknown>>): NativeFilter[] {
  const { filters, problems } = parseNativeFilters(
    entries.map((e) => ({
      type: 'NATIVE_FILTER',
      targets: [],
      controlValues: {},
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      ...e,
    })),
  );
  expect(problems).toEqual([]);
  return filters;
}

const [country, quantity, period, grain, timeCol, required, inverse, single] = read([
  {
    id: 'F-country',
    name: 'Country',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'country' } }],
  },
  {
    id: 'F-qty',
    name: 'Order Quantity',
    filterType: 'filter_range',
    targets: [{ datasetId: 7, column: { name: 'quantity_ordered' } }],
  },
  { id: 'F-time', name: 'Time Range', filterType: 'filter_time', targets: [{}] },
  {
    id: 'F-grain',
    name: 'Time Grain',
    filterType: 'filter_timegrain',
    targets: [{ datasetId: 7 }],
  },
  {
    id: 'F-col',
    name: 'Time Column',
    filterType: 'filter_timecolumn',
    targets: [{ datasetId: 7 }],
  },
  {
    id: 'F-req',
    name: 'Deal size',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'deal_size' } }],
    controlValues: { enableEmptyFilter: true },
  },
  {
    id: 'F-inv',
    name: 'Not status',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'status' } }],
    controlValues: { inverseSelection: true },
  },
  {
    id: 'F-one',
    name: 'Product line',
    filterType: 'filter_select',
    targets: [{ datasetId: 7, column: { name: 'product_line' } }],
    controlValues: { multiSelect: false },
  },
]) as [
  NativeFilter,
  NativeFilter,
  NativeFilter,
  NativeFilter,
  NativeFilter,
  NativeFilter,
  NativeFilter,
  NativeFilter,
];

describe('maskFromValue', () => {
  it('select: IN filter with the values and their label; nothing selected is the empty mask', () => {
    expect(maskFromValue(country, ['France', 'Spain'])).toEqual({
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['France', 'Spain'] }] },
      filterState: { value: ['France', 'Spain'], label: 'France, Spain' },
    });
    expect(maskFromValue(country, [])).toEqual({
      extraFormData: {},
      filterState: { value: null },
    });
    expect(maskFromValue(country, null)).toEqual(emptyMask());
    // A caller's label wins; the NULL choice is a value.
    expect(maskFromValue(country, [null, 3], 'N, three').filterState).toEqual({
      value: [null, 3],
      label: 'N, three',
    });
    expect(maskFromValue(country, [null]).filterState).toEqual({ value: [null], label: '<NULL>' });
  });

  it('select: inverse selection is NOT IN with "(excluded)"; a single select keeps one value', () => {
    expect(maskFromValue(inverse, ['Shipped'])).toEqual({
      extraFormData: { filters: [{ col: 'status', op: 'NOT IN', val: ['Shipped'] }] },
      filterState: { value: ['Shipped'], label: 'Shipped (excluded)' },
    });
    expect(maskFromValue(single, ['Cars', 'Planes']).filterState?.value).toEqual(['Cars']);
    expect(maskFromValue(single, 'Cars').filterState?.value).toEqual(['Cars']);
  });

  it('range: only the bounds set, value [min|null, max|null], Superset labels', () => {
    expect(maskFromValue(quantity, [10, 50])).toEqual({
      extraFormData: {
        filters: [
          { col: 'quantity_ordered', op: '>=', val: 10 },
          { col: 'quantity_ordered', op: '<=', val: 50 },
        ],
      },
      filterState: { value: [10, 50], label: '10 ≤ x ≤ 50' },
    });
    expect(maskFromValue(quantity, [null, 50])).toEqual({
      extraFormData: { filters: [{ col: 'quantity_ordered', op: '<=', val: 50 }] },
      filterState: { value: [null, 50], label: 'x ≤ 50' },
    });
    expect(maskFromValue(quantity, [10, null]).filterState?.label).toBe('x ≥ 10');
    expect(maskFromValue(quantity, [null, null])).toEqual(emptyMask());
    expect(maskFromValue(quantity, ['a', Infinity])).toEqual(emptyMask());
    expect(rangeLabel(5, 5)).toBe('x = 5');
  });

  it('range: equal bounds are one == filter (getRangeExtraFormData), labelled x = v', () => {
    expect(maskFromValue(quantity, [5, 5])).toEqual({
      extraFormData: { filters: [{ col: 'quantity_ordered', op: '==', val: 5 }] },
      filterState: { value: [5, 5], label: 'x = 5' },
    });
    expect(rangeFilters('c', 1, 2)).toEqual([
      { col: 'c', op: '>=', val: 1 },
      { col: 'c', op: '<=', val: 2 },
    ]);
    expect(rangeFilters('c', null, null)).toEqual([]);
  });

  it('range label numbers go through a formatter when one is given', () => {
    const k = (n: number) => `${n / 1000}k`;
    expect(rangeLabel(1000, 2000, k)).toBe('1k ≤ x ≤ 2k');
    expect(rangeLabel(1000, null, k)).toBe('x ≥ 1k');
    expect(rangeLabel(null, 3000, k)).toBe('x ≤ 3k');
    expect(rangeLabel(4000, 4000, k)).toBe('x = 4k');
    expect(rangeLabel(null, null)).toBe('');
  });

  it('time range, time grain, time column', () => {
    expect(maskFromValue(period, 'Last week')).toEqual({
      extraFormData: { time_range: 'Last week' },
      filterState: { value: 'Last week' },
    });
    expect(maskFromValue(period, 'No filter')).toEqual(emptyMask());
    expect(maskFromValue(grain, 'P1M', 'Month')).toEqual({
      extraFormData: { time_grain_sqla: 'P1M' },
      filterState: { value: ['P1M'], label: 'Month' },
    });
    expect(maskFromValue(grain, ['P1D'])).toEqual({
      extraFormData: { time_grain_sqla: 'P1D' },
      filterState: { value: ['P1D'] },
    });
    expect(maskFromValue(grain, null)).toEqual(emptyMask());
    expect(maskFromValue(timeCol, ['order_date'])).toEqual({
      extraFormData: { granularity_sqla: 'order_date' },
      filterState: { value: ['order_date'] },
    });
  });

  it('a filter without a column gives the empty mask', () => {
    const [noColumn] = read([{ id: 'x', name: 'x', filterType: 'filter_select' }]);
    expect(maskFromValue(noColumn!, ['a'])).toEqual(emptyMask());
  });
});

describe('range single value types (controlValues.enableSingleValue)', () => {
  const [minimum, exact, maximum, twoSided] = read(
    [0, 1, 2, undefined].map((type, i) => ({
      id: `F-r${i}`,
      name: 'Quantity',
      filterType: 'filter_range',
      targets: [{ datasetId: 7, column: { name: 'qty' } }],
      controlValues: type === undefined ? {} : { enableSingleValue: type },
    })),
  ) as [NativeFilter, NativeFilter, NativeFilter, NativeFilter];

  it("reads Superset's SingleValueType safely", () => {
    expect(rangeSingleValueType(minimum)).toBe(SingleValueType.Minimum);
    expect(rangeSingleValueType(exact)).toBe(SingleValueType.Exact);
    expect(rangeSingleValueType(maximum)).toBe(SingleValueType.Maximum);
    expect(rangeSingleValueType(twoSided)).toBeUndefined();
    expect(readSingleValueType('2')).toBe(2);
    expect(readSingleValueType(3)).toBeUndefined();
    expect(readSingleValueType(true)).toBeUndefined();
    expect(readSingleValueType('')).toBeUndefined();
    // Only a range filter has one.
    const [select] = read([
      {
        id: 's',
        name: 's',
        filterType: 'filter_select',
        controlValues: { enableSingleValue: 1 },
      },
    ]);
    expect(rangeSingleValueType(select!)).toBeUndefined();
  });

  it('a single value as a range, and back', () => {
    expect(singleRangeValue(SingleValueType.Minimum, 3)).toEqual([3, null]);
    expect(singleRangeValue(SingleValueType.Exact, 3)).toEqual([3, 3]);
    expect(singleRangeValue(SingleValueType.Maximum, 3)).toEqual([null, 3]);
    expect(singleRangeValue(SingleValueType.Exact, null)).toEqual([null, null]);
    expect(singleValueOf(SingleValueType.Minimum, [3, 8])).toBe(3);
    expect(singleValueOf(SingleValueType.Maximum, [3, 8])).toBe(8);
    expect(singleValueOf(SingleValueType.Exact, [null, 8])).toBe(8);
    expect(singleValueOf(SingleValueType.Exact, null)).toBeNull();
    expect(fitRange(SingleValueType.Maximum, [3, 8])).toEqual([null, 8]);
    expect(fitRange(undefined, [3, 8])).toEqual([3, 8]);
  });

  it('Minimum filters >= only, Exact one ==, Maximum <= only, with Superset labels', () => {
    expect(maskFromValue(minimum, [10, null])).toEqual({
      extraFormData: { filters: [{ col: 'qty', op: '>=', val: 10 }] },
      filterState: { value: [10, null], label: 'x ≥ 10' },
    });
    expect(maskFromValue(exact, [7, 7])).toEqual({
      extraFormData: { filters: [{ col: 'qty', op: '==', val: 7 }] },
      filterState: { value: [7, 7], label: 'x = 7' },
    });
    expect(maskFromValue(maximum, [null, 20])).toEqual({
      extraFormData: { filters: [{ col: 'qty', op: '<=', val: 20 }] },
      filterState: { value: [null, 20], label: 'x ≤ 20' },
    });
    expect(maskFromValue(twoSided, [10, 20]).filterState?.label).toBe('10 ≤ x ≤ 20');
  });

  it('a value of another shape is fitted to the type; no value is the empty mask', () => {
    expect(maskFromValue(minimum, [10, 20]).filterState?.value).toEqual([10, null]);
    expect(maskFromValue(maximum, [10, 20]).filterState?.value).toEqual([null, 20]);
    expect(maskFromValue(exact, [10, 20]).filterState?.value).toEqual([10, 10]);
    expect(maskFromValue(exact, [null, 20]).filterState?.value).toEqual([20, 20]);
    expect(maskFromValue(minimum, [null, 20])).toEqual(emptyMask());
    expect(maskFromValue(maximum, [null, null])).toEqual(emptyMask());
  });

  it('reads back the value for the type, also from masks kept without a filter state', () => {
    for (const [filter, value] of [
      [minimum, [10, null]],
      [exact, [7, 7]],
      [maximum, [null, 20]],
    ] as const)
      expect(valueFromMask(filter, maskFromValue(filter, value))).toEqual(value);
    // A two-sided mask (from before the type was set) shows the bound the type uses.
    const old = maskFromValue(twoSided, [10, 20]);
    expect(valueFromMask(minimum, old)).toEqual([10, null]);
    expect(valueFromMask(maximum, old)).toEqual([null, 20]);
    expect(valueFromMask(exact, old)).toEqual([10, 10]);
    expect(valueFromMask(maximum, maskFromValue(twoSided, [10, null]))).toBeNull();
    expect(
      valueFromMask(exact, { extraFormData: { filters: [{ col: 'qty', op: '==', val: 4 }] } }),
    ).toEqual([4, 4]);
    expect(
      valueFromMask(twoSided, { extraFormData: { filters: [{ col: 'qty', op: '==', val: 4 }] } }),
    ).toEqual([4, 4]);
  });
});

describe('valueFromMask', () => {
  it('reads back what maskFromValue wrote', () => {
    const cases: Array<[NativeFilter, unknown]> = [
      [country, ['France', 'Spain']],
      [country, [null]],
      [quantity, [10, 50]],
      [quantity, [null, 50]],
      [period, 'Last week'],
      [grain, ['P1M']],
      [timeCol, ['order_date']],
    ];
    for (const [filter, value] of cases)
      expect(valueFromMask(filter, maskFromValue(filter, value))).toEqual(value);
  });

  it('is null for empty masks, missing masks and "No filter"', () => {
    expect(valueFromMask(country, undefined)).toBeNull();
    expect(valueFromMask(country, emptyMask())).toBeNull();
    expect(valueFromMask(quantity, { filterState: { value: [null, null] } })).toBeNull();
    expect(valueFromMask(period, { filterState: { value: 'No filter' } })).toBeNull();
    expect(valueFromMask(grain, { extraFormData: {}, filterState: {} })).toBeNull();
  });

  it('reads masks kept without a filter state from their extra form data', () => {
    expect(
      valueFromMask(country, {
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['Japan'] }] },
      }),
    ).toEqual(['Japan']);
    expect(
      valueFromMask(quantity, {
        extraFormData: { filters: [{ col: 'quantity_ordered', op: '>=', val: 3 }] },
      }),
    ).toEqual([3, null]);
    expect(valueFromMask(period, { extraFormData: { time_range: 'Last year' } })).toBe('Last year');
    expect(valueFromMask(grain, { extraFormData: { time_grain_sqla: 'P1W' } })).toEqual(['P1W']);
    expect(valueFromMask(timeCol, { extraFormData: { granularity_sqla: 'ds' } })).toEqual(['ds']);
    // An older single select stored its value as is.
    expect(valueFromMask(single, { filterState: { value: 'Cars' } })).toEqual(['Cars']);
  });
});

describe('isMaskEmpty, masksEqual, pendingChanged, changedMasks', () => {
  it('empty masks', () => {
    expect(isMaskEmpty(undefined)).toBe(true);
    expect(isMaskEmpty({})).toBe(true);
    expect(isMaskEmpty(emptyMask())).toBe(true);
    expect(
      isMaskEmpty({ extraFormData: { filters: [] }, filterState: { value: [null, null] } }),
    ).toBe(true);
    expect(isMaskEmpty({ extraFormData: {}, filterState: { value: [] } })).toBe(true);
    expect(isMaskEmpty(maskFromValue(country, [null]))).toBe(false);
    expect(isMaskEmpty(maskFromValue(period, 'Last day'))).toBe(false);
    expect(isMaskEmpty({ extraFormData: { time_range: 'Last day' } })).toBe(false);
  });

  it('masks are equal when they filter the same way (labels, ids, key order do not count)', () => {
    const a = maskFromValue(country, ['France']);
    const b: DataMask = {
      filterState: { label: 'la France', value: ['France'] },
      extraFormData: { filters: [{ val: ['France'], op: 'IN', col: 'country' }] },
      ownState: {},
    };
    expect(masksEqual(a, b)).toBe(true);
    expect(masksEqual(undefined, emptyMask())).toBe(true);
    expect(masksEqual({ extraFormData: {}, filterState: {} }, emptyMask())).toBe(true);
    expect(masksEqual(a, maskFromValue(country, ['Spain']))).toBe(false);
    expect(masksEqual(a, maskFromValue(inverse, ['France']))).toBe(false);
  });

  it('pending changes are only those that differ from the applied masks', () => {
    const applied: Record<string, DataMask> = {
      'F-country': { ...maskFromValue(country, ['France']), ownState: {} },
      'F-time': { extraFormData: {}, filterState: {}, ownState: {} },
      '42': { extraFormData: { filters: [{ col: 'x', op: 'IN', val: [1] }] } },
    };
    const unchanged = {
      'F-country': maskFromValue(country, ['France']),
      'F-time': emptyMask(),
    };
    expect(pendingChanged(applied, unchanged)).toBe(false);
    expect(changedMasks(applied, unchanged)).toEqual({});
    const changed = { ...unchanged, 'F-time': maskFromValue(period, 'Last week') };
    expect(pendingChanged(applied, changed)).toBe(true);
    expect(changedMasks(applied, changed)).toEqual({
      'F-time': maskFromValue(period, 'Last week'),
    });
  });
});

describe('validateRequired and applyState', () => {
  const all = [country, quantity, required];

  it('reports required filters without a value', () => {
    expect(validateRequired(all, {})).toEqual(['F-req']);
    expect(validateRequired(all, { 'F-req': emptyMask() })).toEqual(['F-req']);
    expect(validateRequired(all, { 'F-req': maskFromValue(required, ['Small']) })).toEqual([]);
  });

  it('Apply is disabled until something changed', () => {
    const applied = { 'F-req': maskFromValue(required, ['Small']) };
    expect(applyState(all, applied, { ...applied }).disabled).toBe(true);
    const pending = { ...applied, 'F-country': maskFromValue(country, ['France']) };
    const state = applyState(all, applied, pending);
    expect(state.disabled).toBe(false);
    expect(state.changed).toEqual({ 'F-country': maskFromValue(country, ['France']) });
  });

  it('Apply is disabled while a required filter in scope is empty', () => {
    const pending = { 'F-country': maskFromValue(country, ['France']) };
    const state = applyState(all, {}, pending);
    expect(state.missingRequired).toEqual(['F-req']);
    expect(state.disabled).toBe(true);
    // Out of scope, the required filter does not block in-scope changes ...
    expect(applyState(all, {}, pending, new Set(['F-req'])).disabled).toBe(false);
    // ... but it does when only out-of-scope filters changed.
    const outOnly = applyState(all, {}, pending, new Set(['F-req', 'F-country']));
    expect(outOnly.missingRequired).toEqual(['F-req']);
    expect(outOnly.disabled).toBe(true);
  });

  it('Apply is disabled while a mask has a validation error', () => {
    const pending = {
      'F-req': maskFromValue(required, ['Small']),
      'F-qty': { extraFormData: {}, filterState: { value: null, validateStatus: 'error' } },
      'F-country': maskFromValue(country, ['France']),
    };
    expect(applyState(all, {}, pending).disabled).toBe(true);
  });

  it('ignores masks of ids that are not native filters (cross filters, dividers)', () => {
    const [divider] = read([{ id: 'D-1', type: 'DIVIDER', title: 'Section' }]);
    const filters = [divider!, country];
    const state = applyState(filters, {}, { '12': maskFromValue(country, ['x']), 'D-1': {} });
    expect(state.changed).toEqual({});
    expect(state.disabled).toBe(true);
  });
});

describe('Clear all', () => {
  it('empties every native filter; it is enabled while a value is pending or applied', () => {
    const filters = [country, period];
    expect(clearedMasks(filters)).toEqual({ 'F-country': emptyMask(), 'F-time': emptyMask() });
    expect(canClearAll(filters, {}, {})).toBe(false);
    expect(canClearAll(filters, { 'F-time': maskFromValue(period, 'Last day') }, {})).toBe(true);
    expect(canClearAll(filters, {}, { 'F-country': maskFromValue(country, ['a']) })).toBe(true);
    // Clearing is a pending change: applying is still needed.
    const applied = { 'F-time': maskFromValue(period, 'Last day') };
    expect(applyState(filters, applied, clearedMasks(filters)).changed).toEqual({
      'F-time': emptyMask(),
    });
  });
});

describe('cascadeAncestors', () => {
  it('parents and their parents, in configuration order, cycles cut', () => {
    const filters = read([
      { id: 'a', name: 'a', filterType: 'filter_select', cascadeParentIds: ['c'] },
      { id: 'b', name: 'b', filterType: 'filter_select', cascadeParentIds: ['a', 'missing'] },
      { id: 'c', name: 'c', filterType: 'filter_select', cascadeParentIds: ['b'] },
      { id: 'd', name: 'd', filterType: 'filter_select', cascadeParentIds: ['b'] },
    ]);
    const [, , , d] = filters;
    expect(cascadeAncestors(d!, filters)).toEqual(['a', 'b', 'c']);
    expect(cascadeAncestors(filters[0]!, filters)).toEqual(['b', 'c']);
  });
});

import { describe, expect, it } from 'vitest';
import { GenericDataType } from '@strata/core';
import type { ChartDataResult } from '@strata/charts';
import { parseNativeFilters, type NativeFilter } from '../nativeFilters';
import {
  choicesFromResult,
  filterDatasourceKey,
  FILTER_CHOICES_ROW_LIMIT,
  parentsExtraFormData,
  rangeBoundsQuery,
  rangeFromResult,
  searchApplies,
  selectChoicesQuery,
} from './choicesQuery';
import { maskFromValue } from './filterMasks';

function filter(entry: Record<string, unknown>): NativeFilter {
  const { filters } = parseNativeFilters([
    {
      type: 'NATIVE_FILTER',
      name: 'f',
      controlValues: {},
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
      ...entry,
    },
  ]);
  return filters[0]!;
}

const country = filter({
  id: 'F-country',
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'country' } }],
});
const city = filter({
  id: 'F-city',
  filterType: 'filter_select',
  targets: [{ datasetId: 7, column: { name: 'city' } }],
  cascadeParentIds: ['F-country'],
  adhoc_filters: [
    {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'status',
      operator: '==',
      comparator: 'Shipped',
    },
    { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'price > 0' },
    'not a filter',
  ],
  time_range: 'Last year',
  granularity_sqla: 'order_date',
  sortMetric: 'count',
  controlValues: { sortAscending: false },
});
const period = filter({ id: 'F-time', filterType: 'filter_time', targets: [{}] });
const quantity = filter({
  id: 'F-qty',
  filterType: 'filter_range',
  targets: [{ datasetId: 7, column: { name: 'quantity_ordered' } }],
});

const result = (partial: Partial<ChartDataResult>): ChartDataResult => ({
  data: [],
  colnames: [],
  coltypes: [],
  rowcount: 0,
  ...partial,
});

describe('selectChoicesQuery', () => {
  it('groups the column on the target dataset, sorted ascending, at most 1000 rows', () => {
    const ctx = selectChoicesQuery(country)!;
    expect(ctx.datasource).toEqual({ id: 7, type: 'table' });
    expect(ctx.result_type).toBe('full');
    expect(ctx.result_format).toBe('json');
    expect(ctx.queries).toHaveLength(1);
    const q = ctx.queries[0]!;
    expect(q.columns).toEqual(['country']);
    expect(q.metrics).toEqual([]);
    expect(q.orderby).toEqual([['country', true]]);
    expect(q.row_limit).toBe(FILTER_CHOICES_ROW_LIMIT);
    expect(q.row_limit).toBe(1000);
    expect(q.filters).toEqual([]);
    expect(q.time_range).toBeUndefined();
  });

  it("carries the filter's own pre-filter, its sort metric and its parents' pending filters", () => {
    const parent = maskFromValue(country, ['France', 'Spain']);
    const ctx = selectChoicesQuery(city, {
      parentMasks: [parent, maskFromValue(period, 'Last week')],
    })!;
    const q = ctx.queries[0]!;
    expect(q.columns).toEqual(['city']);
    expect(q.metrics).toEqual(['count']);
    expect(q.orderby).toEqual([['count', false]]);
    expect(q.filters).toEqual([
      { col: 'status', op: '==', val: 'Shipped' },
      { col: 'country', op: 'IN', val: ['France', 'Spain'], isExtra: true },
    ]);
    expect(q.extras?.where).toBe('(price > 0)');
    // The parent's time range overrides the filter's own (Superset's merge).
    expect(q.time_range).toBe('Last week');
    expect(q.granularity).toBe('order_date');
    expect(ctx.form_data.viz_type).toBe('filter_select');
  });

  it('without parents, the own time range pre-filters the choices', () => {
    const q = selectChoicesQuery(city)!.queries[0]!;
    expect(q.time_range).toBe('Last year');
    expect(q.filters).toEqual([{ col: 'status', op: '==', val: 'Shipped' }]);
  });

  it('a pre-filter clause made in the configuration modal (IN list, custom SQL) narrows the choices', () => {
    const state = filter({
      id: 'F-state',
      filterType: 'filter_select',
      targets: [{ datasetId: 7, column: { name: 'state' } }],
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'state',
          operator: 'IN',
          comparator: ['CA', 'NY'],
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: "gender = 'girl'" },
      ],
      time_range: 'No filter',
    });
    const q = selectChoicesQuery(state)!.queries[0]!;
    expect(q.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA', 'NY'] }]);
    expect(q.extras?.where).toBe("(gender = 'girl')");
    // The same pre-filter bounds a range filter's slider.
    const range = rangeBoundsQuery({ ...state, filterType: 'filter_range' })!.queries[0]!;
    expect(range.filters).toEqual([{ col: 'state', op: 'IN', val: ['CA', 'NY'] }]);
  });

  it('a search is a case-insensitive contains filter (when the column type allows it)', () => {
    const q = selectChoicesQuery(country, { search: ' fra ' })!.queries[0]!;
    expect(q.filters).toEqual([{ col: 'country', op: 'ILIKE', val: '%fra%' }]);
    const numeric = selectChoicesQuery(country, {
      search: 'fra',
      columnType: GenericDataType.NUMERIC,
    })!.queries[0]!;
    expect(numeric.filters).toEqual([]);
    expect(searchApplies(GenericDataType.NUMERIC, '12')).toBe(true);
    expect(searchApplies(GenericDataType.STRING, 'x')).toBe(true);
    expect(searchApplies(GenericDataType.TEMPORAL, '2020')).toBe(false);
    expect(searchApplies(undefined, '')).toBe(false);
  });

  it('is null without a dataset id or a column', () => {
    expect(
      selectChoicesQuery(
        filter({ id: 'u', filterType: 'filter_select', targets: [{ datasetUuid: 'abc' }] }),
      ),
    ).toBeNull();
    expect(selectChoicesQuery(period)).toBeNull();
    expect(filterDatasourceKey(country)).toBe('7__table');
  });
});

describe('parentsExtraFormData', () => {
  it('merges filters and time settings in order, nothing else', () => {
    expect(
      parentsExtraFormData([
        { extraFormData: { filters: [{ col: 'a', op: 'IN', val: [1] }], time_range: 'Last day' } },
        undefined,
        { extraFormData: { time_range: 'Last week', custom_form_data: { x: 1 } } },
        { extraFormData: { filters: [{ col: 'b', op: '>=', val: 2 }] } },
      ]),
    ).toEqual({
      filters: [
        { col: 'a', op: 'IN', val: [1] },
        { col: 'b', op: '>=', val: 2 },
      ],
      time_range: 'Last week',
    });
    expect(parentsExtraFormData([])).toEqual({});
  });
});

describe('rangeBoundsQuery', () => {
  it('asks MIN and MAX of the column as SIMPLE metrics labelled min and max', () => {
    const ctx = rangeBoundsQuery(quantity, [maskFromValue(country, ['France'])])!;
    const q = ctx.queries[0]!;
    expect(q.columns).toEqual([]);
    expect(q.metrics).toEqual([
      {
        expressionType: 'SIMPLE',
        aggregate: 'MIN',
        column: { column_name: 'quantity_ordered' },
        label: 'min',
        hasCustomLabel: true,
      },
      {
        expressionType: 'SIMPLE',
        aggregate: 'MAX',
        column: { column_name: 'quantity_ordered' },
        label: 'max',
        hasCustomLabel: true,
      },
    ]);
    expect(q.filters).toEqual([{ col: 'country', op: 'IN', val: ['France'], isExtra: true }]);
    expect(rangeBoundsQuery(period)).toBeNull();
  });
});

describe('choicesFromResult', () => {
  it("reads the column's values once each, in order, with Superset's labels", () => {
    const r = result({
      colnames: ['country', 'count'],
      coltypes: [GenericDataType.STRING, GenericDataType.NUMERIC],
      data: [
        { country: 'Spain', count: 9 },
        { country: null, count: 5 },
        { country: 'France', count: 3 },
        { country: 'Spain', count: 1 },
        { country: true, count: 1 },
        { country: 12, count: 1 },
      ],
    });
    expect(choicesFromResult(r)).toEqual([
      { value: 'Spain', label: 'Spain' },
      { value: null, label: '<NULL>' },
      { value: 'France', label: 'France' },
      { value: true, label: 'TRUE' },
      { value: 12, label: '12' },
    ]);
    expect(choicesFromResult(r, 'count').map((c) => c.value)).toEqual([9, 5, 3, 1]);
    expect(choicesFromResult(undefined)).toEqual([]);
  });

  it('shows temporal values at their finest grain', () => {
    const day = Date.UTC(2024, 0, 15);
    const days = result({
      colnames: ['ds'],
      coltypes: [GenericDataType.TEMPORAL],
      data: [{ ds: day }, { ds: day + 86_400_000 }],
    });
    expect(choicesFromResult(days).map((c) => c.label)).toEqual(['2024-01-15', '2024-01-16']);
    const times = result({
      colnames: ['ds'],
      coltypes: [GenericDataType.TEMPORAL],
      data: [{ ds: day }, { ds: day + 3_600_000 }],
    });
    expect(choicesFromResult(times).map((c) => c.label)).toEqual([
      '2024-01-15 00:00:00',
      '2024-01-15 01:00:00',
    ]);
    expect(choicesFromResult(times)[1]!.value).toBe(day + 3_600_000);
  });
});

describe('rangeFromResult', () => {
  it('reads min and max; flags a non-numeric column', () => {
    expect(rangeFromResult(result({ data: [{ min: 1, max: 97.5 }] }))).toEqual({
      min: 1,
      max: 97.5,
      nonNumeric: false,
    });
    expect(rangeFromResult(result({ data: [{ min: '2', max: '10' }] }))).toEqual({
      min: 2,
      max: 10,
      nonNumeric: false,
    });
    expect(rangeFromResult(result({ data: [{ min: null, max: null }] }))).toEqual({
      min: null,
      max: null,
      nonNumeric: false,
    });
    expect(rangeFromResult(result({ data: [{ min: 'abc', max: 'xyz' }] })).nonNumeric).toBe(true);
    expect(rangeFromResult(undefined)).toEqual({ min: null, max: null, nonNumeric: false });
  });
});

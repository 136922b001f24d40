import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { aggregate } from './aggregators.js';
import { buildPivot, headerCells, type PivotRecord } from './pivot.js';
import { pivotTablePlugin } from './index.js';
import { transformProps } from './transformProps.js';

const fd = {
  datasource: '3__table',
  viz_type: 'pivot_table_v2',
  groupbyRows: ['region', 'country'],
  groupbyColumns: ['year'],
  metrics: ['sales', 'cost'],
  time_range: 'No filter',
  row_limit: 10000,
};

const data = [
  { region: 'EU', country: 'FR', year: '2020', sales: 10, cost: 4 },
  { region: 'EU', country: 'FR', year: '2021', sales: 20, cost: 5 },
  { region: 'EU', country: 'DE', year: '2020', sales: 30, cost: 6 },
  { region: 'AS', country: 'JP', year: '2021', sales: 5, cost: 1 },
];
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 600,
  height: 400,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data,
      colnames: ['region', 'country', 'year', 'sales', 'cost'],
      coltypes: [1, 1, 1, 0, 0],
      rowcount: data.length,
    },
  ],
  datasource: { id: 3, type: 'table', columns: [], metrics: [] },
});

describe('pivot table buildQuery', () => {
  it('groups by columns then rows, ordered by the first metric', () => {
    const q = pivotTablePlugin.buildQuery(fd).queries[0]!;
    expect(q.columns).toEqual(['year', 'region', 'country']);
    expect(q.metrics).toEqual(['sales', 'cost']);
    expect(q.orderby).toEqual([['sales', false]]);
    expect(q.row_limit).toBe(10000);
  });

  it('sorts by the sort metric ascending when not descending, grains temporal columns', () => {
    const q = pivotTablePlugin.buildQuery({
      ...fd,
      groupbyColumns: ['ds'],
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1M',
      series_limit_metric: 'cost',
      order_desc: false,
    }).queries[0]!;
    expect(q.orderby).toEqual([['cost', true]]);
    expect(q.columns?.[0]).toMatchObject({ sqlExpression: 'ds', timeGrain: 'P1M', label: 'ds' });
  });
});

describe('pivot model', () => {
  const records: PivotRecord[] = [
    { row: ['EU', 'FR'], col: ['a'], value: 10 },
    { row: ['EU', 'FR'], col: ['b'], value: 20 },
    { row: ['EU', 'DE'], col: ['a'], value: 30 },
    { row: ['AS', 'JP'], col: ['b'], value: 5 },
  ];
  const options = {
    aggregateFunction: 'Sum' as const,
    rowOrder: 'key_a_to_z' as const,
    colOrder: 'key_a_to_z' as const,
    rowSubtotals: false,
    colSubtotals: false,
  };

  it('aggregates cells, subtotals and totals from the underlying values', () => {
    const m = buildPivot(records, 2, 1, options);
    expect(m.rowKeys).toEqual([
      ['AS', 'JP'],
      ['EU', 'DE'],
      ['EU', 'FR'],
    ]);
    expect(m.colKeys).toEqual([['a'], ['b']]);
    expect(m.value(['EU', 'FR'], ['b'])).toBe(20);
    expect(m.value(['EU', 'DE'], ['b'])).toBeNull();
    expect(m.value(['EU'], [])).toBe(60);
    expect(m.value([], ['a'])).toBe(40);
    expect(m.value([], [])).toBe(65);
    const avg = buildPivot(records, 2, 1, { ...options, aggregateFunction: 'Average' });
    expect(avg.value(['EU'], [])).toBe(20);
  });

  it('orders by value and places subtotals after their group', () => {
    const m = buildPivot(records, 2, 1, {
      ...options,
      rowOrder: 'value_z_to_a',
      rowSubtotals: true,
    });
    expect(m.rowKeys).toEqual([['EU', 'FR'], ['EU', 'DE'], ['EU'], ['AS', 'JP'], ['AS']]);
    const desc = buildPivot(records, 2, 1, { ...options, colOrder: 'key_z_to_a' });
    expect(desc.colKeys).toEqual([['b'], ['a']]);
  });

  it('divides by the total, the row or the column for fractions', () => {
    const total = buildPivot(records, 2, 1, {
      ...options,
      aggregateFunction: 'Sum as Fraction of Total',
    });
    expect(total.value(['EU', 'DE'], ['a'])).toBeCloseTo(30 / 65);
    const rows = buildPivot(records, 2, 1, {
      ...options,
      aggregateFunction: 'Sum as Fraction of Rows',
    });
    expect(rows.value(['EU', 'FR'], ['a'])).toBeCloseTo(10 / 30);
    const cols = buildPivot(records, 2, 1, {
      ...options,
      aggregateFunction: 'Count as Fraction of Columns',
    });
    expect(cols.value(['EU', 'FR'], ['b'])).toBe(0.5);
  });

  it('has every aggregate function of the control', () => {
    expect(aggregate('Median', [3, 1, 2, 10])).toBe(2.5);
    expect(aggregate('Sample Variance', [1, 2, 3])).toBe(1);
    expect(aggregate('Count Unique Values', ['a', 'b', 'a', null])).toBe(2);
    expect(aggregate('List Unique Values', ['a', 'b', 'a'])).toBe('a, b');
    expect(aggregate('Minimum', [4, -2, 9])).toBe(-2);
    expect(aggregate('Last', [4, -2, 9])).toBe(9);
  });

  it('spans group headers over their rows, subtotals to the last level', () => {
    const keys = [['EU', 'DE'], ['EU', 'FR'], ['EU'], ['AS', 'JP'], ['AS']];
    const cells = headerCells(keys, 2);
    expect(cells[0]).toEqual([
      { label: 'EU', span: 2, depthSpan: 1, subtotal: false, key: ['EU'] },
      { label: 'DE', span: 1, depthSpan: 1, subtotal: false, key: ['EU', 'DE'] },
    ]);
    expect(cells[1]![0]).toBeNull();
    expect(cells[2]).toEqual([
      { label: 'Subtotal', span: 1, depthSpan: 2, subtotal: true, key: ['EU'] },
    ]);
  });
});

describe('pivot table transformProps', () => {
  it('puts metrics on the columns first, or last when combined, or on the rows', () => {
    const p = transformProps(props());
    expect(p.rowAttrs).toEqual(['region', 'country']);
    expect(p.colAttrs).toEqual(['Metric', 'year']);
    expect(p.model.colKeys[0]).toEqual(['cost', '2020']);
    expect(p.model.value(['EU', 'FR'], ['sales', '2021'])).toBe(20);
    expect(transformProps(props({ combineMetric: true })).colAttrs).toEqual(['year', 'Metric']);
    const t = transformProps(props({ metricsLayout: 'ROWS', transposePivot: true }));
    expect(t.rowAttrs).toEqual(['Metric', 'year']);
    expect(t.colAttrs).toEqual(['region', 'country']);
    expect(t.totalLabel).toBe('Total (Sum)');
  });

  it('formats values, percentages for fractions, and colours by metric rule', () => {
    const p = transformProps(
      props({
        valueFormat: ',.2f',
        conditional_formatting: [
          { column: 'sales', operator: '>', targetValue: 15, colorScheme: '#ACE1C4' },
        ],
      }),
    );
    expect(p.formatCell(1234.5)).toBe('1,234.50');
    expect(p.cellColor(['EU', 'FR'], ['sales', '2021'], 20)).toBe('#ACE1C4');
    expect(p.cellColor(['EU', 'FR'], ['cost', '2021'], 20)).toBeUndefined();
    const f = transformProps(props({ aggregateFunction: 'Sum as Fraction of Total' }));
    expect(f.formatCell(0.25)).toBe('25.0%');
    expect(transformProps({ ...props(), queriesData: [] }).empty).toBe(true);
  });
});

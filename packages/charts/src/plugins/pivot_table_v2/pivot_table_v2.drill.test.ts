import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillContext, DrillFilter } from '../../plugin.js';
import { transformProps } from './transformProps.js';

const data = [
  { region: 'EU', year: 1577836800000, sales: 10 },
  { region: 'EU', year: 1609459200000, sales: 20 },
  { region: null, year: 1577836800000, sales: 5 },
];
const calls: Array<[DrillFilter[], DrillContext | undefined]> = [];
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 600,
  height: 400,
  formData: {
    datasource: '3__table',
    viz_type: 'pivot_table_v2',
    groupbyRows: ['region'],
    groupbyColumns: ['year'],
    metrics: ['sales'],
    time_grain_sqla: 'P1Y',
    date_format: '%Y',
    ...extra,
  },
  queriesData: [{ data, colnames: ['region', 'year', 'sales'], coltypes: [1, 2, 0], rowcount: 3 }],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters, context) => calls.push([filters, context]) },
});
const year2020 = {
  col: 'year',
  op: '==',
  val: 1577836800000,
  formattedVal: '2020',
  grain: 'P1Y',
};
const eu = { col: 'region', op: '==', val: 'EU', formattedVal: 'EU' };

describe('pivot table drill', () => {
  it('gives a value cell its column then its row header values, not the metric', () => {
    calls.length = 0;
    const p = transformProps(props());
    expect(p.colAttrs).toEqual(['Metric', 'year']);
    p.onCellContextMenu!(['EU'], ['sales', '2020'], 0, 0);
    expect(calls).toEqual([[[year2020, eu], { drillByField: 'groupbyRows' }]]);
  });

  it('gives a total cell the headers it has, a NULL header none', () => {
    calls.length = 0;
    const p = transformProps(props());
    p.onCellContextMenu!(['EU'], [], 0, 0);
    p.onCellContextMenu!(['NULL'], ['sales', '2020'], 0, 0);
    expect(calls.map((c) => c[0])).toEqual([[eu], [year2020]]);
  });

  it('gives a header cell its path, drilling by its own axis (swapped when transposed)', () => {
    calls.length = 0;
    const p = transformProps(props());
    p.onHeaderContextMenu!('col', ['sales', '2020'], 0, 0);
    p.onHeaderContextMenu!('row', ['EU'], 0, 0);
    expect(calls).toEqual([
      [[year2020], { drillByField: 'groupbyColumns' }],
      [[eu], { drillByField: 'groupbyRows' }],
    ]);
    calls.length = 0;
    const t = transformProps(props({ transposePivot: true }));
    expect(t.rowAttrs).toEqual(['year']);
    t.onHeaderContextMenu!('row', ['2020'], 0, 0);
    expect(calls).toEqual([[[year2020], { drillByField: 'groupbyColumns' }]]);
  });

  it('offers no handlers when the page has no drill menu', () => {
    const p = transformProps({ ...props(), hooks: {} });
    expect(p.onCellContextMenu).toBeUndefined();
    expect(p.onHeaderContextMenu).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { drillColumnName, drillFilter, drillFilters } from './drill.js';
import { transformProps as pieProps } from './plugins/pie/transformProps.js';
import type { ChartProps, DrillFilter } from './plugin.js';

describe('drill filters', () => {
  it('uses dataset columns only, leaves nulls and adhoc SQL out', () => {
    expect(drillColumnName('a')).toBe('a');
    expect(
      drillColumnName({
        sqlExpression: 'a',
        label: 'a',
        expressionType: 'SQL',
        isColumnReference: true,
      }),
    ).toBe('a');
    expect(
      drillColumnName({ sqlExpression: 'upper(a)', label: 'A', expressionType: 'SQL' }),
    ).toBeNull();
    expect(drillFilter('a', null, 'N/A')).toBeNull();
    expect(drillFilter('t', 1704067200000, '2024-01', 'P1M')).toEqual({
      col: 't',
      op: '==',
      val: 1704067200000,
      grain: 'P1M',
      formattedVal: '2024-01',
    });
    expect(drillFilters([null, drillFilter('a', 'x', 'x')])).toEqual([
      { col: 'a', op: '==', val: 'x', formattedVal: 'x' },
    ]);
  });

  it('pie: a right click on a slice calls onContextMenu with its dimension values', () => {
    const calls: Array<[number, number, DrillFilter[]]> = [];
    const props = pieProps({
      width: 300,
      height: 300,
      formData: { datasource: '1__table', viz_type: 'pie', metric: 'count', groupby: ['status'] },
      queriesData: [
        {
          colnames: ['status', 'count'],
          coltypes: [1, 0],
          data: [{ status: 'shipped', count: 3 }],
          rowcount: 1,
        },
      ],
      datasource: { id: 1, type: 'table', columns: [], metrics: [] },
      hooks: { onContextMenu: (x, y, f) => calls.push([x, y, f]) },
    } as unknown as ChartProps);
    props.onSliceContextMenu?.('shipped', 10, 20);
    expect(calls).toEqual([
      [10, 20, [{ col: 'status', op: '==', val: 'shipped', formattedVal: 'shipped' }]],
    ]);
  });
});

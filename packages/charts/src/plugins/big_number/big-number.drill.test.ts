import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillFilter } from '../../plugin.js';
import { transformProps, trendPointDrill } from './transformProps.js';

const calls: DrillFilter[][] = [];
const props: ChartProps = {
  width: 300,
  height: 200,
  formData: {
    datasource: '1__table',
    viz_type: 'big_number',
    x_axis: 'ds',
    time_grain_sqla: 'P1M',
    x_axis_time_format: '%Y-%m',
    metric: 'n',
  },
  queriesData: [
    {
      data: [
        { ds: 1577836800000, n: 1 },
        { ds: 1580515200000, n: 2 },
      ],
      colnames: ['ds', 'n'],
      coltypes: [2, 0],
      rowcount: 2,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters) => calls.push(filters) },
};

describe('big number with trendline drill', () => {
  it("gives a trend point its period on the x column, the number no filters (Superset's)", () => {
    expect(trendPointDrill('ds', 0, null, '1970')).toEqual([
      { col: 'ds', op: '==', val: 0, formattedVal: '1970' },
    ]);
    calls.length = 0;
    const p = transformProps(props);
    p.onTrendContextMenu!(1580515200000, 0, 0);
    p.onNumberContextMenu!(0, 0);
    expect(calls).toEqual([
      [{ col: 'ds', op: '==', val: 1580515200000, formattedVal: '2020-02', grain: 'P1M' }],
      [],
    ]);
  });
});

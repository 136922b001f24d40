import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillFilter } from '../../plugin.js';
import { heatmapCellDrill, transformHeatmap } from './index.js';

const calls: DrillFilter[][] = [];
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 500,
  height: 300,
  formData: {
    datasource: '1__table',
    viz_type: 'heatmap_v2',
    x_axis: 'ds',
    groupby: ['hour'],
    metric: 'n',
    time_grain_sqla: 'P1D',
    x_axis_time_format: '%Y-%m-%d',
    ...extra,
  },
  queriesData: [
    {
      data: [
        { ds: 1577836800000, hour: '9', n: 1 },
        { ds: 1577923200000, hour: null, n: 3 },
      ],
      colnames: ['ds', 'hour', 'n'],
      coltypes: [2, 1, 0],
      rowcount: 2,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters) => calls.push(filters) },
});

describe('heatmap drill', () => {
  it('gives a cell its x value (with the grain when temporal) and its y value', () => {
    expect(
      heatmapCellDrill(
        { x: 'day', y: 'hour', xValue: 'mon', yValue: 9 },
        { x: 'mon', y: '9' },
        null,
      ),
    ).toEqual([
      { col: 'day', op: '==', val: 'mon', formattedVal: 'mon' },
      { col: 'hour', op: '==', val: 9, formattedVal: '9' },
    ]);
  });

  it("reports a right-clicked cell by its row (ECharts' data index)", () => {
    calls.length = 0;
    const p = transformHeatmap(props());
    p.onCellContextMenu!(0, 5, 5);
    p.onCellContextMenu!(1, 5, 5);
    p.onCellContextMenu!(7, 5, 5);
    expect(calls).toEqual([
      [
        { col: 'ds', op: '==', val: 1577836800000, formattedVal: '2020-01-01', grain: 'P1D' },
        { col: 'hour', op: '==', val: '9', formattedVal: '9' },
      ],
      // A NULL y value is no filter.
      [{ col: 'ds', op: '==', val: 1577923200000, formattedVal: '2020-01-02', grain: 'P1D' }],
      [],
    ]);
  });
});

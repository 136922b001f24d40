import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { heatmapPlugin, normalizedCells, transformHeatmap } from './index.js';

const fd = {
  datasource: '1__table',
  viz_type: 'heatmap_v2',
  x_axis: 'day',
  groupby: ['hour'],
  metric: 'n',
  time_range: 'No filter',
};
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 500,
  height: 300,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data: [
        { day: 'mon', hour: '9', n: 1 },
        { day: 'mon', hour: '10', n: 3 },
        { day: 'tue', hour: '9', n: 5 },
        { day: 'tue', hour: '10', n: 9 },
      ],
      colnames: ['day', 'hour', 'n'],
      coltypes: [1, 1, 0],
      rowcount: 4,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});

describe('heatmap', () => {
  it('asks for the metric by x and y', () => {
    const q = heatmapPlugin.buildQuery(fd).queries[0]!;
    expect((q.columns![0] as { label: string }).label).toBe('day');
    expect(q.columns![1]).toBe('hour');
    expect(q.metrics).toEqual(['n']);
  });

  it('normalises across the heatmap, x or y', () => {
    const cells = [
      { x: 'a', y: '1', value: 1 },
      { x: 'a', y: '2', value: 3 },
      { x: 'b', y: '1', value: 5 },
      { x: 'b', y: '2', value: 9 },
    ];
    expect(normalizedCells(cells, 'heatmap')).toEqual([0, 0.25, 0.5, 1]);
    expect(normalizedCells(cells, 'x')).toEqual([0, 1, 0, 1]);
    expect(normalizedCells(cells, 'y')).toEqual([0, 0, 1, 1]);
  });

  it('lays the cells on sorted axes with the linear scheme', () => {
    const o = transformHeatmap(
      props({ sort_y_axis: 'value_desc', linear_color_scheme: 'white_black' }),
    ).echartOptions;
    expect((o.xAxis as { data: string[] }).data).toEqual(['mon', 'tue']);
    expect((o.yAxis as { data: string[] }).data).toEqual(['10', '9']);
    expect((o.visualMap as { inRange: { color: string[] } }).inRange.color).toEqual([
      '#ffffff',
      '#000000',
    ]);
    const data = (o.series as Array<{ data: number[][] }>)[0]!.data;
    expect(data[3]).toEqual([1, 0, 1, 9]);
  });
});

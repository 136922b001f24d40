import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { transformGauge } from './index.js';

const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 400,
  height: 300,
  formData: { datasource: '1__table', viz_type: 'gauge_chart', groupby: [], metric: 'n', ...extra },
  queriesData: [{ data: [{ n: 70 }], colnames: ['n'], coltypes: [0], rowcount: 1 }],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Series = {
  min: number;
  max: number;
  startAngle: number;
  data: Array<{ name: string; value: number }>;
  axisLine: { lineStyle: { color?: Array<[number, string]> } };
  progress: { show: boolean };
};

describe('gauge', () => {
  it('draws the value on a dial from min to max (max defaults to the largest value)', () => {
    const s = (transformGauge(props()).echartOptions.series as Series[])[0]!;
    expect([s.min, s.max, s.startAngle]).toEqual([0, 70, 225]);
    expect(s.data).toMatchObject([{ name: 'n', value: 70 }]);
    expect(s.progress.show).toBe(true);
  });

  it('takes min, max and coloured intervals', () => {
    const s = (
      transformGauge(
        props({
          min_val: 0,
          max_val: 100,
          intervals: '50,100',
          interval_color_indices: '1,2',
          color_scheme: 'd3Category10',
        }),
      ).echartOptions.series as Series[]
    )[0]!;
    expect(s.max).toBe(100);
    expect(s.axisLine.lineStyle.color).toEqual([
      [0.5, '#1f77b4'],
      [1, '#ff7f0e'],
    ]);
  });

  it('stacks the names and values of a group by below the centre, each in its colour', () => {
    const s = (
      transformGauge({
        ...props({ groupby: ['g'] }),
        queriesData: [
          {
            data: [
              { g: 'a', n: 1 },
              { g: 'b', n: 2 },
            ],
            colnames: ['g', 'n'],
            coltypes: [1, 0],
            rowcount: 2,
          },
        ],
      }).echartOptions.series as Array<{
        data: Array<{
          itemStyle: { color: string };
          title: { offsetCenter: string[]; color: string };
          detail: { offsetCenter: string[] };
        }>;
      }>
    )[0]!;
    const [a, b] = s.data;
    expect(a!.title.offsetCenter).toEqual(['0%', '20%']);
    expect(b!.title.offsetCenter).toEqual(['0%', '50%']);
    expect(a!.detail.offsetCenter).toEqual(['0%', '32%']);
    expect(b!.title.color).toBe(b!.itemStyle.color);
    expect(a!.itemStyle.color).not.toBe(b!.itemStyle.color);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { radarPlugin, transformRadar } from './index.js';

const fd = {
  datasource: '1__table',
  viz_type: 'radar',
  groupby: ['team'],
  metrics: ['speed', 'power'],
};
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 400,
  height: 300,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data: [
        { team: 'a', speed: 5, power: 10 },
        { team: 'b', speed: 8, power: 4 },
      ],
      colnames: ['team', 'speed', 'power'],
      coltypes: [1, 0, 0],
      rowcount: 2,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});

describe('radar', () => {
  it('asks for the metrics by the dimensions', () => {
    expect(radarPlugin.buildQuery(fd).queries[0]).toMatchObject({
      columns: ['team'],
      metrics: ['speed', 'power'],
    });
  });

  it('makes one axis per metric and one polygon per group', () => {
    const o = transformRadar(
      props({ column_config: { power: { radarMetricMaxValue: 20 } }, is_circle: true }),
    ).echartOptions;
    expect((o.radar as { indicator: unknown[]; shape: string }).indicator).toEqual([
      { name: 'speed', max: 8 },
      { name: 'power', max: 20 },
    ]);
    expect((o.radar as { shape: string }).shape).toBe('circle');
    const data = (o.series as Array<{ data: Array<{ name: string; value: number[] }> }>)[0]!.data;
    expect(data.map((d) => [d.name, d.value])).toEqual([
      ['a', [5, 10]],
      ['b', [8, 4]],
    ]);
  });
});

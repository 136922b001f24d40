import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillFilter } from '../../plugin.js';
import { transformGauge } from '../gauge_chart/index.js';
import { transformRadar } from '../radar/index.js';
import { transformFunnel } from './index.js';

const calls: DrillFilter[][] = [];
const props = (viz: string, extra: Record<string, unknown> = {}): ChartProps => ({
  width: 400,
  height: 300,
  formData: { datasource: '1__table', viz_type: viz, groupby: ['gender', 'state'], ...extra },
  queriesData: [
    {
      data: [
        { gender: 'boy', state: 'CA', n: 5, m: 1 },
        { gender: 'girl', state: null, n: 3, m: 2 },
      ],
      colnames: ['gender', 'state', 'n', 'm'],
      coltypes: [1, 1, 0, 0],
      rowcount: 2,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters) => calls.push(filters) },
});
const boyCa = [
  { col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' },
  { col: 'state', op: '==', val: 'CA', formattedVal: 'CA' },
];
const girl = [{ col: 'gender', op: '==', val: 'girl', formattedVal: 'girl' }];

describe("items named by their groupby values (Superset's label map)", () => {
  it.each([
    ['funnel', () => transformFunnel(props('funnel', { metric: 'n' }))],
    ['gauge', () => transformGauge(props('gauge_chart', { metric: 'n' }))],
    ['radar', () => transformRadar(props('radar', { metrics: ['n', 'm'] }))],
  ])('%s: a right-clicked item gives its dimension values', (_, transform) => {
    calls.length = 0;
    const p = transform();
    p.onItemContextMenu!('boy, CA', 0, 0);
    p.onItemContextMenu!('girl, NULL', 0, 0);
    p.onItemContextMenu!('unknown', 0, 0);
    expect(calls).toEqual([boyCa, girl, []]);
  });

  it('offers no handler without the page menu', () => {
    expect(
      transformFunnel({ ...props('funnel', { metric: 'n' }), hooks: {} }).onItemContextMenu,
    ).toBeUndefined();
  });
});

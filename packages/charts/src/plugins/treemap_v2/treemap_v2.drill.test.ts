import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillContext, DrillFilter } from '../../plugin.js';
import {
  transformProps as sunburstProps,
  sunburstNodePath,
} from '../sunburst_v2/transformProps.js';
import { buildTree, treePathDrillFilters } from './tree.js';
import { transformProps, treemapNodePath } from './transformProps.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { getTimeFormatter } from '../../format/time-format.js';

const rows = [
  { region: 'Europe', year: 2020, sum__sales: 50 },
  { region: 'Europe', year: 2021, sum__sales: 30 },
  { region: null, year: 2020, sum__sales: 5 },
];
const calls: Array<[number, number, DrillFilter[], DrillContext | undefined]> = [];
const props = (formData: Record<string, unknown>): ChartProps => ({
  width: 600,
  height: 400,
  formData: { datasource: '1__table', viz_type: 'treemap_v2', metric: 'sum__sales', ...formData },
  queriesData: [
    { data: rows, colnames: ['region', 'year', 'sum__sales'], coltypes: [1, 0, 0], rowcount: 3 },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (x, y, filters, context) => calls.push([x, y, filters, context]) },
});

describe('hierarchy drill filters', () => {
  const tree = buildTree(rows, {
    levels: ['region', 'year'],
    metric: 'sum__sales',
    numberFormat: getNumberFormatter(',d'),
    dateFormat: getTimeFormatter('%Y'),
    temporal: new Set(),
  });

  it('gives one equality per level down the path, with the values the answer holds', () => {
    expect(treePathDrillFilters(tree, ['region', 'year'], ['Europe', '2,021'])).toEqual([
      { col: 'region', op: '==', val: 'Europe', formattedVal: 'Europe' },
      { col: 'year', op: '==', val: 2021, formattedVal: '2,021' },
    ]);
    // A parent node: its own path only.
    expect(treePathDrillFilters(tree, ['region', 'year'], ['Europe'])).toEqual([
      { col: 'region', op: '==', val: 'Europe', formattedVal: 'Europe' },
    ]);
  });

  it('leaves out null values and stops at a name that is no node', () => {
    expect(treePathDrillFilters(tree, ['region', 'year'], ['NULL', '2,020'])).toEqual([
      { col: 'year', op: '==', val: 2020, formattedVal: '2,020' },
    ]);
    expect(treePathDrillFilters(tree, ['region', 'year'], ['Nowhere', '2,020'])).toEqual([]);
    expect(
      treePathDrillFilters(
        tree,
        [{ expressionType: 'SQL', sqlExpression: 'upper(region)', label: 'region' }, 'year'],
        ['Europe', '2,020'],
      ),
    ).toEqual([{ col: 'year', op: '==', val: 2020, formattedVal: '2,020' }]);
  });

  it("reads ECharts' tree paths below the treemap's root and the sunburst's virtual root", () => {
    expect(
      treemapNodePath([
        { name: '' },
        { name: 'sum__sales' },
        { name: 'Europe' },
        { name: '2,021' },
      ]),
    ).toEqual(['Europe', '2,021']);
    expect(sunburstNodePath([{ name: '' }, { name: 'Europe' }])).toEqual(['Europe']);
  });

  it('reports a right-clicked treemap rectangle with its path', () => {
    calls.length = 0;
    const p = transformProps(props({ groupby: ['region', 'year'], number_format: ',d' }));
    p.onNodeContextMenu!([{ name: '' }, { name: 'sum__sales' }, { name: 'Europe' }], 10, 20);
    expect(calls).toEqual([
      [10, 20, [{ col: 'region', op: '==', val: 'Europe', formattedVal: 'Europe' }], undefined],
    ]);
    expect(transformProps({ ...props({ groupby: ['region'] }), hooks: {} }).onNodeContextMenu).toBe(
      undefined,
    );
  });

  it('reports a right-clicked sunburst arc with its path', () => {
    calls.length = 0;
    const p = sunburstProps(
      props({ viz_type: 'sunburst_v2', columns: ['region', 'year'], number_format: ',d' }),
    );
    p.onNodeContextMenu!([{ name: '' }, { name: 'Europe' }, { name: '2,020' }], 1, 2);
    expect(calls[0]![2]).toEqual([
      { col: 'region', op: '==', val: 'Europe', formattedVal: 'Europe' },
      { col: 'year', op: '==', val: 2020, formattedVal: '2,020' },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillContext, DrillFilter } from '../../plugin.js';
import { graphDrill, transformGraph } from './transformProps.js';

const calls: Array<[DrillFilter[], DrillContext | undefined]> = [];
const props: ChartProps = {
  width: 400,
  height: 300,
  formData: {
    datasource: '1__table',
    viz_type: 'graph_chart',
    source: 'src',
    target: 'dst',
    metric: 'total',
  },
  queriesData: [
    {
      data: [
        { src: 'a', dst: 'b', total: 10 },
        { src: 'b', dst: 'c', total: 5 },
      ],
      colnames: ['src', 'dst', 'total'],
      coltypes: [1, 1, 0],
      rowcount: 2,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters, context) => calls.push([filters, context]) },
};

describe('graph drill', () => {
  it('gives a node its value on the column it came from, and drills by that field', () => {
    expect(graphDrill(props.formData, { node: { field: 'target', value: 'c' } })).toEqual({
      filters: [{ col: 'dst', op: '==', val: 'c', formattedVal: 'c' }],
      context: { drillByField: 'target' },
    });
  });

  it("reports right-clicked nodes and edges by ECharts' data type and index", () => {
    calls.length = 0;
    const p = transformGraph(props);
    // Nodes in order of first appearance: a (source), b (target), c (target).
    p.onItemContextMenu!('node', 0, 0, 0);
    p.onItemContextMenu!('node', 2, 0, 0);
    p.onItemContextMenu!('edge', 1, 0, 0);
    expect(calls).toEqual([
      [[{ col: 'src', op: '==', val: 'a', formattedVal: 'a' }], { drillByField: 'source' }],
      [[{ col: 'dst', op: '==', val: 'c', formattedVal: 'c' }], { drillByField: 'target' }],
      [
        [
          { col: 'src', op: '==', val: 'b', formattedVal: 'b' },
          { col: 'dst', op: '==', val: 'c', formattedVal: 'c' },
        ],
        {},
      ],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { controlPanelState } from '../../control-panel/state.js';
import type { ChartProps } from '../../plugin.js';
import { graphChartPlugin, parseEdgeSymbol, transformGraph } from './index.js';
import type { GraphEdge, GraphNode } from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'graph_chart',
  source: 'src',
  target: 'dst',
  metric: { expressionType: 'SQL' as const, sqlExpression: 'SUM(n)', label: 'total' },
  source_category: 'team',
  row_limit: 10000,
};
const rows = [
  { src: 'a', dst: 'b', team: 'red', total: 10 },
  { src: 'a', dst: 'c', team: 'red', total: 30 },
  { src: 'b', dst: 'c', team: 'blue', total: 20 },
  { src: 'c', dst: 'd', team: null, total: 0 },
];
const props = (data: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
  ({
    width: 400,
    height: 300,
    formData: { ...fd, ...extra },
    queriesData: [{ data, colnames: [], coltypes: [], rowcount: data.length }],
    datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  }) as ChartProps;
type Series = Record<string, unknown> & {
  data: GraphNode[];
  links: GraphEdge[];
  categories: Array<{ name: string }>;
};
const series = (extra: Record<string, unknown> = {}) =>
  (transformGraph(props(rows, extra)).echartOptions.series as Series[])[0]!;

describe('graph_chart', () => {
  it('has Superset defaults and requires source and target only', () => {
    const { formData, controls } = controlPanelState(
      graphChartPlugin.controlPanel,
      { datasource: '1__table', viz_type: 'graph_chart' },
      null,
    );
    expect(formData).toMatchObject({
      row_limit: 10000,
      show_legend: true,
      layout: 'force',
      edgeSymbol: 'none,arrow',
      draggable: false,
      roam: true,
      selectedMode: 'single',
      showSymbolThreshold: 0,
      baseNodeSize: 20,
      baseEdgeWidth: 3,
      edgeLength: 400,
      gravity: 0.3,
      repulsion: 1000,
      friction: 0.2,
    });
    expect(controls.source!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.target!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.source_category!.validationErrors).toEqual([]);
    expect(controls.layout!.renderTrigger).toBe(true);
  });

  it('queries source, target and the categories with the metric', () => {
    expect(graphChartPlugin.buildQuery(fd).queries[0]).toMatchObject({
      columns: ['src', 'dst', 'team'],
      metrics: [fd.metric],
      row_limit: 10000,
    });
    expect(
      graphChartPlugin.buildQuery({ ...fd, source_category: null, target_category: 'dst' })
        .queries[0]!.columns,
    ).toEqual(['src', 'dst']);
  });

  it('builds nodes with totals, sizes between half and twice the base, and edges', () => {
    const s = series();
    expect(s.type).toBe('graph');
    expect(s.layout).toBe('force');
    expect(s.data.map((n) => [n.id, n.name, n.value, n.category])).toEqual([
      ['0', 'a', 40, 'red'],
      ['1', 'b', 30, 'blue'],
      ['2', 'c', 50, undefined],
    ]);
    // values 30..50 → sizes 10..40 (base 20)
    expect(s.data.map((n) => n.symbolSize)).toEqual([25, 10, 40]);
    expect(s.links.map((e) => [e.source, e.target, e.value, e.lineStyle.width])).toEqual([
      ['0', '1', 10, 1.5],
      ['0', '2', 30, 6],
      ['1', '2', 20, 3.75],
    ]);
    expect(s.categories.map((c) => c.name)).toEqual(['red', 'blue']);
    expect(s.force).toMatchObject({
      edgeLength: 400,
      gravity: 0.3,
      repulsion: 1000,
      friction: 0.2,
    });
    expect(s.edgeSymbol).toEqual(['none', 'arrow']);
    expect(s.roam).toBe(true);
    expect(s.draggable).toBe(false);
    expect(s.selectedMode).toBe('single');
  });

  it('honours the layout options', () => {
    const s = series({
      layout: 'circular',
      roam: 'scale',
      selectedMode: false,
      draggable: true,
      edgeSymbol: 'circle,circle',
      baseNodeSize: '10',
      showSymbolThreshold: 35,
      show_legend: false,
    });
    expect(s.layout).toBe('circular');
    expect(s.roam).toBe('scale');
    expect(s.selectedMode).toBe(false);
    expect(s.draggable).toBe(true);
    expect(s.edgeSymbol).toEqual(['circle', 'circle']);
    expect(s.data.map((n) => n.symbolSize)).toEqual([12.5, 5, 20]);
    expect(s.data.map((n) => n.label?.show)).toEqual([true, false, true]);
    expect(parseEdgeSymbol('bogus')).toEqual(['none', 'none']);
  });

  it('escapes names in tooltips', () => {
    const out = transformGraph(props([{ src: '<i>x</i>', dst: 'y', team: 't', total: 5 }]));
    const fmt = (out.echartOptions.tooltip as { formatter: (p: unknown) => string }).formatter;
    const s = (out.echartOptions.series as Series[])[0]!;
    expect(fmt({ dataType: 'edge', data: s.links[0], value: 5 })).toBe(
      '<b>&#60;i&#62;x&#60;/i&#62; &gt; y</b><br/>total: 5',
    );
    expect(fmt({ dataType: 'node', name: '<i>x</i>', value: 5 })).toBe(
      '&#60;i&#62;x&#60;/i&#62;: 5',
    );
    expect(out.echartOptions.legend).toMatchObject({ show: true, data: ['t'] });
  });

  it('is empty without rows', () => {
    expect(transformGraph(props([])).empty).toBe(true);
    expect(transformGraph(props([{ src: 'a', dst: 'b', total: 0 }])).empty).toBe(true);
  });
});

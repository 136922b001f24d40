import { describe, expect, it } from 'vitest';
import { controlPanelState } from '../../control-panel/state.js';
import type { ChartProps } from '../../plugin.js';
import { findCycle, sankeyV2Plugin, transformSankey } from './index.js';

const fd = {
  datasource: '1__table',
  viz_type: 'sankey_v2',
  source: 'from',
  target: 'to',
  metric: 'n',
  row_limit: 10000,
  adhoc_filters: [
    { expressionType: 'SIMPLE' as const, subject: 'year', operator: '==', comparator: 2024 },
  ],
};
const props = (data: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) =>
  ({
    width: 400,
    height: 300,
    formData: { ...fd, ...extra },
    queriesData: [{ data, colnames: ['from', 'to', 'n'], coltypes: [1, 1, 0], rowcount: 3 }],
    datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  }) as ChartProps;
const rows = [
  { from: 'home', to: 'search', n: 60 },
  { from: 'home', to: 'cart', n: 40 },
  { from: 'search', to: 'cart', n: 30 },
];
type Tooltip = (p: Record<string, unknown>) => string;
type Series = {
  type: string;
  data: Array<{ name: string; itemStyle: { color: string } }>;
  links: Array<{ source: string; target: string; value: number }>;
};

describe('sankey_v2', () => {
  it('requires source, target and metric', () => {
    const { formData, controls } = controlPanelState(
      sankeyV2Plugin.controlPanel,
      { datasource: '1__table', viz_type: 'sankey_v2' },
      null,
    );
    expect(formData).toMatchObject({ row_limit: 10000, sort_by_metric: false });
    expect(controls.source!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.target!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.metric!.validationErrors).toEqual(['cannot be empty']);
  });

  it('groups by source and target and sorts by the metric on request', () => {
    const q = sankeyV2Plugin.buildQuery(fd).queries[0]!;
    expect(q).toMatchObject({
      columns: ['from', 'to'],
      metrics: ['n'],
      orderby: [],
      row_limit: 10000,
      filters: [{ col: 'year', op: '==', val: 2024 }],
    });
    expect(sankeyV2Plugin.buildQuery({ ...fd, sort_by_metric: true }).queries[0]!.orderby).toEqual([
      ['n', false],
    ]);
  });

  it('makes distinct nodes and one link per row', () => {
    const { echartOptions, empty, error } = transformSankey(props(rows));
    expect(empty).toBe(false);
    expect(error).toBeUndefined();
    const s = (echartOptions.series as Series[])[0]!;
    expect(s.type).toBe('sankey');
    expect(s.data.map((d) => d.name)).toEqual(['home', 'search', 'cart']);
    expect(s.links).toEqual([
      { source: 'home', target: 'search', value: 60 },
      { source: 'home', target: 'cart', value: 40 },
      { source: 'search', target: 'cart', value: 30 },
    ]);
  });

  it('tooltips links and nodes with escaped names', () => {
    const data = [...rows, { from: '<b>x</b>', to: 'cart', n: 5 }];
    const fmt = (transformSankey(props(data)).echartOptions.tooltip as { formatter: Tooltip })
      .formatter;
    expect(
      fmt({ dataType: 'edge', data: { source: 'home', target: 'search', value: 60 }, value: 60 }),
    ).toBe('home → search: 60.00<br/>% (home): 60.00%<br/>% (search): 100.00%');
    expect(fmt({ dataType: 'node', name: 'search' })).toBe(
      '<b>search</b><br/>Incoming: 60.00<br/>Outgoing: 30.00',
    );
    expect(fmt({ dataType: 'node', name: '<b>x</b>' })).toContain('&#60;b&#62;x&#60;/b&#62;');
  });

  it('reports a loop instead of crashing', () => {
    const looped = [...rows, { from: 'cart', to: 'home', n: 1 }];
    const out = transformSankey(props(looped));
    expect(out.error).toMatch(/^There is a loop in your Sankey, please provide a tree\./);
    expect(out.error).toContain("Here's a faulty link: cart → home");
    expect(out.echartOptions).toEqual({});
    expect(findCycle([{ source: 'a', target: 'a', value: 1 }])).toEqual(['a', 'a']);
    expect(
      findCycle([
        { source: 'a', target: 'b', value: 1 },
        { source: 'a', target: 'c', value: 1 },
        { source: 'b', target: 'c', value: 1 },
      ]),
    ).toBeNull();
  });

  it('is empty without rows', () => {
    expect(transformSankey(props([])).empty).toBe(true);
  });
});

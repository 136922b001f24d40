import { describe, expect, it } from 'vitest';
import { controlPanelState } from '../../control-panel/state.js';
import type { ChartProps } from '../../plugin.js';
import { treeChartPlugin } from './index.js';
import { transformProps, treeTooltip, type TreeParams } from './transformProps.js';
import { buildTree } from './tree.js';

// The form data of the featured-charts bundle's "Tree" chart.
const fd = {
  datasource: '8__table',
  viz_type: 'tree_chart',
  id: 'id',
  parent: 'parent',
  name: 'name',
  root_node_id: '1',
  metric: 'count',
  adhoc_filters: [],
  row_limit: 1000,
  layout: 'radial',
  node_label_position: 'top',
  child_label_position: 'top',
  symbol: 'emptyCircle',
  symbolSize: 7,
  roam: false,
  extra_form_data: {},
  dashboards: [],
};
const rows = [
  { id: 1, parent: null, name: 'Company', count: 10 },
  { id: 2, parent: 1, name: 'Sales', count: 4 },
  { id: 3, parent: 1, name: 'R&D', count: 5 },
  { id: 4, parent: 3, name: '<b>Lab</b>', count: 2 },
  { id: 5, parent: 2, name: 'EMEA', count: 1 },
];
const props = (extra: Record<string, unknown> = {}, data = rows): ChartProps => ({
  width: 600,
  height: 400,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data,
      colnames: ['id', 'parent', 'name', 'count'],
      coltypes: [0, 0, 1, 0],
      rowcount: data.length,
    },
  ],
  datasource: { id: 8, type: 'table', columns: [], metrics: [] },
});
type Item = { name: string; value?: number; children: Item[] };
type Series = Record<string, unknown> & { data: Item[] };
const seriesOf = (p: ChartProps) => (transformProps(p).echartOptions.series as Series[])[0]!;
const shape = (item: Item): unknown =>
  item.children.length ? [item.name, item.children.map(shape)] : item.name;
const cols = { id: 'id', parent: 'parent', name: 'name', metric: 'count' };

describe('tree_chart buildQuery', () => {
  it('groups by id, parent and name with the metric', () => {
    const ctx = treeChartPlugin.buildQuery(fd);
    expect(ctx.datasource).toEqual({ id: 8, type: 'table' });
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0]).toMatchObject({
      columns: ['id', 'parent', 'name'],
      metrics: ['count'],
      orderby: [],
      row_limit: 1000,
      filters: [],
    });
  });

  it('leaves out an empty name and metric, a repeated column, and leftover fields', () => {
    const q = treeChartPlugin.buildQuery({
      ...fd,
      name: null,
      metric: null,
      parent: 'id',
      groupby: ['stale'],
      metrics: ['stale_metric'],
    }).queries[0]!;
    expect(q.columns).toEqual(['id']);
    expect(q.metrics).toEqual([]);
  });

  it('requires id and parent, not name or metric, with Superset defaults', () => {
    const { formData, controls } = controlPanelState(
      treeChartPlugin.controlPanel,
      { datasource: '8__table', viz_type: 'tree_chart' },
      null,
    );
    expect(formData).toMatchObject({
      layout: 'orthogonal',
      orient: 'LR',
      node_label_position: 'left',
      child_label_position: 'bottom',
      emphasis: 'descendant',
      symbol: 'emptyCircle',
      symbolSize: 7,
      roam: true,
      root_node_id: '',
    });
    expect(controls.id!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.parent!.validationErrors).toEqual(['cannot be empty']);
    expect(controls.name!.validationErrors).toEqual([]);
    expect(controls.metric!.validationErrors).toEqual([]);
    expect(controls.orient!.visible).toBe(true);
    const radial = controlPanelState(
      treeChartPlugin.controlPanel,
      { datasource: '8__table', viz_type: 'tree_chart', layout: 'radial' },
      null,
    );
    expect(radial.controls.orient!.visible).toBe(false);
    expect(radial.controls.emphasis!.visible).toBe(false);
    expect(treeChartPlugin.metadata).toMatchObject({
      name: 'Tree Chart',
      category: 'Part of a Whole',
    });
  });
});

describe('tree_chart transformProps', () => {
  it('draws the tree under the root node id with the form data options', () => {
    const out = transformProps(props());
    expect(out.empty).toBe(false);
    expect(out.error).toBeUndefined();
    expect(out.warning).toBeUndefined();
    const s = seriesOf(props());
    expect(s).toMatchObject({
      type: 'tree',
      layout: 'radial',
      orient: 'LR',
      symbol: 'emptyCircle',
      symbolSize: 7,
      roam: false,
      label: { position: 'top', fontSize: 15 },
      leaves: { label: { position: 'top' } },
      emphasis: { focus: 'descendant' },
    });
    expect(s.data[0]).toEqual({
      name: 'Company',
      value: 10,
      children: [
        { name: 'Sales', value: 4, children: [{ name: 'EMEA', value: 1, children: [] }] },
        { name: 'R&D', value: 5, children: [{ name: '<b>Lab</b>', value: 2, children: [] }] },
      ],
    });
  });

  it("uses Superset's defaults when the options are missing", () => {
    const s = seriesOf(
      props({
        layout: undefined,
        node_label_position: undefined,
        child_label_position: undefined,
        roam: undefined,
        symbol: undefined,
        symbolSize: undefined,
      }),
    );
    expect(s).toMatchObject({
      layout: 'orthogonal',
      orient: 'LR',
      symbol: 'emptyCircle',
      symbolSize: 7,
      roam: true,
      label: { position: 'left' },
      leaves: { label: { position: 'bottom' } },
      emphasis: { focus: 'descendant' },
    });
    expect(seriesOf(props({ roam: 'scale', orient: 'TB', emphasis: 'ancestor' }))).toMatchObject({
      roam: 'scale',
      orient: 'TB',
      emphasis: { focus: 'ancestor' },
    });
  });

  it('starts from a deeper root, and from the parentless node without a root id', () => {
    expect(shape(seriesOf(props({ root_node_id: '3' })).data[0]!)).toEqual(['R&D', ['<b>Lab</b>']]);
    expect(shape(seriesOf(props({ root_node_id: '' })).data[0]!)).toEqual([
      'Company',
      [
        ['Sales', ['EMEA']],
        ['R&D', ['<b>Lab</b>']],
      ],
    ]);
  });

  it('puts several parentless nodes under a virtual root, names by id without a name', () => {
    const data = [
      { id: 'a', parent: '', count: 1 },
      { id: 'b', parent: null, count: 2 },
      { id: 'c', parent: 'a', count: 3 },
    ];
    const s = seriesOf(props({ root_node_id: null, name: null }, data));
    expect(shape(s.data[0]!)).toEqual(['root', [['a', ['c']], 'b']]);
    expect(s.data[0]!.value).toBeUndefined();
  });

  it('takes a top node naming a parent outside the data as the root, silently', () => {
    const data = [
      { id: 1, parent: 0, name: 'top', count: 1 },
      { id: 2, parent: 1, name: 'child', count: 1 },
    ];
    const out = transformProps(props({ root_node_id: undefined }, data));
    expect(out.warning).toBeUndefined();
    expect(shape((out.echartOptions.series as Series[])[0]!.data[0]!)).toEqual(['top', ['child']]);
  });

  it('reports orphans next to a true root, and shows them at the top', () => {
    const data = [...rows, { id: 9, parent: 42, name: 'Lost', count: 1 }];
    const out = transformProps(props({ root_node_id: '' }, data));
    expect(out.warning).toBe(
      'Nodes whose parent is not in the data, shown at the top: 9 (a filter or the row limit may have left the parent out).',
    );
    const root = (out.echartOptions.series as Series[])[0]!.data[0]!;
    expect(root.children.map((c) => c.name)).toEqual(['Company', 'Lost']);
    // Below a chosen root, the rest of the data is simply out of scope.
    expect(transformProps(props({}, data)).warning).toBeUndefined();
  });

  it('reports a loop and leaves its nodes out without crashing', () => {
    const data = [
      ...rows,
      { id: 7, parent: 8, name: 'x', count: 1 },
      { id: 8, parent: 7, name: 'y', count: 1 },
      { id: 6, parent: 8, name: 'z', count: 1 },
    ];
    const out = transformProps(props({ root_node_id: '' }, data));
    expect(out.error).toBeUndefined();
    expect(out.warning).toBe('There is a loop in the tree (7 → 8 → 7): 3 nodes are left out.');
    expect(shape((out.echartOptions.series as Series[])[0]!.data[0]!)).toEqual([
      'Company',
      [
        ['Sales', ['EMEA']],
        ['R&D', ['<b>Lab</b>']],
      ],
    ]);
  });

  it('draws from a root id inside a loop, cutting the link back to it', () => {
    const data = [
      { id: 1, parent: 2, name: 'a', count: 1 },
      { id: 2, parent: 1, name: 'b', count: 1 },
    ];
    const out = transformProps(props({ root_node_id: 1 }, data));
    expect(out.warning).toBe('There is a loop in the tree (2 → 1); the link is left out.');
    expect(shape((out.echartOptions.series as Series[])[0]!.data[0]!)).toEqual(['a', ['b']]);
  });

  it('gives an error instead of a chart when nothing can be drawn', () => {
    const loop = [
      { id: 1, parent: 2, name: 'a', count: 1 },
      { id: 2, parent: 1, name: 'b', count: 1 },
      { id: 3, parent: 3, name: 'c', count: 1 },
    ];
    const out = transformProps(props({ root_node_id: '' }, loop));
    expect(out).toMatchObject({
      empty: false,
      echartOptions: {},
      error: 'There is a loop in the tree (1 → 2 → 1), and no node without a parent to start from.',
    });
    expect(transformProps(props({ root_node_id: '99' })).error).toBe(
      'The root node id 99 is not in the data.',
    );
    expect(buildTree([{ id: 3, parent: 3 }], cols).error).toBe(
      'There is a loop in the tree (3 → 3), and no node without a parent to start from.',
    );
  });

  it('keeps the first row of a duplicate id and skips rows without an id', () => {
    const data = [
      ...rows,
      { id: 2, parent: 3, name: 'Sales again', count: 9 },
      { id: null, parent: 1, name: 'nobody', count: 1 },
    ];
    const out = transformProps(props({}, data));
    expect(out.warning).toBe(
      '1 row has no id and is left out. Duplicate ids (only the first row of each is used): 2.',
    );
    expect(shape((out.echartOptions.series as Series[])[0]!.data[0]!)).toEqual([
      'Company',
      [
        ['Sales', ['EMEA']],
        ['R&D', ['<b>Lab</b>']],
      ],
    ]);
  });

  it('handles a long chain without recursion', () => {
    const chain = Array.from({ length: 20000 }, (_, i) => ({ id: i, parent: i ? i - 1 : null }));
    let node = buildTree(chain, { id: 'id', parent: 'parent', name: 'id' }).root!;
    let depth = 1;
    while (node.children.length) {
      node = node.children[0]!;
      depth += 1;
    }
    expect(depth).toBe(20000);
  });

  it('reads numeric text as numbers, and leaves out values without a metric', () => {
    const data = [
      { id: '1', parent: null, name: 'a', count: '12.5' },
      { id: '2', parent: '1', name: 'b', count: null },
    ];
    const root = seriesOf(props({}, data)).data[0]!;
    expect(root).toEqual({ name: 'a', value: 12.5, children: [{ name: 'b', children: [] }] });
    expect(seriesOf(props({ metric: null }, data)).data[0]!.value).toBeUndefined();
  });

  it('shows the escaped path and the metric in the tooltip', () => {
    const params: TreeParams = {
      name: '<b>Lab</b>',
      value: 2,
      treeAncestors: [{ name: '' }, { name: 'Company' }, { name: 'R&D' }, { name: '<b>Lab</b>' }],
    };
    expect(treeTooltip(params, 'count')).toBe(
      '<div>Company ▸ R&#38;D ▸ &#60;b&#62;Lab&#60;/b&#62;</div>count: 2',
    );
    expect(treeTooltip({ ...params, value: 0 }, 'count')).toContain('count: 0');
    expect(treeTooltip({ ...params, value: undefined }, 'count')).toBe(
      '<div>Company ▸ R&#38;D ▸ &#60;b&#62;Lab&#60;/b&#62;</div>',
    );
    const formatter = (
      transformProps(props()).echartOptions.tooltip as { formatter: (p: TreeParams) => string }
    ).formatter;
    expect(formatter({ value: 4, treeAncestors: [{ name: 'Company' }, { name: 'Sales' }] })).toBe(
      '<div>Company ▸ Sales</div>count: 4',
    );
  });

  it('is empty without rows or without the id and parent columns', () => {
    expect(transformProps(props({}, [])).empty).toBe(true);
    expect(transformProps(props({ id: null })).empty).toBe(true);
    expect(transformProps(props({ parent: '' })).empty).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartProps } from '../../plugin.js';
import { treemapV2Plugin } from './index.js';
import { transformProps, treemapTooltip, type TreemapParams } from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'treemap_v2',
  groupby: ['region', 'country'],
  metric: 'sum__sales',
  row_limit: 10000,
  time_range: 'No filter',
};
const rows = [
  { region: 'Europe', country: 'France', sum__sales: 50 },
  { region: 'Asia', country: 'Japan', sum__sales: 40 },
  { region: 'Europe', country: '<b>UK</b>', sum__sales: 30 },
  { region: null, country: null, sum__sales: 5 },
];
const props = (extra: Record<string, unknown> = {}, data = rows): ChartProps => ({
  width: 600,
  height: 400,
  formData: { ...fd, ...extra },
  queriesData: [
    { data, colnames: ['region', 'country', 'sum__sales'], coltypes: [1, 1, 0], rowcount: 4 },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Item = {
  name: string;
  value: number;
  itemStyle?: { color: string };
  children?: Item[];
};
type Series = {
  type: string;
  data: Item[];
  label: { show: boolean; formatter: (p: TreemapParams) => string };
  upperLabel: { show: boolean; formatter: (p: TreemapParams) => string };
  breadcrumb: { show: boolean };
};
const seriesOf = (p: ChartProps) => (transformProps(p).echartOptions.series as Series[])[0]!;

describe('treemap_v2', () => {
  it('asks for the metric by the levels, largest first when sorting by the metric', () => {
    const q = treemapV2Plugin.buildQuery(fd).queries[0]!;
    expect(q).toMatchObject({
      columns: ['region', 'country'],
      metrics: ['sum__sales'],
      orderby: [['sum__sales', false]],
      row_limit: 10000,
    });
    expect(
      treemapV2Plugin.buildQuery({ ...fd, sort_by_metric: false }).queries[0]!.orderby,
    ).toEqual([]);
    expect(treemapV2Plugin.vizType).toBe('treemap_v2');
    expect(treemapV2Plugin.metadata.category).toBe('Part of a Whole');
  });

  it('builds the tree under a root named by the metric, parents summing their children', () => {
    const s = seriesOf(props({ color_scheme: 'd3Category10' }));
    expect(s.type).toBe('treemap');
    expect(s.breadcrumb.show).toBe(true);
    const root = s.data[0]!;
    expect(root.name).toBe('sum__sales');
    expect(root.value).toBe(125);
    expect(root.children!.map((c) => [c.name, c.value, c.itemStyle?.color])).toEqual([
      ['Europe', 80, '#1f77b4'],
      ['Asia', 40, '#ff7f0e'],
      ['NULL', 5, '#2ca02c'],
    ]);
    expect(root.children![0]!.children!.map((c) => [c.name, c.value])).toEqual([
      ['France', 50],
      ['<b>UK</b>', 30],
    ]);
    expect(root.children![0]!.children![0]!.itemStyle).toBeUndefined();
    expect(root.children![2]!.children!.map((c) => c.name)).toEqual(['NULL']);
  });

  it('labels as the label type says, and hides labels on request', () => {
    const s = seriesOf(props({ number_format: ',d' }));
    expect(s.label.formatter({ name: 'France', value: 1500 })).toBe('France: 1,500');
    expect(s.upperLabel.show).toBe(true);
    const k = seriesOf(props({ label_type: 'key', show_labels: false, show_upper_labels: false }));
    expect(k.label.formatter({ name: 'France', value: 1500 })).toBe('France');
    expect(k.label.show).toBe(false);
    expect(k.upperLabel.show).toBe(false);
    expect(seriesOf(props({ label_type: 'value' })).label.formatter({ value: 1500 })).toBe('1.5k');
  });

  it('shows the escaped path and the share of the parent in the tooltip', () => {
    const text = treemapTooltip(
      {
        value: 30,
        treePathInfo: [
          { name: '', value: 125 },
          { name: 'sum__sales', value: 125 },
          { name: 'Europe', value: 80 },
          { name: '<b>UK</b>', value: 30 },
        ],
      },
      getNumberFormatter(',d'),
    );
    expect(text).toBe('<div>Europe ▸ &#60;b&#62;UK&#60;/b&#62;</div>sum__sales: 30 (37.50%)');
  });

  it('is empty without rows', () => {
    expect(transformProps(props({}, [])).empty).toBe(true);
    expect(transformProps(props()).empty).toBe(false);
  });
});

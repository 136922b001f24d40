import { describe, expect, it } from 'vitest';
import { sequentialColor } from '../../color/schemes.js';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartProps } from '../../plugin.js';
import { sunburstV2Plugin } from './index.js';
import {
  ringDepth,
  sunburstLevelLabels,
  sunburstTooltip,
  transformProps,
  type SunburstParams,
} from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'sunburst_v2',
  columns: ['region', 'country'],
  metric: 'sales',
  row_limit: 1000,
  time_range: 'No filter',
};
const rows = [
  { region: 'Europe', country: 'France', sales: 60, cost: 30 },
  { region: 'Asia', country: 'Japan', sales: 36, cost: 36 },
  { region: 'Europe', country: null, sales: 4, cost: 0 },
];
const props = (extra: Record<string, unknown> = {}, data = rows): ChartProps => ({
  width: 410,
  height: 420,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data,
      colnames: ['region', 'country', 'sales', 'cost'],
      coltypes: [1, 1, 0, 0],
      rowcount: data.length,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Item = { name: string; value: number; itemStyle: { color: string }; children?: Item[] };
type Series = {
  type: string;
  radius: number[];
  data: Item[];
  label: { show: boolean; minAngle: number; formatter: (p: SunburstParams) => string };
};
const optionOf = (p: ChartProps) => transformProps(p).echartOptions;
const seriesOf = (p: ChartProps) => (optionOf(p).series as Series[])[0]!;

describe('sunburst_v2', () => {
  it('asks for the metrics by the hierarchy, largest first', () => {
    expect(sunburstV2Plugin.buildQuery(fd).queries[0]).toMatchObject({
      columns: ['region', 'country'],
      metrics: ['sales'],
      orderby: [['sales', false]],
      row_limit: 1000,
    });
    expect(
      sunburstV2Plugin.buildQuery({ ...fd, secondary_metric: 'cost' }).queries[0]!.metrics,
    ).toEqual(['sales', 'cost']);
    expect(
      sunburstV2Plugin.buildQuery({ ...fd, sort_by_metric: false }).queries[0]!.orderby,
    ).toEqual([]);
  });

  it('makes rings coloured by name (depth first), parents summing their children', () => {
    const s = seriesOf(props({ color_scheme: 'd3Category10' }));
    expect(s.type).toBe('sunburst');
    expect(s.radius).toEqual([60, 200]);
    expect(s.data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['Europe', 64, '#1f77b4'],
      ['Asia', 36, '#d62728'],
    ]);
    expect(s.data[0]!.children!.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['France', 60, '#ff7f0e'],
      ['NULL', 4, '#2ca02c'],
    ]);
  });

  it('colours by the secondary/primary ratio along the linear scheme', () => {
    const s = seriesOf(props({ secondary_metric: 'cost', linear_color_scheme: 'fire' }));
    // ratios: Europe 30/64, France 0.5, NULL 0, Asia 1 → domain [0, 1]
    expect(s.data[1]!.itemStyle.color).toBe(sequentialColor('fire', 1));
    expect(s.data[0]!.children![0]!.itemStyle.color).toBe(sequentialColor('fire', 0.5));
    expect(s.data[0]!.children![1]!.itemStyle.color).toBe(sequentialColor('fire', 0));
    // the same metric twice is categorical again
    const same = seriesOf(props({ secondary_metric: 'sales', color_scheme: 'd3Category10' }));
    expect(same.data[0]!.itemStyle.color).toBe('#1f77b4');
  });

  it('hides labels under the threshold and shows the total on request', () => {
    const s = seriesOf(props({ label_type: 'key_value', number_format: ',d' }));
    expect(s.label.minAngle).toBe(18);
    expect(s.label.formatter({ name: 'France', value: 60 })).toBe('France: 60');
    expect(s.label.formatter({ name: 'NULL', value: 4 })).toBe('');
    expect(
      seriesOf(props({ show_labels_threshold: 0 })).label.formatter({ name: 'x', value: 4 }),
    ).toBe('x');
    expect(optionOf(props()).graphic).toBeUndefined();
    expect(JSON.stringify(optionOf(props({ show_total: true })).graphic)).toContain('Total: 100');
  });

  it('shows the escaped path and the shares of total and parent in the tooltip', () => {
    const params: SunburstParams = {
      value: 60,
      data: { value: 60, secondaryValue: 30 },
      treePathInfo: [
        { name: '', value: 100 },
        { name: '<i>Europe</i>', value: 80 },
        { name: 'France', value: 60 },
      ],
    };
    const format = getNumberFormatter(',d');
    const text = sunburstTooltip(params, { format, total: 100, metric: 'sales' });
    expect(text).toContain('<div>&#60;i&#62;Europe&#60;/i&#62; ▸ France</div>');
    expect(text).toContain('60.00% of total');
    expect(text).toContain('75.00% of parent');
    expect(text).toContain('<div>sales: 60</div>');
    const withSecondary = sunburstTooltip(params, {
      format,
      total: 100,
      metric: 'sales',
      secondaryMetric: 'cost',
    });
    expect(withSecondary).toContain('sales: 60, cost: 30');
    expect(withSecondary).toContain('cost/sales: 50.00%');
  });

  it('is empty without rows', () => {
    expect(transformProps(props({}, [])).empty).toBe(true);
  });
});

describe('sunburst labels', () => {
  it('puts one radial line per sector, cut with an ellipsis at the ring depth', () => {
    const series = (
      transformProps(props({ show_labels_threshold: 0 })).echartOptions.series as Array<{
        label: Record<string, unknown>;
        levels: unknown[];
      }>
    )[0]!;
    expect(series.label).toMatchObject({ rotate: 'radial', overflow: 'truncate', ellipsis: '…' });
    expect(series.label.overflow).not.toBe('breakAll');
    expect(series.levels.length).toBeGreaterThan(1);
  });

  it('hides labels of sectors too thin for a line at their ring', () => {
    // radius 200, two rings of 70 px: middles at 95 and 165 px.
    expect(ringDepth(200, 2)).toBe(70);
    const levels = sunburstLevelLabels(200, 2, 0) as Array<{
      label?: { minAngle: number; width: number };
    }>;
    expect(levels[0]).toEqual({});
    expect(levels[1]!.label!.minAngle).toBeCloseTo((14 / 95) * (180 / Math.PI));
    expect(levels[2]!.label!.minAngle).toBeCloseTo((14 / 165) * (180 / Math.PI));
    expect(levels[1]!.label!.width).toBe(62);
    // The threshold share wins when it is the larger angle.
    expect(
      (sunburstLevelLabels(200, 2, 10) as Array<{ label?: { minAngle: number } }>)[1]!.label!
        .minAngle,
    ).toBe(36);
  });
});

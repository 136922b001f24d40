import { CLEARED_CROSS_FILTER, UNSELECTED_OPACITY } from '../../cross-filter-selection.js';
import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import {
  estimateLabelWidth,
  pieCrossFilter,
  pieLabel,
  pieRadius,
  transformProps,
} from './transformProps.js';

const base = {
  datasource: '1__table',
  viz_type: 'pie',
  groupby: ['gender'],
  metric: 'sum__num',
  time_range: 'No filter',
  row_limit: 100,
};
const props = (
  extra: Record<string, unknown> = {},
  more: Partial<ChartProps> = {},
): ChartProps => ({
  width: 500,
  height: 400,
  formData: { ...base, ...extra },
  queriesData: [
    {
      data: [
        { gender: 'boy', sum__num: 60 },
        { gender: 'girl', sum__num: 40 },
        { gender: 'other', sum__num: 1 },
      ],
      colnames: ['gender', 'sum__num'],
      coltypes: [1, 0],
      rowcount: 3,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  ...more,
});
type Series = {
  radius: string[];
  data: Array<{ name: string; value: number; itemStyle: { color: string } }>;
  label: { formatter: (p: unknown) => string };
  labelLine: unknown;
  minShowLabelAngle: number;
  top?: number;
};

describe('pie', () => {
  it('asks for the metric by the dimensions, largest first', () => {
    expect(buildQuery(base).queries[0]).toMatchObject({
      columns: ['gender'],
      metrics: ['sum__num'],
      orderby: [['sum__num', false]],
      row_limit: 100,
    });
    expect(buildQuery({ ...base, sort_by_metric: false }).queries[0]!.orderby).toEqual([]);
  });

  it('makes slices with scheme colours, and a donut when asked', () => {
    const s = (
      transformProps(props({ color_scheme: 'd3Category10' })).echartOptions.series as Series[]
    )[0]!;
    expect(s.data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['boy', 60, '#1f77b4'],
      ['girl', 40, '#ff7f0e'],
      ['other', 1, '#2ca02c'],
    ]);
    expect(s.radius).toEqual(['0%', '70%']);
    expect(
      (transformProps(props({ donut: true, innerRadius: 40 })).echartOptions.series as Series[])[0]!
        .radius,
    ).toEqual(['40%', '70%']);
  });

  it('labels slices by the label type, hiding those under the threshold', () => {
    const s = (
      transformProps(props({ label_type: 'key_value_percent', number_format: ',d' })).echartOptions
        .series as Series[]
    )[0]!;
    expect(s.label.formatter({ name: 'boy', value: 60, percent: 59.41 })).toBe('boy: 60 (59.41%)');
    // Hidden by the angle (label and leader line), not by an empty label text.
    expect(s.minShowLabelAngle).toBeCloseTo(18);
    expect(pieLabel('value_percent', 'x', '1', '2%')).toBe('1 (2%)');
    expect(pieLabel('key', 'x', '1', '2%')).toBe('x');
  });

  it('places labels as Superset does: outside without alignment, leader lines only outside', () => {
    const series = (fd: Record<string, unknown>) =>
      (transformProps(props(fd)).echartOptions.series as Series[])[0]!;
    const outside = series({ label_line: true, show_labels_threshold: 2 });
    expect(outside.label).toMatchObject({ position: 'outer', alignTo: 'none', bleedMargin: 5 });
    expect(outside.labelLine).toEqual({ show: true });
    expect(outside.minShowLabelAngle).toBeCloseTo(7.2);
    const inside = series({ label_line: true, labels_outside: false });
    expect(inside.label).toMatchObject({ position: 'inner' });
    expect(inside.labelLine).toEqual({ show: false });
    expect(series({ show_legend: true, legendOrientation: 'right' })).toMatchObject({
      right: 170,
      center: ['50%', '50%'],
    });
    expect(series({ show_legend: false }).top).toBeUndefined();
  });

  it('shows the total and emits cross filters', () => {
    const withTotal = transformProps(props({ show_total: true, number_format: ',d' }));
    expect(JSON.stringify(withTotal.echartOptions.graphic)).toContain('Total: 101');
    const setDataMask = vi.fn();
    const p = transformProps(props({}, { emitCrossFilters: true, hooks: { setDataMask } }));
    p.onSliceClick!('girl');
    expect(setDataMask).toHaveBeenCalledWith(pieCrossFilter(['gender'], ['girl']));
    // Its own cross filter: the other slices dimmed, a second click clears it.
    const picked = transformProps(
      props(
        {},
        {
          emitCrossFilters: true,
          hooks: { setDataMask },
          filterState: pieCrossFilter(['gender'], ['girl']).filterState!,
        },
      ),
    );
    const slices = (
      picked.echartOptions.series as Array<{
        data: Array<{ name: string; itemStyle: { opacity?: number } }>;
      }>
    )[0]!.data;
    expect(slices.find((d) => d.name === 'girl')!.itemStyle.opacity).toBeUndefined();
    expect(slices.find((d) => d.name === 'boy')!.itemStyle.opacity).toBe(UNSELECTED_OPACITY);
    picked.onSliceClick!('girl');
    expect(setDataMask).toHaveBeenLastCalledWith(CLEARED_CROSS_FILTER);
    expect(
      transformProps(
        props({}, { queriesData: [{ data: [], colnames: [], coltypes: [], rowcount: 0 }] }),
      ).empty,
    ).toBe(true);
  });

  it('makes the pie smaller in a narrow panel so outside labels fit whole', () => {
    const wide = { width: 800, height: 400, outerPercent: 70, innerPercent: 30, labelWidth: 80 };
    expect(pieRadius(wide)).toEqual(['30%', '70%']);
    // 300 px wide: the labels need 80 + 45 px each side, leaving a 25 px radius; never under
    // half the asked 105 px.
    expect(pieRadius({ ...wide, width: 300, height: 300 })).toEqual([23, 53]);
    // 300 × 400 with 40 px labels: 150 - 85 = 65 px.
    expect(pieRadius({ ...wide, width: 300, height: 400, labelWidth: 40 })).toEqual([28, 65]);
    // A very long label counts as 30 % of the width (here 90 px): 150 - 135 = 15 → half size.
    expect(pieRadius({ ...wide, width: 300, height: 400, labelWidth: 400 })).toEqual([23, 53]);
    expect(pieRadius({ ...wide, width: 300, height: 300, labelWidth: 0 })).toEqual(['30%', '70%']);
    expect(estimateLabelWidth('Vintage Cars')).toBe(87);
  });
});

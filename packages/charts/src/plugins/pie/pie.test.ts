import { CLEARED_CROSS_FILTER, UNSELECTED_OPACITY } from '../../cross-filter-selection.js';
import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { pieCrossFilter, pieLabel, transformProps } from './transformProps.js';

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
    expect(s.label.formatter({ name: 'other', value: 1, percent: 0.99 })).toBe('');
    expect(pieLabel('value_percent', 'x', '1', '2%')).toBe('1 (2%)');
    expect(pieLabel('key', 'x', '1', '2%')).toBe('x');
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
});

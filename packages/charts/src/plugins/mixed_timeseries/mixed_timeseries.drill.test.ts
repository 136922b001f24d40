import { describe, expect, it } from 'vitest';
import type { ChartProps, DrillContext, DrillFilter } from '../../plugin.js';
import type { TimeseriesProps } from '../timeseries-shared/transformProps.js';
import { mixedTimeseriesPlugin } from './index.js';
import { mixedDrillContext } from './transformProps.js';

const calls: Array<[DrillFilter[], DrillContext | undefined]> = [];
// Pivoted answers (a column per series), with the series' dimension values in the label map.
const rows = () => ({
  data: [{ ds: 1577836800000, x: 1 }],
  colnames: ['ds', 'x'],
  coltypes: [2, 0],
  rowcount: 1,
  label_map: { ds: ['ds'], x: ['x'] },
});
const props: ChartProps = {
  width: 600,
  height: 400,
  formData: {
    datasource: '1__table',
    viz_type: 'mixed_timeseries',
    x_axis: 'ds',
    time_grain_sqla: 'P1Y',
    metrics: ['n'],
    groupby: ['gender'],
    metrics_b: ['n'],
    groupby_b: ['state'],
  },
  queriesData: [rows(), rows()],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
  hooks: { onContextMenu: (_x, _y, filters, context) => calls.push([filters, context]) },
};

describe('mixed chart drill', () => {
  it("names query A's or B's grouping and adhoc filters", () => {
    expect(mixedDrillContext('A')).toEqual({
      drillByField: 'groupby',
      adhocFilterField: 'adhoc_filters',
    });
    expect(mixedDrillContext('B')).toEqual({
      drillByField: 'groupby_b',
      adhocFilterField: 'adhoc_filters_b',
    });
  });

  it("gives a right-clicked point its query's dimensions and grouping", () => {
    calls.length = 0;
    const p = mixedTimeseriesPlugin.transformProps(props) as TimeseriesProps;
    const names = (p.echartOptions.series as Array<{ name: string }>).map((s) => s.name);
    expect(names).toEqual(['x', 'x (Query B)']);
    p.onPointContextMenu!('x (Query B)', [1577836800000, 1], 0, 0);
    p.onPointContextMenu!('x', [1577836800000, 1], 0, 0);
    expect(calls.map(([f, c]) => [f.map((x) => x.col), c?.drillByField])).toEqual([
      [['ds', 'state'], 'groupby_b'],
      [['ds', 'gender'], 'groupby'],
    ]);
  });
});

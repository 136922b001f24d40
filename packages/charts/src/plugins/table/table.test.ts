import { describe, expect, it, vi } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { selectedCell, tableCrossFilter, transformProps } from './transformProps.js';

const base = { datasource: '5__table', viz_type: 'table', time_range: 'No filter', row_limit: 100 };

describe('table buildQuery', () => {
  it('aggregates by groupby, sorted by the first metric by default', () => {
    const q = buildQuery({ ...base, groupby: ['state'], metrics: ['count'] }).queries;
    expect(q).toHaveLength(1);
    expect(q[0]).toMatchObject({
      columns: ['state'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 100,
      post_processing: [],
    });
  });

  it('sorts by the sort metric with the sort direction', () => {
    const q = buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      timeseries_limit_metric: 'sum__num',
      order_desc: false,
    }).queries[0]!;
    expect(q.orderby).toEqual([['sum__num', true]]);
  });

  it('computes percentage metrics as %label with the contribution step', () => {
    const q = buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      percent_metrics: ['sum__num', 'count'],
    }).queries[0]!;
    expect(q.metrics).toEqual(['count', 'sum__num']);
    expect(q.post_processing).toEqual([
      {
        operation: 'contribution',
        options: { columns: ['sum__num', 'count'], rename_columns: ['%sum__num', '%count'] },
      },
    ]);
  });

  it('adds the totals query with "Show summary"', () => {
    const q = buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      show_totals: true,
    }).queries;
    expect(q).toHaveLength(2);
    expect(q[1]).toMatchObject({
      columns: [],
      metrics: ['count'],
      row_limit: 0,
      post_processing: [],
    });
  });

  it('raw mode asks for the columns and their ordering', () => {
    const q = buildQuery({
      ...base,
      query_mode: 'raw',
      all_columns: ['name', 'num'],
      order_by_cols: ['["num", false]'],
      metrics: ['count'],
    }).queries[0]!;
    expect(q).toMatchObject({ columns: ['name', 'num'], orderby: [['num', false]] });
    // No metrics at all: an empty list would make the server group the records.
    expect('metrics' in q).toBe(false);
  });

  it('puts the time column first, truncated, with include_time', () => {
    const q = buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      include_time: true,
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1Y',
    }).queries[0]!;
    expect(q.columns![0]).toMatchObject({
      sqlExpression: 'ds',
      label: 'ds',
      columnType: 'BASE_AXIS',
      timeGrain: 'P1Y',
    });
  });
});

const props = (formData: Record<string, unknown>, extra: Partial<ChartProps> = {}): ChartProps => ({
  width: 600,
  height: 400,
  formData: { ...base, ...formData },
  queriesData: [
    {
      data: [
        { ds: Date.UTC(2024, 0, 1), state: 'CA', count: 1500, '%count': 0.75 },
        { ds: Date.UTC(2024, 0, 1), state: 'NY', count: -500, '%count': 0.25 },
      ],
      colnames: ['ds', 'state', 'count', '%count'],
      coltypes: [2, 1, 0, 0],
      rowcount: 2,
    },
    { data: [{ count: 1000 }], colnames: ['count'], coltypes: [0], rowcount: 1 },
  ],
  datasource: {
    id: 5,
    type: 'table',
    columns: [],
    metrics: [{ metric_name: 'count', d3format: ',d' }],
  },
  ...extra,
});

describe('table transformProps', () => {
  it('describes the columns with their kinds, alignment and formats', () => {
    const t = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        percent_metrics: ['count'],
        include_time: true,
        granularity_sqla: 'ds',
        table_timestamp_format: '%Y-%m-%d',
      }),
    );
    expect(t.columns.map((c) => [c.key, c.kind, c.align])).toEqual([
      ['ds', 'dimension', 'left'],
      ['state', 'dimension', 'left'],
      ['count', 'metric', 'right'],
      ['%count', 'percent', 'right'],
    ]);
    expect(t.columns[0]!.format(Date.UTC(2024, 0, 1))).toBe('2024-01-01');
    expect(t.columns[2]!.format(1500)).toBe('1,500');
    expect(t.columns[3]!.format(0.75)).toBe('75.0%');
    expect(t.columns[2]!.range).toEqual([-500, 1500]);
    expect(t.columns[2]!.showCellBars).toBe(true);
    expect(t.columns[1]!.showCellBars).toBe(false);
  });

  it('uses the column config: number format, alignment, width', () => {
    const t = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        column_config: {
          count: { d3NumberFormat: '.2s', horizontalAlign: 'center', columnWidth: 120 },
        },
      }),
    );
    const count = t.columns.find((c) => c.key === 'count')!;
    expect(count.format(1500)).toBe('1.5k');
    expect(count.align).toBe('center');
    expect(count.width).toBe(120);
  });

  it('rounds numbers to the column config fraction digits before formatting', () => {
    const t = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        column_config: { count: { d3NumberFormat: ',.4f', fractionDigits: 1 } },
      }),
    );
    const count = t.columns.find((c) => c.key === 'count')!;
    expect(count.format(12.3456)).toBe('12.3000');
    expect(count.format(null)).toBe('N/A');
    const unrounded = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        column_config: { count: { d3NumberFormat: ',.4f' } },
      }),
    ).columns.find((c) => c.key === 'count')!;
    expect(unrounded.format(12.3456)).toBe('12.3456');
  });

  it('gives the totals, paging and search options', () => {
    const t = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        show_totals: true,
        page_length: 20,
        include_search: true,
      }),
    );
    expect(t.totals).toEqual({ count: 1000 });
    expect(t.pageSize).toBe(20);
    expect(t.includeSearch).toBe(true);
    expect(transformProps(props({ groupby: ['state'], metrics: ['count'] })).totals).toBeNull();
  });

  it('colours cells by the conditional formatting rules', () => {
    const t = transformProps(
      props({
        groupby: ['state'],
        metrics: ['count'],
        conditional_formatting: [
          { column: 'count', operator: '>', targetValue: 1000, colorScheme: '#ACE1C4' },
        ],
      }),
    );
    expect(t.cellColor('count', 1500)).toBe('#ACE1C4');
    expect(t.cellColor('count', -500)).toBeUndefined();
    expect(t.cellColor('state', 'CA')).toBeUndefined();
  });

  it('emits a cross filter on a dimension cell when allowed', () => {
    const setDataMask = vi.fn();
    const t = transformProps(
      props(
        { groupby: ['state'], metrics: ['count'] },
        { emitCrossFilters: true, hooks: { setDataMask } },
      ),
    );
    t.onDimensionClick!('state', 'CA');
    expect(setDataMask).toHaveBeenCalledWith(tableCrossFilter('state', 'CA'));
    expect(tableCrossFilter('state', 'CA')).toEqual({
      extraFormData: { filters: [{ col: 'state', op: 'IN', val: ['CA'] }] },
      filterState: { value: { state: ['CA'] }, selectedValues: ['CA'] },
    });
    expect(
      transformProps(props({ groupby: ['state'], metrics: ['count'] })).onDimensionClick,
    ).toBeUndefined();
  });

  it('shows its own cross filter and clears it on a second click', () => {
    const setDataMask = vi.fn();
    const t = transformProps(
      props(
        { groupby: ['state'], metrics: ['count'] },
        {
          emitCrossFilters: true,
          hooks: { setDataMask },
          filterState: tableCrossFilter('state', 'CA').filterState!,
        },
      ),
    );
    expect(t.isSelected!('state', 'CA')).toBe(true);
    expect(t.isSelected!('state', 'NY')).toBe(false);
    t.onDimensionClick!('state', 'CA');
    expect(setDataMask).toHaveBeenLastCalledWith(tableCrossFilter('state', null));
    t.onDimensionClick!('state', 'NY');
    expect(setDataMask).toHaveBeenLastCalledWith(tableCrossFilter('state', 'NY'));
    expect(selectedCell({ value: null })).toBeNull();
    expect(selectedCell({ value: ['x'] })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { buildQuery } from './buildQuery.js';
import { transformProps } from './transformProps.js';

const formData = {
  datasource: '3__table',
  viz_type: 'big_number_total',
  metric: 'sum__num',
  groupby: ['gender'],
  adhoc_filters: [
    {
      expressionType: 'SIMPLE' as const,
      clause: 'WHERE' as const,
      subject: 'state',
      operator: '==' as const,
      comparator: 'CA',
    },
  ],
  time_range: 'No filter',
  y_axis_format: ',d',
  subheader: 'births',
};

const props = (data: Array<Record<string, unknown>>, extra = {}): ChartProps => ({
  width: 400,
  height: 200,
  formData: { ...formData, ...extra },
  queriesData: [{ data, colnames: ['sum__num'], coltypes: [0], rowcount: data.length }],
  datasource: { id: 3, type: 'table', columns: [], metrics: [] },
});

describe('big_number_total', () => {
  it('asks for the metric alone, filtered, without grouping', () => {
    const ctx = buildQuery(formData);
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0]).toMatchObject({
      metrics: ['sum__num'],
      columns: [],
      filters: [{ col: 'state', op: '==', val: 'CA' }],
      time_range: 'No filter',
    });
  });

  it('formats the value with the number format', () => {
    expect(transformProps(props([{ sum__num: 1234567 }]))).toMatchObject({
      text: '1,234,567',
      value: 1234567,
      subheader: 'births',
      headerFontSize: 0.4,
    });
    expect(transformProps(props([{ sum__num: 1234567 }], { y_axis_format: undefined })).text).toBe(
      '1.23M',
    );
  });

  it('has no text without data, and formats timestamps as dates when asked', () => {
    expect(transformProps(props([])).text).toBeNull();
    const t = transformProps(
      props([{ sum__num: Date.UTC(2024, 2, 5) }], {
        force_timestamp_formatting: true,
        x_axis_time_format: '%Y-%m-%d',
      }),
    );
    expect(t.text).toBe('2024-03-05');
  });
});

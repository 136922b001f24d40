import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { funnelPlugin, transformFunnel } from './index.js';

const fd = {
  datasource: '1__table',
  viz_type: 'funnel',
  groupby: ['stage'],
  metric: 'n',
  time_range: 'No filter',
};
const props = (extra: Record<string, unknown> = {}): ChartProps => ({
  width: 400,
  height: 300,
  formData: { ...fd, ...extra },
  queriesData: [
    {
      data: [
        { stage: 'visit', n: 100 },
        { stage: 'buy', n: 10 },
        { stage: 'cart', n: 40 },
      ],
      colnames: ['stage', 'n'],
      coltypes: [1, 0],
      rowcount: 3,
    },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Series = {
  data: Array<{ name: string; value: number }>;
  label: { formatter: (p: unknown) => string };
};

describe('funnel', () => {
  it('sorts by the metric and makes descending stages', () => {
    expect(funnelPlugin.buildQuery(fd).queries[0]).toMatchObject({
      columns: ['stage'],
      metrics: ['n'],
      orderby: [['n', false]],
    });
    const s = (transformFunnel(props()).echartOptions.series as Series[])[0]!;
    expect(s.data.map((d) => d.name)).toEqual(['visit', 'cart', 'buy']);
  });

  it('labels with percentages of the first step or of the total', () => {
    const first = (
      transformFunnel(props({ label_type: 'key_percent' })).echartOptions.series as Series[]
    )[0]!;
    expect(first.label.formatter({ name: 'cart', value: 40 })).toBe('cart: 40.00%');
    const total = (
      transformFunnel(props({ label_type: 'percent', percent_calculation_type: 'total' }))
        .echartOptions.series as Series[]
    )[0]!;
    expect(total.label.formatter({ name: 'cart', value: 40 })).toBe('26.67%');
  });
});

import { describe, expect, it } from 'vitest';
import type { CompileDataset } from '../query/compile/index.js';
import { renderChartTemplates, type ChartTemplateInput } from './templating.js';

const dataset: CompileDataset = {
  table_name: 'v',
  sql: "SELECT * FROM sales WHERE region = '{{ url_param('region') }}' {% if filter_values('kind', remove_filter=True) %}AND kind IN {{ filter_values('kind') | where_in }}{% endif %}",
  columns: [
    { column_name: 'region' },
    { column_name: 'doubled', expression: 'amount * {{ factor }}' },
  ],
  metrics: [{ metric_name: 'total', expression: 'SUM(amount) * {{ factor }}' }],
};

const input = (extra: Partial<ChartTemplateInput> = {}): ChartTemplateInput => ({
  templateParams: '{"factor": 2}',
  urlParams: { region: 'east', other: 'x' },
  user: { id: 7, username: 'ada' },
  engine: 'postgresql',
  ...extra,
});

describe('renderChartTemplates', async () => {
  it('renders the virtual SQL, expressions and adhoc SQL, and takes over removed filters', async () => {
    const r = await renderChartTemplates(
      {
        metrics: [
          {
            expressionType: 'SQL',
            sqlExpression: "COUNT(*) + {{ url_param('region') | length }}",
            label: 'n',
          },
        ],
        columns: [{ sqlExpression: "'{{ current_username() }}'", label: 'who' }],
        filters: [
          { col: 'kind', op: 'IN', val: ['a', 'b'] },
          { col: 'region', op: '==', val: 'east' },
        ],
        extras: { where: 'amount > {{ factor }}' },
      },
      dataset,
      input(),
    );
    expect(r.dataset.sql).toBe("SELECT * FROM sales WHERE region = 'east' AND kind IN ('a', 'b')");
    expect(r.dataset.columns[1]!.expression).toBe('amount * 2');
    expect(r.dataset.metrics[0]!.expression).toBe('SUM(amount) * 2');
    expect((r.query.metrics![0] as { sqlExpression: string }).sqlExpression).toBe('COUNT(*) + 4');
    expect((r.query.columns![0] as { sqlExpression: string }).sqlExpression).toBe("'ada'");
    expect(r.query.extras!.where).toBe('amount > 2');
    expect(r.query.filters).toEqual([{ col: 'region', op: '==', val: 'east' }]);
    expect(r.appliedTemplateFilters).toEqual(['kind']);
    expect(r.cacheExtras).toEqual({ urlParams: { region: 'east' }, userId: 7 });
  });

  it('leaves text without templates alone and depends on nothing', async () => {
    const r = await renderChartTemplates(
      { metrics: ['count'] },
      { table_name: 't', columns: [], metrics: [] },
      input(),
    );
    expect(r.query).toEqual({ metrics: ['count'] });
    expect(r.cacheExtras).toEqual({ urlParams: {}, userId: null });
  });

  it('answers a 400 naming where a template failed', async () => {
    await expect(
      renderChartTemplates(
        { extras: { where: '{{ broken(' } },
        { table_name: 't', columns: [], metrics: [] },
        input(),
      ),
    ).rejects.toThrow(/the WHERE clause/);
    await expect(
      renderChartTemplates(
        {},
        { table_name: 't', columns: [], metrics: [] },
        input({ templateParams: '[1]' }),
      ),
    ).rejects.toThrow(/Template parameters/);
  });
});

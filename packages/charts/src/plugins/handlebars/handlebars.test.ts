import { describe, expect, it } from 'vitest';
import type { ChartProps } from '../../plugin.js';
import { DEFAULT_HANDLEBARS_TEMPLATE, DEFAULT_STYLE_TEMPLATE } from './controlPanel.js';
import { handlebarsPlugin } from './index.js';

const base = {
  datasource: '3__table',
  viz_type: 'handlebars',
  time_range: 'No filter',
  row_limit: 50,
};

const props = (
  formData: Record<string, unknown>,
  data: Array<Record<string, unknown>>,
): ChartProps => ({
  width: 500,
  height: 300,
  formData: { ...base, ...formData },
  queriesData: [
    { data, colnames: Object.keys(data[0] ?? {}), coltypes: [], rowcount: data.length },
  ],
  datasource: { id: 3, type: 'table', columns: [], metrics: [] },
});

describe('handlebars buildQuery', () => {
  it('aggregates like the table: dimensions, metrics, sorted by the first metric', () => {
    const ctx = handlebarsPlugin.buildQuery({ ...base, groupby: ['state'], metrics: ['count'] });
    expect(ctx.datasource).toEqual({ id: 3, type: 'table' });
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0]).toMatchObject({
      columns: ['state'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 50,
      series_limit: 0,
      post_processing: [],
    });
  });

  it('computes percentage metrics and sorts by the sort metric', () => {
    const q = handlebarsPlugin.buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      percent_metrics: ['sum__num'],
      timeseries_limit_metric: 'sum__num',
      order_desc: false,
    }).queries[0]!;
    expect(q.metrics).toEqual(['count', 'sum__num']);
    expect(q.orderby).toEqual([['sum__num', true]]);
    expect(q.post_processing).toEqual([
      {
        operation: 'contribution',
        options: { columns: ['sum__num'], rename_columns: ['%sum__num'] },
      },
    ]);
  });

  it('queries raw records with their ordering', () => {
    const q = handlebarsPlugin.buildQuery({
      ...base,
      query_mode: 'raw',
      all_columns: ['name', 'num'],
      order_by_cols: ['["num", false]'],
      groupby: ['ignored'],
      metrics: ['ignored'],
    }).queries[0]!;
    expect(q).toMatchObject({ columns: ['name', 'num'], orderby: [['num', false]] });
    // No metrics at all: an empty list would make the server group the records.
    expect('metrics' in q).toBe(false);
  });

  it('puts the time column first with include_time, and never adds a summary query', () => {
    const ctx = handlebarsPlugin.buildQuery({
      ...base,
      groupby: ['state'],
      metrics: ['count'],
      include_time: true,
      granularity_sqla: 'ds',
      time_grain_sqla: 'P1D',
      show_totals: true,
    });
    expect(ctx.queries).toHaveLength(1);
    expect(ctx.queries[0]!.columns).toEqual([
      {
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
        columnType: 'BASE_AXIS',
        timeGrain: 'P1D',
        isColumnReference: true,
      },
      'state',
    ]);
  });
});

describe('handlebars transformProps', () => {
  const rows = [
    { state: 'CA', count: 10 },
    { state: '<NY>', count: 5 },
  ];

  it('renders the default template against the rows', () => {
    const p = handlebarsPlugin.transformProps(
      props({ handlebarsTemplate: DEFAULT_HANDLEBARS_TEMPLATE }, rows),
    );
    expect(p.error).toBeNull();
    expect(p.width).toBe(500);
    expect(p.height).toBe(300);
    expect(p.html).toBe(
      '<ul class="data-list">\n' +
        '    <li>{\n  &quot;state&quot;: &quot;CA&quot;,\n  &quot;count&quot;: 10\n}</li>\n' +
        '    <li>{\n  &quot;state&quot;: &quot;&lt;NY&gt;&quot;,\n  &quot;count&quot;: 5\n}</li>\n' +
        '</ul>',
    );
  });

  it('gives the template the form data, and escapes values', () => {
    const p = handlebarsPlugin.transformProps(
      props(
        {
          handlebarsTemplate:
            '<h1>{{formData.viz_type}}</h1>{{#each data}}<p>{{state}}: {{formatNumber count}}</p>{{/each}}',
        },
        rows,
      ),
    );
    expect(p.html).toBe('<h1>handlebars</h1><p>CA: 10</p><p>&lt;NY&gt;: 5</p>');
  });

  it("turns __timestamp epochs into dates, as Superset's plugin does", () => {
    const p = handlebarsPlugin.transformProps(
      props(
        {
          handlebarsTemplate: '{{#each data}}{{dateFormat __timestamp format="YYYY-MM"}};{{/each}}',
        },
        [
          { __timestamp: Date.UTC(2021, 4, 1), n: 1 },
          { __timestamp: '2022-06-02T00:00:00', n: 2 },
        ],
      ),
    );
    expect(p.html).toBe('2021-05;2022-06;');
  });

  it('falls back to {{data}} without a template and passes the style template on', () => {
    const p = handlebarsPlugin.transformProps(props({ styleTemplate: '.a { color: red }' }, rows));
    expect(p.html).toBe('[object Object],[object Object]');
    expect(p.styleTemplate).toBe('.a { color: red }');
  });

  it('returns the syntax error instead of HTML', () => {
    const p = handlebarsPlugin.transformProps(
      props({ handlebarsTemplate: '{{#each data}}<li>' }, rows),
    );
    expect(p.html).toBe('');
    expect(p.error).toMatch(/^Parse error on line 1:[\s\S]*got 'EOF'/);
  });

  it('renders no rows when the answer has none', () => {
    const p = handlebarsPlugin.transformProps({
      ...props({ handlebarsTemplate: '{{#each data}}x{{else}}no data{{/each}}' }, []),
      queriesData: [],
    });
    expect(p.html).toBe('no data');
  });
});

describe('handlebars plugin', () => {
  it('describes itself like Superset', () => {
    expect(handlebarsPlugin.vizType).toBe('handlebars');
    expect(handlebarsPlugin.metadata).toMatchObject({
      name: 'Handlebars',
      category: 'Other',
      tags: ['Flexible', 'Template'],
    });
    expect(handlebarsPlugin.metadata.thumbnail).toMatch(/^<svg [^>]*viewBox="0 0 160 100"/);
  });

  it('has the template controls with their defaults on the customize side', () => {
    const controls = handlebarsPlugin.controlPanel.controlPanelSections.flatMap((s) =>
      s.controlSetRows.flat(),
    );
    const named = (name: string) =>
      controls.find((c) => c !== null && typeof c === 'object' && c.name === name) as
        { config?: Record<string, unknown> } | undefined;
    expect(named('handlebarsTemplate')?.config).toMatchObject({
      type: 'TextAreaControl',
      default: DEFAULT_HANDLEBARS_TEMPLATE,
      renderTrigger: true,
      props: { language: 'handlebars' },
    });
    expect(named('styleTemplate')?.config).toMatchObject({
      type: 'TextAreaControl',
      default: DEFAULT_STYLE_TEMPLATE,
      renderTrigger: true,
    });
    expect(DEFAULT_STYLE_TEMPLATE).toBe('/*\n.data-list {\n  background-color: yellow;\n}\n*/');
    for (const name of ['query_mode', 'row_limit', 'include_time', 'adhoc_filters'])
      expect(controls).toContain(name);
  });
});

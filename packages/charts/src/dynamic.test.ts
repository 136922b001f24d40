import { describe, expect, it } from 'vitest';
import { DEFAULT_DYNAMIC_CONTROL_PANEL, resolveDynamicPlugin } from './dynamic.js';
import { buildQueryContext } from './query/build-query-context.js';

const host = { React: { marker: 'react' }, buildQueryContext };
const Chart = () => null;
const formData = {
  datasource: '3__table',
  viz_type: 'bars',
  metrics: ['count'],
  groupby: ['name'],
  row_limit: 10,
};

describe('resolveDynamicPlugin', () => {
  it('takes a factory, hands it the host and registers under the key', () => {
    let seen: unknown;
    const { plugin, Chart: got } = resolveDynamicPlugin(
      {
        default: (h: typeof host) => {
          seen = h.React;
          return { metadata: { name: 'Bars', tags: ['x', 3] }, Chart };
        },
      },
      'bars',
      host,
    );
    expect(seen).toEqual({ marker: 'react' });
    expect(got).toBe(Chart);
    expect(plugin.vizType).toBe('bars');
    expect(plugin.metadata).toEqual({ name: 'Bars', tags: ['x'] });
    expect(plugin.controlPanel).toBe(DEFAULT_DYNAMIC_CONTROL_PANEL);
  });

  it('builds the standard query and passes the first result when the module gives neither', () => {
    const { plugin } = resolveDynamicPlugin(
      { default: { metadata: { name: 'Bars' }, Chart } },
      'bars',
      host,
    );
    const context = plugin.buildQuery(formData);
    expect(context.datasource).toEqual({ id: 3, type: 'table' });
    expect(context.queries[0]).toMatchObject({
      metrics: ['count'],
      columns: ['name'],
      row_limit: 10,
    });
    const props = plugin.transformProps({
      width: 300,
      height: 200,
      formData,
      datasource: { id: 3, type: 'table', columns: [], metrics: [] } as never,
      queriesData: [
        {
          data: [{ name: 'a', count: 1 }],
          colnames: ['name', 'count'],
          coltypes: [1, 0],
          rowcount: 1,
        },
      ],
    });
    expect(props).toEqual({
      width: 300,
      height: 200,
      formData,
      data: [{ name: 'a', count: 1 }],
      colnames: ['name', 'count'],
    });
  });

  it("keeps the module's own buildQuery, transformProps and control panel", () => {
    const controlPanel = { controlPanelSections: [{ label: 'Q', controlSetRows: [['metric']] }] };
    const buildQuery = () => ({ custom: true }) as never;
    const transformProps = () => ({ mine: 1 });
    const { plugin } = resolveDynamicPlugin(
      { default: { metadata: { name: 'X' }, Chart, controlPanel, buildQuery, transformProps } },
      'x',
      host,
    );
    expect(plugin.controlPanel).toBe(controlPanel);
    expect(plugin.buildQuery).toBe(buildQuery);
    expect(plugin.transformProps).toBe(transformProps);
  });

  it('names what is wrong with a bad module', () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'the module has no default export'],
      [{ default: 42 }, 'the default export is not a chart definition'],
      [{ default: { Chart } }, 'metadata.name is missing'],
      [{ default: { metadata: { name: 'X' } } }, 'Chart is not a React component'],
      [
        { default: { metadata: { name: 'X' }, Chart, buildQuery: 1 } },
        'buildQuery is not a function',
      ],
      [
        { default: { metadata: { name: 'X' }, Chart, controlPanel: {} } },
        'controlPanel has no controlPanelSections',
      ],
    ];
    for (const [mod, text] of cases) {
      expect(() => resolveDynamicPlugin(mod, 'x', host)).toThrow(`Dynamic plugin x: ${text}`);
    }
  });
});

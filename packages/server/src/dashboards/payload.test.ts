import { describe, expect, it } from 'vitest';
import {
  chartFormData,
  lastModifiedTime,
  permalinkRedirect,
  positionChartIds,
  positionJsonChartIds,
  remapLayoutChartIds,
  remapMetadataChartIds,
} from './payload.js';

const layout = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', children: ['ROW-1'] },
  'ROW-1': { type: 'ROW', children: ['CHART-a', 'CHART-b', 'MARKDOWN-1'] },
  'CHART-a': { type: 'CHART', children: [], meta: { chartId: 3, width: 4, uuid: 'u-3' } },
  'CHART-b': { type: 'CHART', children: [], meta: { chartId: 5, width: 4 } },
  'CHART-c': { type: 'CHART', children: [], meta: { chartId: 3 } },
  'MARKDOWN-1': { type: 'MARKDOWN', children: [], meta: { code: '# hi', chartId: 9 } },
};

describe('chart ids of layouts', () => {
  it('finds the chart ids of CHART components once each', () => {
    expect(positionChartIds(layout)).toEqual([3, 5]);
    expect(positionChartIds({ X: { type: 'CHART', meta: { chartId: '3' } } })).toEqual([]);
    expect(positionChartIds([])).toEqual([]);
    expect(positionJsonChartIds(JSON.stringify(layout))).toEqual([3, 5]);
    expect(positionJsonChartIds('{nope')).toEqual([]);
    expect(positionJsonChartIds(null)).toEqual([]);
  });

  it('remaps chart components to copies, dropping the old uuid', () => {
    const out = remapLayoutChartIds(layout, new Map([[3, 30]]));
    expect(out['CHART-a']).toEqual({
      type: 'CHART',
      children: [],
      meta: { chartId: 30, width: 4 },
    });
    expect(out['CHART-c']).toEqual({ type: 'CHART', children: [], meta: { chartId: 30 } });
    expect(out['CHART-b']).toBe(layout['CHART-b']);
    expect(layout['CHART-a'].meta.chartId).toBe(3);
  });

  it('remaps chart-keyed metadata, leaving the rest as it is', () => {
    const meta = {
      color_scheme: 'x',
      expanded_slices: { '3': true, '7': false },
      timed_refresh_immune_slices: [3, 7],
      filter_scopes: { '3': { region: { scope: ['ROOT_ID'], immune: [5] } } },
      chart_configuration: { '3': { id: 3, crossFilters: { scope: 'global' } } },
    };
    const map = new Map([
      [3, 30],
      [5, 50],
    ]);
    expect(remapMetadataChartIds(meta, map)).toEqual({
      color_scheme: 'x',
      expanded_slices: { '30': true, '7': false },
      timed_refresh_immune_slices: [30, 7],
      filter_scopes: { '30': { region: { scope: ['ROOT_ID'], immune: [5] } } },
      chart_configuration: { '30': { id: 30, crossFilters: { scope: 'global' } } },
    });
    expect(remapMetadataChartIds(meta, new Map())).toBe(meta);
  });
});

describe('chartFormData', () => {
  const chart = {
    id: 7,
    params: '{"metrics": ["count"], "slice_id": 1, "viz_type": "old"}',
    viz_type: 'table',
    datasource_id: 4,
    datasource_type: 'table',
    cache_timeout: null,
  };
  it("is the chart's params with its id, type and datasource", () => {
    expect(chartFormData(chart)).toEqual({
      metrics: ['count'],
      slice_id: 7,
      viz_type: 'table',
      datasource: '4__table',
    });
    expect(chartFormData({ ...chart, cache_timeout: 60 }).cache_timeout).toBe(60);
  });
  it('survives params that are not a JSON object', () => {
    expect(chartFormData({ ...chart, params: '{nope' })).toEqual({
      slice_id: 7,
      viz_type: 'table',
      datasource: '4__table',
    });
    expect(chartFormData({ ...chart, params: '[1]' }).slice_id).toBe(7);
    expect(chartFormData({ ...chart, params: null }).slice_id).toBe(7);
  });
});

describe('lastModifiedTime', () => {
  it('is changed_on in whole epoch seconds', () => {
    expect(lastModifiedTime('2026-01-02T03:04:05.678Z')).toBe(Date.UTC(2026, 0, 2, 3, 4, 5) / 1000);
    expect(lastModifiedTime(new Date(1500))).toBe(1);
    expect(lastModifiedTime(null)).toBeNull();
    expect(lastModifiedTime('not a date')).toBeNull();
  });
});

describe('permalinkRedirect', () => {
  it('goes to the dashboard by slug or id with the key, parameters and anchor', () => {
    expect(permalinkRedirect({ id: 3, slug: 'sales' }, 'KEY', {})).toBe(
      '/superset/dashboard/sales/?permalink_key=KEY',
    );
    expect(
      permalinkRedirect({ id: 3, slug: null }, 'KEY', {
        urlParams: [
          ['standalone', '1'],
          ['a b', 'c&d'],
          ['permalink_key', 'other'],
        ],
        anchor: 'CHART-1',
      }),
    ).toBe('/superset/dashboard/3/?permalink_key=KEY&standalone=1&a+b=c%26d#CHART-1');
  });
});

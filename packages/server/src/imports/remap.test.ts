import { describe, expect, it } from 'vitest';
import {
  canonicalUuid,
  layoutCharts,
  nativeFilterDatasetUuids,
  oldToNewChartIds,
  remapDashboardMetadata,
  remapPosition,
  rewriteChartParams,
  rewriteQueryContext,
} from './remap.js';

const A = 'c3d643cd-fd6f-4659-a5b7-59402487a8d0';
const B = 'bd20fc69-dd51-46c1-99b5-09e37a434bf1';
const DS = 'e8623bb9-5e00-f531-506a-19607f5f8005';

const position = {
  DASHBOARD_VERSION_KEY: 'v2',
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['CHART-a', 'CHART-b'] },
  'CHART-a': { id: 'CHART-a', type: 'CHART', meta: { chartId: 115, uuid: A, width: 4 } },
  'CHART-b': { id: 'CHART-b', type: 'CHART', meta: { chartId: 112, uuid: B.toUpperCase() } },
  'MARKDOWN-x': { id: 'MARKDOWN-x', type: 'MARKDOWN', meta: { code: '# hi' } },
};
const chartIds = new Map([
  [A, 7],
  [B, 8],
]);

describe('dashboard layout', () => {
  it('lists its charts with their uuids and old ids', () => {
    expect(layoutCharts(position)).toEqual([
      { component: 'CHART-a', uuid: A, chartId: 115 },
      { component: 'CHART-b', uuid: B, chartId: 112 },
    ]);
    expect(layoutCharts(null)).toEqual([]);
  });

  it('sets each chart id from its uuid, leaving the rest', () => {
    const out = remapPosition(position, chartIds);
    expect((out['CHART-a'] as { meta: object }).meta).toEqual({ chartId: 7, uuid: A, width: 4 });
    expect((out['CHART-b'] as { meta: { chartId: number } }).meta.chartId).toBe(8);
    expect(out['MARKDOWN-x']).toEqual(position['MARKDOWN-x']);
    expect(position['CHART-a'].meta.chartId).toBe(115);
    expect(oldToNewChartIds(position, chartIds)).toEqual(
      new Map([
        [115, 7],
        [112, 8],
      ]),
    );
  });
});

describe('dashboard metadata', () => {
  const ids = new Map([
    [115, 7],
    [112, 8],
  ]);
  it('maps every place that names charts, and gives native filter targets a dataset id', () => {
    const metadata = {
      color_scheme: 'supersetColors',
      show_native_filters: true,
      positions: {},
      timed_refresh_immune_slices: [115, 999],
      expanded_slices: { '112': true, '999': false },
      default_filters: '{"115": {"region": ["east"]}, "3": {}}',
      filter_scopes: { '115': { region: { scope: ['ROOT_ID'], immune: [112, 999] } }, '999': {} },
      native_filter_configuration: [
        {
          id: 'NATIVE_FILTER-1',
          targets: [{ column: { name: 'country' }, datasetUuid: DS }, {}],
          scope: { rootPath: ['ROOT_ID'], excluded: [112] },
          chartsInScope: [115, 112, 999],
        },
      ],
      chart_configuration: {
        '115': { id: 115, crossFilters: { scope: 'global', chartsInScope: [112] } },
        '999': { id: 999 },
      },
      global_chart_configuration: {
        scope: { rootPath: ['ROOT_ID'], excluded: [115] },
        chartsInScope: [115, 112],
      },
    };
    expect(remapDashboardMetadata(metadata, ids, new Map([[DS, 4]]))).toEqual({
      color_scheme: 'supersetColors',
      timed_refresh_immune_slices: [7],
      expanded_slices: { '8': true },
      default_filters: '{"7":{"region":["east"]}}',
      filter_scopes: { '7': { region: { scope: ['ROOT_ID'], immune: [8] } } },
      native_filter_configuration: [
        {
          id: 'NATIVE_FILTER-1',
          targets: [{ column: { name: 'country' }, datasetUuid: DS, datasetId: 4 }, {}],
          scope: { rootPath: ['ROOT_ID'], excluded: [8] },
          chartsInScope: [7, 8],
        },
      ],
      chart_configuration: {
        '7': { id: 7, crossFilters: { scope: 'global', chartsInScope: [8] } },
      },
      global_chart_configuration: {
        scope: { rootPath: ['ROOT_ID'], excluded: [7] },
        chartsInScope: [7, 8],
      },
    });
    expect(metadata.timed_refresh_immune_slices).toEqual([115, 999]);
  });

  it('lists the datasets native filters target', () => {
    expect(
      nativeFilterDatasetUuids({
        native_filter_configuration: [
          { targets: [{ datasetUuid: DS.toUpperCase() }, {}] },
          { targets: [{ datasetUuid: DS }] },
          'junk',
        ],
      }),
    ).toEqual([DS]);
    expect(nativeFilterDatasetUuids({})).toEqual([]);
  });
});

describe('chart params and query context', () => {
  it('point at the new dataset and chart', () => {
    expect(
      rewriteChartParams(
        { datasource: '23__table', slice_id: 2810, dashboards: [9], metric: 'count' },
        5,
        11,
      ),
    ).toEqual({ datasource: '5__table', slice_id: 11, metric: 'count' });
    expect(rewriteChartParams(null, 5, null)).toEqual({ datasource: '5__table' });
    const qc = rewriteQueryContext(
      JSON.stringify({
        datasource: { id: 21, type: 'table' },
        queries: [{ metrics: ['count'] }],
        form_data: { datasource: '21__table', slice_id: 3, dashboards: [9] },
      }),
      5,
      11,
    );
    expect(JSON.parse(qc!)).toEqual({
      datasource: { id: 5, type: 'table' },
      queries: [{ metrics: ['count'] }],
      form_data: { datasource: '5__table', slice_id: 11 },
    });
    expect(rewriteQueryContext(null, 5, 11)).toBeNull();
    expect(rewriteQueryContext('[1]', 5, 11)).toBeNull();
  });

  it('writes uuids as the store keeps them', () => {
    expect(canonicalUuid('A2DC77AFE65449BBB32140F6B559A1EE')).toBe(
      'a2dc77af-e654-49bb-b321-40f6b559a1ee',
    );
    expect(canonicalUuid('nope')).toBeNull();
    expect(canonicalUuid(3)).toBeNull();
  });
});

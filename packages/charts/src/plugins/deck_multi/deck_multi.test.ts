import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import type { ChartDataResult, QueryContext, SavedChart } from '../../plugin.js';
import { chartRegistry } from '../index.js';
import { deckSlicesOf, layerFormData, layerQuery, layerSpec, multiViewport } from './layers.js';
import { loadLayer } from './load.js';
import { DECK_SLICES_ENDPOINT } from './index.js';

const fd = (extra: Record<string, unknown>): QueryFormData =>
  ({ datasource: '9__table', viz_type: 'deck_multi', ...extra }) as QueryFormData;

const lonLat = { type: 'latlong', lonCol: 'LON', latCol: 'LAT' };
const scatter = {
  datasource: '3__table',
  viz_type: 'deck_scatter',
  slice_id: 11,
  spatial: lonLat,
  row_limit: 500,
  adhoc_filters: [
    { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'LAT', operator: '>', comparator: 30 },
  ],
} as unknown as QueryFormData;
const arc = {
  datasource: '4__table',
  viz_type: 'deck_arc',
  slice_id: 12,
  start_spatial: { type: 'latlong', lonCol: 'A_LON', latCol: 'A_LAT' },
  end_spatial: { type: 'latlong', lonCol: 'B_LON', latCol: 'B_LAT' },
} as unknown as QueryFormData;
const shared = {
  expressionType: 'SQL',
  clause: 'WHERE',
  sqlExpression: "region = 'West'",
};

describe('deck.gl Multiple Layers: the layers', () => {
  it('is registered with its async select of the saved deck charts', () => {
    const plugin = chartRegistry.get('deck_multi')!;
    expect(plugin.metadata.name).toBe('deck.gl Multiple Layers');
    const control = plugin.controlPanel.controlPanelSections
      .flatMap((s) => s.controlSetRows.flat())
      .find((c) => typeof c === 'object' && c !== null && 'name' in c && c.name === 'deck_slices');
    expect(control).toMatchObject({
      config: { type: 'SelectAsyncControl', props: { multi: true } },
    });
    expect(decodeURIComponent(DECK_SLICES_ENDPOINT)).toBe(
      '/api/v1/chart/?q=(filters:!((col:viz_type,opr:sw,value:deck)),order_column:slice_name,order_direction:asc,page_size:100)',
    );
    // No query of its own: an empty context on its dataset.
    const ctx = plugin.buildQuery(fd({ deck_slices: [11] }));
    expect(ctx.datasource).toEqual({ id: 9, type: 'table' });
    expect(ctx.queries).toEqual([]);
  });

  it('reads the chosen charts in order, once each', () => {
    expect(deckSlicesOf(fd({ deck_slices: [12, 11, 12] }))).toEqual([12, 11]);
    expect(deckSlicesOf(fd({ deck_slices: ['7', { value: 8, label: 'x' }, 'x', -1, 0] }))).toEqual([
      7, 8,
    ]);
    expect(deckSlicesOf(fd({}))).toEqual([]);
    expect(deckSlicesOf(fd({ deck_slices: 5 }))).toEqual([]);
  });

  it("adds the multi chart's filters to each layer's own, and the dashboard's", () => {
    const extra = { filters: [{ col: 'LAT', op: 'IS NOT NULL' }], time_range: 'Last week' };
    const multi = fd({
      adhoc_filters: [shared],
      extra_form_data: extra,
      extra_filters: [{ col: 'x', op: '==', val: 1 }],
    });
    const s = layerFormData(scatter, multi) as unknown as Record<string, unknown>;
    expect(s.adhoc_filters).toEqual([...(scatter.adhoc_filters as unknown[]), shared]);
    expect(s.extra_form_data).toEqual(extra);
    expect(s.extra_filters).toEqual([{ col: 'x', op: '==', val: 1 }]);
    expect(s.viz_type).toBe('deck_scatter');
    expect(s.datasource).toBe('3__table');
    const a = layerFormData(arc, fd({})) as unknown as Record<string, unknown>;
    expect(a.adhoc_filters).toEqual([]);
    expect('extra_form_data' in a).toBe(false);
    expect('extra_filters' in a).toBe(false);
    // The layer's query is its own type's, on its own dataset, with the filters.
    const q = layerQuery(layerFormData(scatter, multi))!;
    expect(q.datasource).toEqual({ id: 3, type: 'table' });
    expect(q.queries[0]!.columns).toEqual(['LAT', 'LON']);
    expect(q.queries[0]!.row_limit).toBe(500);
    expect(q.queries[0]!.extras?.where).toContain("region = 'West'");
    expect(q.queries[0]!.filters).toEqual(
      expect.arrayContaining([
        { col: 'LAT', op: '>', val: 30 },
        { col: 'LAT', op: 'IS NOT NULL' },
        { col: 'LON', op: 'IS NOT NULL' },
      ]),
    );
    expect(layerQuery({ ...arc, viz_type: 'pie' } as QueryFormData)).toBeNull();
  });

  it("draws each layer with its own type's builder; one viewport fits them all", () => {
    const s = layerSpec(scatter, [
      { data: [{ LON: -122, LAT: 37 }], colnames: [], coltypes: [], rowcount: 1 },
    ]);
    expect(s.kind).toBe('scatter');
    const a = layerSpec(arc, [
      {
        data: [{ A_LON: -74, A_LAT: 40.7, B_LON: 2.35, B_LAT: 48.85 }],
        colnames: [],
        coltypes: [],
        rowcount: 1,
      },
    ]);
    expect(a.kind).toBe('arc');
    const v = multiViewport([s, a], fd({}), 800, 600);
    expect(v.longitude).toBeGreaterThan(-122);
    expect(v.longitude).toBeLessThan(2.35);
    expect(v.zoom).toBeLessThan(4);
    const saved = { longitude: 1, latitude: 2, zoom: 3, bearing: 0, pitch: 0 };
    expect(multiViewport([s, a], fd({ autozoom: false, viewport: saved }), 800, 600)).toEqual(
      saved,
    );
    expect(multiViewport([], fd({ viewport: saved }), 800, 600)).toEqual(saved);
  });
});

describe('deck.gl Multiple Layers: loading a layer', () => {
  const charts: Record<number, SavedChart> = {
    11: { id: 11, slice_name: 'Points', form_data: scatter },
    13: { id: 13, slice_name: 'A pie', form_data: { ...scatter, viz_type: 'pie' } },
  };
  const posted: QueryContext[] = [];
  const calls = {
    getSavedChart: async (id: number) => {
      const chart = charts[id];
      if (!chart) throw new Error('Not found');
      return chart;
    },
    postChartData: async (context: QueryContext): Promise<ChartDataResult[]> => {
      posted.push(context);
      if (context.datasource.id === 3)
        return [{ data: [{ LON: 1, LAT: 2 }], colnames: [], coltypes: [], rowcount: 1 }];
      throw new Error('Error: no such table');
    },
  };

  it('loads a chart, queries it as its own type with the filters, and gives its layer', async () => {
    const state = await loadLayer(11, fd({ adhoc_filters: [shared] }), calls);
    expect(state).toMatchObject({ status: 'loaded', id: 11, name: 'Points' });
    expect(posted.at(-1)!.form_data.viz_type).toBe('deck_scatter');
    expect(posted.at(-1)!.queries[0]!.extras?.where).toContain("region = 'West'");
  });

  it('gives the error of a layer that fails, named', async () => {
    expect(await loadLayer(99, fd({}), calls)).toEqual({
      status: 'failed',
      id: 99,
      name: 'Chart 99',
      error: 'Not found',
    });
    expect(await loadLayer(13, fd({}), calls)).toEqual({
      status: 'failed',
      id: 13,
      name: 'A pie',
      error: 'pie is not a deck.gl chart',
    });
    charts[14] = { id: 14, slice_name: 'Arcs', form_data: arc };
    expect(await loadLayer(14, fd({}), calls)).toMatchObject({
      status: 'failed',
      name: 'Arcs',
      error: 'Error: no such table',
    });
    expect(await loadLayer(11, fd({}), {})).toMatchObject({ status: 'failed' });
  });
});

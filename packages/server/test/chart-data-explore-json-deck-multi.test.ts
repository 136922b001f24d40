/**
 * `/superset/explore_json/` for deck.gl Multiple Layers (viz.py `DeckGLMultiLayer`): no query of
 * its own; `{features, mapboxApiKey, slices}` with each chosen chart's `Slice.data` in the chosen
 * order and each layer's features (its own query with the multi chart's filters) by viz type.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();
const examples = examplesServers('strata-explore-json-deck-multi-');

interface Payload {
  data: {
    features: Record<string, Array<Record<string, unknown>>>;
    mapboxApiKey: string;
    slices: Array<Record<string, unknown>>;
  } | null;
  status?: string;
  query?: string;
  form_data?: Record<string, unknown>;
  message?: string;
}

describe.each(targets.slice(0, 1))('deck_multi explore_json on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const ids: Record<string, number> = {};
  const charts: Record<string, number> = {};

  const explore = (client: ApiClient, formData: Record<string, unknown>) =>
    client.request<Payload>(
      'POST',
      '/superset/explore_json/',
      new URLSearchParams({ form_data: JSON.stringify(formData) }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );

  const save = async (name: string, dataset: string, params: Record<string, unknown>) => {
    const res = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: name,
      viz_type: params.viz_type,
      datasource_id: ids[dataset],
      datasource_type: 'table',
      params: JSON.stringify({ datasource: `${ids[dataset]}__table`, ...params }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };

  const multi = (extra: Record<string, unknown>) => ({
    datasource: `${ids.long_lat}__table`,
    viz_type: 'deck_multi',
    deck_slices: [charts.arc, charts.scatter],
    adhoc_filters: [],
    ...extra,
  });

  beforeAll(async () => {
    server = await examples.start(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const rows = await server.strata.store.db
      .selectFrom('tables')
      .select(['id', 'table_name'])
      .where('table_name', 'in', ['long_lat', 'flights'])
      .execute();
    for (const r of rows) ids[r.table_name] = r.id;
    charts.scatter = await save('SF points', 'long_lat', {
      viz_type: 'deck_scatter',
      time_range: 'No filter',
      row_limit: 40,
      spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
      point_radius_fixed: { type: 'fix', value: 1000 },
      adhoc_filters: [],
    });
    charts.arc = await save('Flights', 'flights', {
      viz_type: 'deck_arc',
      time_range: 'No filter',
      row_limit: 30,
      start_spatial: { type: 'latlong', lonCol: 'LONGITUDE', latCol: 'LATITUDE' },
      end_spatial: { type: 'latlong', lonCol: 'LONGITUDE_DEST', latCol: 'LATITUDE_DEST' },
      adhoc_filters: [],
    });
    charts.broken = await save('Broken points', 'long_lat', {
      viz_type: 'deck_scatter',
      time_range: 'No filter',
      spatial: { type: 'latlong', lonCol: 'NO_SUCH_COLUMN', latCol: 'LAT' },
    });
  }, 180_000);
  afterAll(async () => server?.close());

  it("answers the chosen charts' Slice.data in order and each layer's features", async () => {
    const res = await explore(admin, multi({ deck_slices: [charts.arc, charts.scatter, 987654] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.query).toBe('');
    const data = res.body.data!;
    expect(data.mapboxApiKey).toBe('');
    // The missing chart is left out; the order is the chosen one.
    expect(data.slices.map((s) => s.slice_id)).toEqual([charts.arc, charts.scatter]);
    const arc = data.slices[0]!;
    expect(arc).toMatchObject({
      slice_name: 'Flights',
      datasource: 'main.flights',
      edit_url: `/chart/edit/${charts.arc}`,
      slice_url: `/explore/?slice_id=${charts.arc}`,
      description: null,
      is_managed_externally: false,
    });
    expect(arc.form_data).toMatchObject({
      viz_type: 'deck_arc',
      slice_id: charts.arc,
      datasource: `${ids.flights}__table`,
      row_limit: 30,
    });
    for (const key of ['changed_on', 'changed_on_humanized', 'modified', 'owners', 'query_context'])
      expect(key in arc, key).toBe(true);
    expect(Object.keys(data.features).sort()).toEqual(['deck_arc', 'deck_scatter']);
    expect(data.features.deck_scatter).toHaveLength(40);
    expect(data.features.deck_arc).toHaveLength(30);
    expect(data.features.deck_scatter![0]).toMatchObject({ radius: 1000 });
    expect(data.features.deck_arc![0]).toHaveProperty('sourcePosition');
  });

  it("applies the multi chart's filters to every layer", async () => {
    const north = {
      expressionType: 'SIMPLE',
      clause: 'WHERE',
      subject: 'LAT',
      operator: '>',
      comparator: 37.78,
    };
    const res = await explore(
      admin,
      multi({ deck_slices: [charts.scatter], adhoc_filters: [north] }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const points = res.body.data!.features.deck_scatter!;
    expect(points.length).toBeGreaterThan(0);
    for (const p of points) expect((p.position as number[])[1]).toBeGreaterThan(37.78);
    // A simple filter on a column a layer's dataset lacks is rejected there, as Superset's
    // are (not_in_datasource): the flights are all drawn.
    const both = await explore(
      admin,
      multi({ deck_slices: [charts.scatter, charts.arc], adhoc_filters: [north] }),
    );
    expect(both.status).toBe(200);
    expect(both.body.data!.features.deck_arc).toHaveLength(30);
    // A SQL filter on it fails that layer's query: it adds no features, it is still listed.
    const sql = { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '"LAT" > 37.78' };
    const failing = await explore(
      admin,
      multi({ deck_slices: [charts.scatter, charts.arc], adhoc_filters: [sql] }),
    );
    expect(failing.status, JSON.stringify(failing.body)).toBe(200);
    expect(failing.body.data!.slices).toHaveLength(2);
    expect(Object.keys(failing.body.data!.features)).toEqual(['deck_scatter']);
    for (const p of failing.body.data!.features.deck_scatter!)
      expect((p.position as number[])[1]).toBeGreaterThan(37.78);
  });

  it('a layer whose query fails adds no features; no charts give an empty answer', async () => {
    const res = await explore(admin, multi({ deck_slices: [charts.broken, charts.scatter] }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data!.slices.map((s) => s.slice_name)).toEqual(['Broken points', 'SF points']);
    expect(Object.keys(res.body.data!.features)).toEqual(['deck_scatter']);
    const none = await explore(admin, multi({ deck_slices: [] }));
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ features: {}, mapboxApiKey: '', slices: [] });
  });

  it("refuses a user who may not read the chart's dataset", async () => {
    const gamma = await signedInGammaUser(admin, server.baseUrl, 'deck_multi_gamma');
    const res = await explore(gamma, multi({}));
    expect([403, 404]).toContain(res.status);
    expect(JSON.stringify(res.body)).not.toMatch(/SF points|Flights/);
  });
});

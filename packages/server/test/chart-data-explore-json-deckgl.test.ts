/**
 * `/superset/explore_json/` for Superset's deck.gl plugins (viz.py `BaseDeckGLViz`): the
 * scatter, screen grid, grid and hexagon on `long_lat` through each way of giving a position,
 * and the arc on `flights`, answered as `{features, mapboxApiKey, metricLabels}`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';

const targets = await metadataTargets();
const examples = examplesServers('strata-explore-json-deckgl-');

interface Payload {
  data: {
    features: Array<Record<string, unknown>>;
    mapboxApiKey: string;
    metricLabels?: string[];
  } | null;
  status?: string;
  query?: string;
  message?: string;
  errors?: unknown[];
}

// San Francisco, roughly.
const inSf = (p: unknown) =>
  Array.isArray(p) &&
  (p[0] as number) > -123 &&
  (p[0] as number) < -122 &&
  (p[1] as number) > 37 &&
  (p[1] as number) < 38.5;

describe.each(targets.slice(0, 1))('deck.gl explore_json on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const ids: Record<string, number> = {};

  const explore = async (formData: Record<string, unknown>) => {
    const res = await admin.request<Payload>(
      'POST',
      '/superset/explore_json/',
      new URLSearchParams({ form_data: JSON.stringify(formData) }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    return res;
  };
  const longLat = (extra: Record<string, unknown>) => ({
    datasource: `${ids.long_lat}__table`,
    viz_type: 'deck_scatter',
    time_range: 'No filter',
    row_limit: 50,
    adhoc_filters: [],
    spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
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
    expect(Object.keys(ids).sort()).toEqual(['flights', 'long_lat']);
  }, 180_000);
  afterAll(async () => server?.close());

  it('deck_scatter: fixed radius, positions from lon/lat, null filters in the query', async () => {
    const res = await explore(longLat({ point_radius_fixed: { type: 'fix', value: 1000 } }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.query).toMatch(/"LAT" IS NOT NULL/);
    expect(res.body.query).toMatch(/"LON" IS NOT NULL/);
    const data = res.body.data!;
    expect(data.mapboxApiKey).toBe('');
    expect(data.metricLabels).toEqual([]);
    expect(data.features).toHaveLength(50);
    for (const f of data.features) {
      expect(inSf(f.position), JSON.stringify(f)).toBe(true);
      expect(f).toMatchObject({ radius: 1000, metric: null, cat_color: null });
    }
  });

  it('deck_scatter: the metric as radius, sorted descending, the dimension as cat_color', async () => {
    const res = await explore(
      longLat({ point_radius_fixed: { type: 'metric', value: 'count' }, dimension: 'occupancy' }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.query).toMatch(/GROUP BY/i);
    const data = res.body.data!;
    expect(data.metricLabels).toEqual(['count']);
    const radii = data.features.map((f) => f.radius as number);
    expect(radii).toEqual([...radii].sort((a, b) => b - a));
    for (const f of data.features) {
      expect(f.metric).toBe(f.radius);
      expect([1, 2, 3, 4, 5, 6]).toContain(f.cat_color);
    }
  });

  it('the delimited (reversed) and geohash columns give the same places', async () => {
    const latlong = await explore(longLat({ row_limit: 20, adhoc_filters: [] }));
    const delimited = await explore(
      longLat({
        row_limit: 20,
        spatial: { type: 'delimited', lonlatCol: 'delimited', reverseCheckbox: true },
      }),
    );
    const geohash = await explore(
      longLat({ row_limit: 20, spatial: { type: 'geohash', geohashCol: 'geohash' } }),
    );
    for (const res of [delimited, geohash]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const f of res.body.data!.features)
        expect(inSf(f.position), JSON.stringify(f)).toBe(true);
    }
    expect(latlong.body.data!.features).toHaveLength(20);
    // Not reversed, the delimited "LAT,LON" column reads latitude first.
    const plain = await explore(
      longLat({ row_limit: 5, spatial: { type: 'delimited', lonlatCol: 'delimited' } }),
    );
    for (const f of plain.body.data!.features) expect(inSf(f.position)).toBe(false);
  });

  it('deck_screengrid, deck_grid, deck_hex: weighted positions', async () => {
    for (const viz_type of ['deck_screengrid', 'deck_grid', 'deck_hex']) {
      const res = await explore(longLat({ viz_type, size: 'count', row_limit: 30 }));
      expect(res.status, `${viz_type}: ${JSON.stringify(res.body)}`).toBe(200);
      const data = res.body.data!;
      expect(data.metricLabels).toEqual(['count']);
      expect(data.features.length).toBeGreaterThan(0);
      for (const f of data.features) {
        expect(inSf(f.position)).toBe(true);
        expect(f.weight as number).toBeGreaterThanOrEqual(1);
        expect('__timestamp' in f).toBe(viz_type === 'deck_screengrid');
      }
    }
  });

  it('deck_arc on flights: origin and destination airports', async () => {
    const res = await explore({
      datasource: `${ids.flights}__table`,
      viz_type: 'deck_arc',
      time_range: 'No filter',
      row_limit: 100,
      adhoc_filters: [],
      start_spatial: { type: 'latlong', lonCol: 'LONGITUDE', latCol: 'LATITUDE' },
      end_spatial: { type: 'latlong', lonCol: 'LONGITUDE_DEST', latCol: 'LATITUDE_DEST' },
      dimension: 'AIRLINE',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data!;
    expect(data.metricLabels).toBeUndefined();
    expect(data.features).toHaveLength(100);
    for (const f of data.features) {
      const [s, t] = [f.sourcePosition as number[], f.targetPosition as number[]];
      // The United States and its territories.
      expect(s[0]).toBeLessThan(-60);
      expect(t[0]).toBeLessThan(-60);
      expect(typeof f.cat_color).toBe('string');
    }
  });

  it('refuses a form data without its spatial control', async () => {
    const res = await explore(longLat({ spatial: undefined }));
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/Bad spatial key/);
  });
});

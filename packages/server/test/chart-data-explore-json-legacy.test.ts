/**
 * `/superset/explore_json/` as Superset's legacy chart plugins call it (issue 19): the form data
 * posted as a multipart/form-data form (SupersetClient.postForm), answered with each viz type's
 * own `data` (viz.py `get_data`): world_map on `covid_vaccines`, horizon on `cleaned_sales_data`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';

const targets = await metadataTargets();
const examples = examplesServers('strata-explore-json-legacy-');

interface Payload {
  data: unknown;
  status?: string;
  errors?: unknown[];
  form_data?: Record<string, unknown>;
  query?: string;
  message?: string;
}

describe.each(targets.slice(0, 1))('legacy explore_json forms on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const ids: Record<string, number> = {};

  /** A multipart POST, as the browser's FormData sends it (fetch sets the boundary). */
  const postForm = async (
    fields: Record<string, string | Blob>,
    path = '/superset/explore_json/',
  ): Promise<{ status: number; body: Payload }> => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const res = await fetch(server.baseUrl + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}` },
      body: form,
    });
    const text = await res.text();
    return { status: res.status, body: JSON.parse(text) as Payload };
  };

  const worldMap = () => ({
    datasource: `${ids.covid_vaccines}__table`,
    viz_type: 'world_map',
    entity: 'country_name',
    country_fieldtype: 'name',
    metric: 'count',
    secondary_metric: {
      expressionType: 'SIMPLE',
      aggregate: 'COUNT',
      column: { column_name: 'country_name' },
      label: 'COUNT(Country_Name)',
    },
    adhoc_filters: [],
    row_limit: 10000,
    time_range: 'No filter',
  });
  const horizon = () => ({
    datasource: `${ids.cleaned_sales_data}__table`,
    viz_type: 'horizon',
    granularity_sqla: 'order_date',
    groupby: ['product_line'],
    metrics: [
      {
        expressionType: 'SIMPLE',
        aggregate: 'SUM',
        column: { column_name: 'sales' },
        label: '(Sales)',
      },
    ],
    adhoc_filters: [],
    order_desc: true,
    row_limit: null,
    time_range: 'No filter',
  });

  beforeAll(async () => {
    server = await examples.start(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const rows = await server.strata.store.db
      .selectFrom('tables')
      .select(['id', 'table_name'])
      .where('table_name', 'in', ['covid_vaccines', 'cleaned_sales_data'])
      .execute();
    for (const r of rows) ids[r.table_name] = r.id;
    expect(Object.keys(ids).sort()).toEqual(['cleaned_sales_data', 'covid_vaccines']);
  }, 180_000);
  afterAll(async () => server?.close());

  it('world_map: rows of alpha-3 country, m1, m2, name, latitude, longitude', async () => {
    const res = await postForm({ form_data: JSON.stringify(worldMap()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.errors).toEqual([]);
    expect(res.body.query).toMatch(/GROUP BY/i);
    const data = res.body.data as Array<Record<string, unknown>>;
    expect(data.length).toBeGreaterThan(5);
    for (const row of data) {
      expect(row.country, JSON.stringify(row)).toMatch(/^[A-Z]{3}$/);
      expect(typeof row.m1).toBe('number');
      // secondary_metric counts the rows with a name: as many as count, none for a null name.
      expect(typeof row.m2).toBe('number');
      expect(row.m2 === row.m1 || (row.country === 'XXX' && row.m2 === 0)).toBe(true);
    }
    const known = data.filter((r) => r.country !== 'XXX');
    expect(known.length).toBeGreaterThan(data.length / 2);
    for (const row of known) {
      expect(typeof row.name).toBe('string');
      expect(typeof row.latitude).toBe('number');
      expect(typeof row.longitude).toBe('number');
    }
    // The path's datasource, and the urlencoded body, answer the same.
    const byPath = await postForm(
      { form_data: JSON.stringify({ ...worldMap(), datasource: undefined }) },
      `/superset/explore_json/table/${ids.covid_vaccines}/`,
    );
    expect(byPath.body.data).toEqual(data);
    const urlencoded = await admin.request<Payload>(
      'POST',
      '/superset/explore_json/',
      new URLSearchParams({ form_data: JSON.stringify(worldMap()) }).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(urlencoded.status).toBe(200);
    expect(urlencoded.body.data).toEqual(data);
  });

  it('horizon: NVD3 series {key, values: [{x: epoch ms, y}]} per product line', async () => {
    const res = await postForm({ form_data: JSON.stringify(horizon()) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as Array<{ key: unknown; values: Array<{ x: number; y: unknown }> }>;
    expect(data.map((s) => s.key)).toEqual([
      ['Classic Cars'],
      ['Motorcycles'],
      ['Planes'],
      ['Ships'],
      ['Trains'],
      ['Trucks and Buses'],
      ['Vintage Cars'],
    ]);
    const xs = data[0]!.values.map((p) => p.x);
    expect(xs.length).toBeGreaterThan(10);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    expect(new Date(xs[0]!).getUTCFullYear()).toBe(2003);
    for (const series of data) {
      expect(series.values.map((p) => p.x)).toEqual(xs);
      expect(series.values.every((p) => p.y === null || typeof p.y === 'number')).toBe(true);
      expect(series.values.some((p) => typeof p.y === 'number')).toBe(true);
    }
    // A flag in the form: the query only.
    const query = await postForm({ form_data: JSON.stringify(horizon()), query: 'true' });
    expect(query.status).toBe(200);
    expect(query.body.query).toMatch(/order_date/);
    expect(query.body.data).toBeUndefined();
  });

  it('other viz types keep the records', async () => {
    const res = await postForm({
      form_data: JSON.stringify({
        datasource: `${ids.covid_vaccines}__table`,
        viz_type: 'table',
        groupby: ['country_name'],
        metrics: ['count'],
        row_limit: 3,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ country_name: expect.any(String), count: expect.any(Number) }),
      expect.anything(),
      expect.anything(),
    ]);
  });

  it('refuses a file part, malformed form data and a world map without a country column', async () => {
    const file = await postForm({
      form_data: JSON.stringify(worldMap()),
      upload: new Blob(['a,b\n1,2\n'], { type: 'text/csv' }),
    });
    expect(file.status).toBe(400);
    expect(file.body.message).toMatch(/text fields only/);
    const bad = await postForm({ form_data: '{not json' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not valid JSON/);
    const none = await postForm({ other: 'x' });
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/form_data is required/);
    const noEntity = await postForm({
      form_data: JSON.stringify({ ...worldMap(), entity: undefined }),
    });
    expect(noEntity.status).toBe(400);
    expect(noEntity.body.message).toMatch(/entity/);
    // A multipart body without its boundary, and a field past the form's 2 MB.
    const broken = await fetch(`${server.baseUrl}/superset/explore_json/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'multipart/form-data' },
      body: 'form_data={}',
    });
    expect(broken.status).toBe(400);
    const long = await postForm({
      form_data: JSON.stringify({ ...worldMap(), pad: 'x'.repeat(2_200_000) }),
    });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/too long/);
    const noTime = await postForm({
      form_data: JSON.stringify({ ...horizon(), granularity_sqla: undefined }),
    });
    expect(noTime.status).toBe(400);
  });
});

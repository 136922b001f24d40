/** Creating and changing charts and dashboards through the API (Save chart in Explore). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface Created {
  id: number;
  result: Record<string, unknown>;
  message?: unknown;
}

describe.each(targets)('chart and dashboard writes on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let alphaId: number;
  let datasetId: number;

  const chart = (extra: Record<string, unknown> = {}) => ({
    slice_name: 'Sales',
    viz_type: 'table',
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ viz_type: 'table', metrics: ['count'] }),
    query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries: [{}] }),
    ...extra,
  });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'writes',
      'sales',
      'CREATE TABLE sales AS SELECT 1 AS id',
    ));
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const created = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username: 'alfie',
      first_name: 'Alfie',
      last_name: 'Alpha',
      email: 'alfie@example.com',
      password: 'password-123',
      active: true,
      roles: [roles.body.result.find((r) => r.name === 'Alpha')!.id],
    });
    alphaId = created.body.id;
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alfie', 'password-123');
  });
  afterAll(async () => server?.close());

  it('creates a dashboard by title, then a chart on it, the creator an owner of both', async () => {
    const dash = await alpha.post<Created>('/api/v1/dashboard/', {
      dashboard_title: 'Sales board',
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    const made = await alpha.post<Created>('/api/v1/chart/', chart({ dashboards: [dash.body.id] }));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const got = await alpha.get<{
      result: {
        slice_name: string;
        owners: Array<{ id: number }>;
        dashboards: Array<{ id: number }>;
        params: string;
      };
    }>(`/api/v1/chart/${made.body.id}`);
    expect(got.body.result.slice_name).toBe('Sales');
    expect(got.body.result.owners.map((o) => o.id)).toEqual([alphaId]);
    expect(got.body.result.dashboards.map((d) => d.id)).toEqual([dash.body.id]);
    const onBoard = await alpha.get<{ result: Array<{ id: number }> }>(
      `/api/v1/chart/?q=(filters:!((col:dashboards,opr:rel_m_m,value:${dash.body.id})))`,
    );
    expect(onBoard.body.result.map((c) => c.id)).toEqual([made.body.id]);
  });

  it('overwrites a chart (owners only) keeping or replacing its dashboards', async () => {
    const made = await alpha.post<Created>('/api/v1/chart/', chart());
    const put = await alpha.put<Created>(`/api/v1/chart/${made.body.id}`, {
      slice_name: 'Sales v2',
      params: '{"viz_type":"pie"}',
      viz_type: 'pie',
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.result).toMatchObject({ slice_name: 'Sales v2', viz_type: 'pie' });
    const adminChart = await admin.post<Created>(
      '/api/v1/chart/',
      chart({ slice_name: 'Admin only' }),
    );
    const forbidden = await alpha.put<{ message: string }>(`/api/v1/chart/${adminChart.body.id}`, {
      slice_name: 'mine now',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Changing this chart is forbidden');
    expect((await alpha.delete(`/api/v1/chart/${adminChart.body.id}`)).status).toBe(403);
  });

  it('refuses bad charts with the field named', async () => {
    const noName = await alpha.post<{ message: unknown }>(
      '/api/v1/chart/',
      chart({ slice_name: '' }),
    );
    expect(noName.status).toBe(400);
    expect(JSON.stringify(noName.body.message)).toMatch(/slice_name/);
    const badJson = await alpha.post<{ message: unknown }>(
      '/api/v1/chart/',
      chart({ params: '{nope' }),
    );
    expect(badJson.status).toBe(400);
    expect(JSON.stringify(badJson.body.message)).toMatch(/params/);
    const noDataset = await alpha.post<{ message: unknown }>(
      '/api/v1/chart/',
      chart({ datasource_id: 999_999 }),
    );
    expect(noDataset.status).toBe(422);
    expect(noDataset.body.message).toEqual({ datasource_id: ['Datasource does not exist'] });
    const noDash = await alpha.post<{ message: unknown }>(
      '/api/v1/chart/',
      chart({ dashboards: [999_999] }),
    );
    expect(noDash.status).toBe(422);
    expect(noDash.body.message).toEqual({ dashboards: ['Dashboards do not exist'] });
    const adminDash = await admin.post<Created>('/api/v1/dashboard/', {
      dashboard_title: 'Not yours',
    });
    expect(
      (await alpha.post('/api/v1/chart/', chart({ dashboards: [adminDash.body.id] }))).status,
    ).toBe(403);
  });

  it('keeps dashboard slugs unique, layouts and metadata JSON objects, and edits to owners', async () => {
    const a = await alpha.post<Created>('/api/v1/dashboard/', {
      dashboard_title: 'A',
      slug: 'sales-a',
    });
    expect(a.status).toBe(201);
    const dup = await alpha.post<{ message: unknown }>('/api/v1/dashboard/', {
      dashboard_title: 'B',
      slug: 'sales-a',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.message).toEqual({ slug: ['Must be unique'] });
    expect((await alpha.post('/api/v1/dashboard/', { slug: 'bad slug!' })).status).toBe(400);
    expect((await alpha.post('/api/v1/dashboard/', { json_metadata: '[1]' })).status).toBe(400);
    const adminDash = await admin.post<Created>('/api/v1/dashboard/', {
      dashboard_title: 'Admin board',
      published: true,
    });
    expect(
      (await alpha.put(`/api/v1/dashboard/${adminDash.body.id}`, { dashboard_title: 'x' })).status,
    ).toBe(403);
  });

  it("takes the dashboard's charts from its layout", async () => {
    const c = await alpha.post<Created>('/api/v1/chart/', chart({ slice_name: 'On layout' }));
    const d = await alpha.post<Created>('/api/v1/dashboard/', { dashboard_title: 'Laid out' });
    const position = {
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['CHART-1'] },
      'CHART-1': {
        type: 'CHART',
        id: 'CHART-1',
        children: [],
        meta: { chartId: c.body.id, width: 4, height: 50 },
      },
    };
    const put = await alpha.put(`/api/v1/dashboard/${d.body.id}`, {
      position_json: JSON.stringify(position),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const got = await alpha.get<{ result: { dashboards: Array<{ id: number }> } }>(
      `/api/v1/chart/${c.body.id}`,
    );
    expect(got.body.result.dashboards.map((x) => x.id)).toEqual([d.body.id]);
  });
});

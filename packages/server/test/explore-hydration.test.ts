import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { grantDataset } from './helpers/dashboard-world.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { roleId, signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();

interface Answer {
  result: {
    dataset: {
      id: number;
      uid?: string;
      columns: Array<{ column_name: string }>;
      metrics: unknown[];
      time_grain_sqla?: unknown[];
    };
    form_data: Record<string, unknown>;
    slice: { slice_id: number; slice_name: string; owners: Array<{ id: number }> } | null;
    message: string | null;
  };
  message?: unknown;
}

describe.each(targets)('GET /api/v1/explore/ on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;
  let databaseId: number;
  let sliceId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId, databaseId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'explore',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES (TIMESTAMP '2024-01-01', 'east', 1)) AS v(ds, region, amount)`,
    ));
    const db = server.strata.store.db;
    const row = await db
      .insertInto('slices')
      .values({
        uuid: randomUUID(),
        slice_name: 'Sales by region',
        datasource_id: datasetId,
        datasource_type: 'table',
        viz_type: 'table',
        params: JSON.stringify({ viz_type: 'table', groupby: ['region'], metrics: ['count'] }),
        query_context: null,
        description: null,
        cache_timeout: null,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        last_saved_at: null,
        last_saved_by_fk: null,
        created_on: null,
        changed_on: null,
        created_by_fk: 1,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    sliceId = row.id;
    await db.insertInto('slice_user').values({ slice_id: sliceId, user_id: 1 }).execute();
  });
  afterAll(async () => server?.close());

  it('opens a dataset: its payload and a new form data', async () => {
    const res = await admin.get<Answer>(
      `/api/v1/explore/?datasource_id=${datasetId}&datasource_type=table`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { dataset, form_data, slice, message } = res.body.result;
    expect(dataset.uid).toBe(`${datasetId}__table`);
    expect(dataset.columns.map((c) => c.column_name)).toEqual(['ds', 'region', 'amount']);
    expect(dataset.time_grain_sqla!.length).toBeGreaterThan(5);
    expect(form_data).toEqual({ datasource: `${datasetId}__table` });
    expect(slice).toBeNull();
    expect(message).toBeNull();
  });

  it('opens a saved chart with its params, owners and datasource', async () => {
    const res = await admin.get<Answer>(`/api/v1/explore/?slice_id=${sliceId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { form_data, slice } = res.body.result;
    expect(form_data).toMatchObject({
      viz_type: 'table',
      groupby: ['region'],
      slice_id: sliceId,
      datasource: `${datasetId}__table`,
    });
    expect(slice).toMatchObject({ slice_id: sliceId, slice_name: 'Sales by region' });
    expect(slice!.owners.map((o) => o.id)).toEqual([1]);
  });

  it('says the dataset is missing when it was deleted', async () => {
    const other = await duckdbTableDataset(
      server.dataDir,
      admin,
      'explore2',
      'gone',
      'CREATE TABLE gone AS SELECT 1 AS x',
    );
    expect((await admin.delete(`/api/v1/dataset/${other.datasetId}`)).status).toBe(200);
    const res = await admin.get<Answer>(
      `/api/v1/explore/?datasource_id=${other.datasetId}&datasource_type=table`,
    );
    expect(res.status).toBe(200);
    expect(res.body.result.message).toBe('The dataset linked to this chart may have been deleted.');
    expect(res.body.result.dataset.columns).toEqual([]);
  });

  it('refuses missing and bad parameters, and unknown charts', async () => {
    const none = await admin.get<{ message: string }>('/api/v1/explore/');
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('The URL is missing the dataset_id or slice_id parameters.');
    expect((await admin.get('/api/v1/explore/?slice_id=abc')).status).toBe(400);
    expect((await admin.get('/api/v1/explore/?slice_id=999999')).status).toBe(404);
    expect(
      (await admin.get(`/api/v1/explore/?datasource_id=${datasetId}&datasource_type=druid`)).status,
    ).toBe(422);
    expect((await admin.get(`/api/v1/explore/?datasource_id=1&datasource_type=T;x`)).status).toBe(
      400,
    );
  });

  it('answers sl_table as Superset: a type its DAO does not support (422)', async () => {
    const res = await admin.get<{ message: string }>(
      `/api/v1/explore/?datasource_id=${datasetId}&datasource_type=sl_table`,
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('DAO datasource query source type is not supported');
  });

  it('answers saved_query as Superset: missing opens "[Missing Dataset]", existing is refused', async () => {
    const missing = await admin.get<Answer>(
      '/api/v1/explore/?datasource_id=987654&datasource_type=saved_query',
    );
    expect(missing.status).toBe(200);
    expect(missing.body.result.dataset).toEqual({
      type: 'saved_query',
      name: '[Missing Dataset]',
      columns: [],
      metrics: [],
      database: { id: 0, backend: '' },
    });
    expect(missing.body.result.form_data.datasource).toBe('987654__saved_query');
    expect(missing.body.result.message).toBeNull();

    const saved = await admin.post<{ id: number }>('/api/v1/saved_query/', {
      label: 'Sales',
      db_id: databaseId,
      sql: 'SELECT * FROM sales',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const existing = await admin.get<{ message: string }>(
      `/api/v1/explore/?datasource_id=${saved.body.id}&datasource_type=saved_query`,
    );
    expect(existing.status).toBe(400);
    expect(existing.body.message).toBe('Datasource type saved_query cannot be explored');
    // It never opens the dataset that shares its id.
    expect(JSON.stringify(existing.body)).not.toContain('columns');
  });

  it('opens a chart for a Gamma user who may read its dataset, as the chart list shows it', async () => {
    const gamma = await signedInGammaUser(admin, server.baseUrl, `explorer_${target.name}`);
    // Without access to the dataset the chart is neither listed nor opened.
    expect((await gamma.get(`/api/v1/explore/?slice_id=${sliceId}`)).status).toBe(404);
    const gammaRole = await roleId(admin, 'Gamma');
    await grantDataset(server, gammaRole, datasetId);
    const list = await gamma.get<{ result: Array<{ id: number }> }>('/api/v1/chart/');
    expect(list.body.result.map((c) => c.id)).toContain(sliceId);
    const res = await gamma.get<Answer>(`/api/v1/explore/?slice_id=${sliceId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.slice?.slice_name).toBe('Sales by region');
    expect(res.body.result.dataset.id).toBe(datasetId);
    // "Edit chart" then keeps the state under a form data key naming the chart.
    const key = await gamma.post<{ key: string }>('/api/v1/explore/form_data', {
      datasource_id: datasetId,
      datasource_type: 'table',
      chart_id: sliceId,
      form_data: JSON.stringify({ viz_type: 'table', datasource: `${datasetId}__table` }),
    });
    expect(key.status, JSON.stringify(key.body)).toBe(201);
  });

  it('needs a login', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get(`/api/v1/explore/?datasource_id=${datasetId}`)).status).toBe(401);
  });
});

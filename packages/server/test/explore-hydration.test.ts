import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

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
  let sliceId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
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
    ).toBe(400);
  });

  it('needs a login', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get(`/api/v1/explore/?datasource_id=${datasetId}`)).status).toBe(401);
  });
});

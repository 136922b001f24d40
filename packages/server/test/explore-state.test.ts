/** Explore's form data per tab and permalinks, through the API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

describe.each(targets)('explore form data and permalinks on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let gamma: ApiClient;
  let datasetId: number;

  const body = (formData: Record<string, unknown>) => ({
    datasource_id: datasetId,
    datasource_type: 'table',
    form_data: JSON.stringify({
      datasource: `${datasetId}__table`,
      viz_type: 'table',
      ...formData,
    }),
  });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'state',
      'sales',
      'CREATE TABLE sales AS SELECT 1 AS id',
    ));
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const role = (name: string) => roles.body.result.find((r) => r.name === name)!.id;
    for (const [username, r] of [
      ['alfie', 'Alpha'],
      ['gwen', 'Gamma'],
    ] as const) {
      const created = await admin.post('/api/v1/security/users/', {
        username,
        first_name: username,
        last_name: 'Test',
        email: `${username}@example.com`,
        password: 'password-123',
        active: true,
        roles: [role(r)],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alfie', 'password-123');
    gamma = new ApiClient(server.baseUrl);
    await gamma.loginWithToken('gwen', 'password-123');
  });
  afterAll(async () => server?.close());

  it('keeps, reads, replaces and forgets form data by key', async () => {
    const created = await admin.post<{ key: string }>(
      '/api/v1/explore/form_data?tab_id=3',
      body({ row_limit: 5 }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { key } = created.body;
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const read = await admin.get<{ form_data: string }>(`/api/v1/explore/form_data/${key}`);
    expect(JSON.parse(read.body.form_data)).toMatchObject({ row_limit: 5 });
    const put = await admin.put<{ message: string }>(
      `/api/v1/explore/form_data/${key}?tab_id=3`,
      body({ row_limit: 7 }),
    );
    expect(put.body.message).toBe('Value updated successfully.');
    const hydrated = await admin.get<{ result: { form_data: Record<string, unknown> } }>(
      `/api/v1/explore/?form_data_key=${key}`,
    );
    expect(hydrated.body.result.form_data).toMatchObject({ row_limit: 7, viz_type: 'table' });
    const del = await admin.delete<{ message: string }>(`/api/v1/explore/form_data/${key}`);
    expect(del.body.message).toBe('Deleted successfully');
    expect((await admin.get(`/api/v1/explore/form_data/${key}`)).status).toBe(404);
  });

  it('lets only its maker change an entry; others with access may read it', async () => {
    const { body: made } = await admin.post<{ key: string }>('/api/v1/explore/form_data', body({}));
    expect((await alpha.get(`/api/v1/explore/form_data/${made.key}`)).status).toBe(200);
    expect(
      (await alpha.put(`/api/v1/explore/form_data/${made.key}`, body({ row_limit: 1 }))).status,
    ).toBe(403);
    expect((await alpha.delete(`/api/v1/explore/form_data/${made.key}`)).status).toBe(403);
  });

  it('forgets entries past their expiry', async () => {
    const { body: made } = await admin.post<{ key: string }>('/api/v1/explore/form_data', body({}));
    await server.strata.store.db
      .updateTable('key_value')
      .set({ expires_on: new Date(Date.now() - 1000).toISOString() })
      .where('resource', '=', 'explore_form_data')
      .execute();
    expect((await admin.get(`/api/v1/explore/form_data/${made.key}`)).status).toBe(404);
  });

  it('refuses bad bodies and datasets the user may not read', async () => {
    const bad = await admin.post<{ message: Record<string, string[]> }>(
      '/api/v1/explore/form_data',
      {
        ...body({}),
        form_data: '[1]',
      },
    );
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.message)).toMatch(/form_data must be a JSON object/);
    expect(
      (await admin.post('/api/v1/explore/form_data', { ...body({}), datasource_id: 999_999 }))
        .status,
    ).toBe(404);
    expect((await gamma.post('/api/v1/explore/form_data', body({}))).status).toBe(404);
    expect((await admin.get('/api/v1/explore/form_data/not-a-key!')).status).toBe(404);
  });

  it('makes permalinks that open the same state, for users who may read the dataset', async () => {
    const formData = {
      datasource: `${datasetId}__table`,
      viz_type: 'big_number_total',
      metric: 'count',
    };
    const made = await admin.post<{ key: string; url: string }>('/api/v1/explore/permalink', {
      formData,
      urlParams: [['a', '1']],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.url).toMatch(new RegExp(`/superset/explore/p/${made.body.key}/$`));
    const read = await alpha.get<{ state: { formData: unknown; urlParams: unknown } }>(
      `/api/v1/explore/permalink/${made.body.key}`,
    );
    expect(read.body.state).toEqual({ formData, urlParams: [['a', '1']] });
    expect((await gamma.get(`/api/v1/explore/permalink/${made.body.key}`)).status).toBe(404);
    expect(
      (await admin.post('/api/v1/explore/permalink', { formData: { viz_type: 'x' } })).status,
    ).toBe(400);
    expect((await admin.get('/api/v1/explore/permalink/AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    const page = await fetch(`${server.baseUrl}${new URL(made.body.url).pathname}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      redirect: 'manual',
    });
    // The page address is the web app's (not an API 404); this server has no built web app.
    expect(page.status).not.toBe(404);
  });
});

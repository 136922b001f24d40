/**
 * DASHBOARD_RBAC: a dashboard's roles grant its charts' (and native filters') datasets to the
 * users who may view it, through `form_data.dashboardId` (POST) or `dashboard_id` (GET).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataDb } from '../src/metadata/db.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'count' };

interface Answer {
  result?: Array<{ data: Array<Record<string, unknown>> }>;
}

const audit = { created_on: null, changed_on: null, created_by_fk: null, changed_by_fk: null };

/** Charts and dashboards written straight into the store (their create APIs come later). */
async function insertSlice(db: MetadataDb, name: string, datasetId: number): Promise<number> {
  const row = await db
    .insertInto('slices')
    .values({
      ...audit,
      uuid: randomUUID(),
      slice_name: name,
      datasource_id: datasetId,
      datasource_type: 'table',
      viz_type: 'table',
      params: '{}',
      query_context: null,
      description: null,
      cache_timeout: null,
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
      last_saved_at: null,
      last_saved_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function insertDashboard(
  db: MetadataDb,
  title: string,
  jsonMetadata: unknown,
  sliceIds: number[],
  roleIds: number[],
): Promise<number> {
  const { id } = await db
    .insertInto('dashboards')
    .values({
      ...audit,
      uuid: randomUUID(),
      dashboard_title: title,
      slug: null,
      position_json: null,
      json_metadata: jsonMetadata === null ? null : JSON.stringify(jsonMetadata),
      css: null,
      description: null,
      published: true,
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const slice_id of sliceIds)
    await db.insertInto('dashboard_slices').values({ dashboard_id: id, slice_id }).execute();
  for (const role_id of roleIds)
    await db.insertInto('dashboard_roles').values({ dashboard_id: id, role_id }).execute();
  return id;
}

describe.each(targets)('dataset access through a dashboard on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gwen: ApiClient;
  let gwenId: number;
  let gammaRole: number;
  let alphaRole: number;
  let datasetId: number;
  let otherDatasetId: number;
  let dashboardId: number;
  let sliceId: number;
  let otherSliceId: number;

  const chartData = (client: ApiClient, formData: Record<string, unknown>, id = datasetId) =>
    client.post<Answer>('/api/v1/chart/data', {
      datasource: { id, type: 'table' },
      queries: [{ metrics: [COUNT], row_limit: 10 }],
      form_data: formData,
    });

  beforeAll(async () => {
    server = await startServer(target, { STRATA_FEATURE_FLAGS: '{"DASHBOARD_RBAC": true}' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'rbac',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES (1, 'east'), (2, 'west')) AS v(id, region)`,
    ));
    ({ datasetId: otherDatasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'rbac_other',
      'costs',
      `CREATE TABLE costs AS SELECT * FROM (VALUES (1)) AS v(id)`,
    ));
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const byName = Object.fromEntries(roles.body.result.map((r) => [r.name, r.id]));
    gammaRole = byName.Gamma!;
    alphaRole = byName.Alpha!;
    const created = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username: 'gwen',
      first_name: 'Gwen',
      last_name: 'Gamma',
      email: 'gwen@example.com',
      password: 'password-123',
      active: true,
      roles: [gammaRole],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gwenId = created.body.id;
    gwen = new ApiClient(server.baseUrl);
    await gwen.loginWithToken('gwen', 'password-123');

    const db = server.strata.store.db;
    sliceId = await insertSlice(db, 'Sales count', datasetId);
    otherSliceId = await insertSlice(db, 'Costs', otherDatasetId);
    dashboardId = await insertDashboard(
      db,
      'Sales',
      {
        native_filter_configuration: [
          { id: 'NATIVE_region', targets: [{ datasetId, column: { name: 'region' } }] },
        ],
      },
      [sliceId],
      [gammaRole],
    );
  });
  afterAll(async () => server?.close());

  it('refuses the dataset without a dashboard', async () => {
    expect((await chartData(gwen, {})).status).toBe(404);
  });

  it("grants a chart's dataset through a published dashboard with the user's role", async () => {
    const res = await chartData(gwen, { dashboardId, slice_id: sliceId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result![0]!.data).toEqual([{ count: 2 }]);
    const get = await gwen.request<Answer>(
      'GET',
      `/api/v1/chart/data?form_data=${encodeURIComponent(
        JSON.stringify({
          datasource: { id: datasetId, type: 'table' },
          queries: [{ metrics: [COUNT] }],
          form_data: { dashboardId, slice_id: sliceId },
        }),
      )}`,
    );
    expect(get.status, JSON.stringify(get.body)).toBe(200);
    // The dashboard may also come as the dashboard_id query parameter.
    const byParam = await gwen.request<Answer>(
      'GET',
      `/api/v1/chart/data?dashboard_id=${dashboardId}&form_data=${encodeURIComponent(
        JSON.stringify({
          datasource: { id: datasetId, type: 'table' },
          queries: [{ metrics: [COUNT] }],
          form_data: { slice_id: sliceId },
        }),
      )}`,
    );
    expect(byParam.status, JSON.stringify(byParam.body)).toBe(200);
    const bad = await gwen.request('GET', `/api/v1/chart/data?dashboard_id=x&form_data=%7B%7D`);
    expect(bad.status).toBe(400);
  });

  it("grants a native filter's dataset", async () => {
    const ok = await chartData(gwen, {
      dashboardId,
      type: 'NATIVE_FILTER',
      native_filter_id: 'NATIVE_region',
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const unknown = await chartData(gwen, {
      dashboardId,
      type: 'NATIVE_FILTER',
      native_filter_id: 'NATIVE_other',
    });
    expect(unknown.status).toBe(404);
  });

  it('does not grant another dataset, a chart not on the dashboard, or a mismatched chart', async () => {
    expect(
      (await chartData(gwen, { dashboardId, slice_id: otherSliceId }, otherDatasetId)).status,
    ).toBe(404);
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId }, otherDatasetId)).status).toBe(
      404,
    );
    expect((await chartData(gwen, { dashboardId, slice_id: 999_999 })).status).toBe(404);
    expect((await chartData(gwen, { dashboardId: 999_999, slice_id: sliceId })).status).toBe(404);
  });

  it('needs the dashboard published and one of its roles', async () => {
    const db = server.strata.store.db;
    await db
      .updateTable('dashboards')
      .set({ published: false })
      .where('id', '=', dashboardId)
      .execute();
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId })).status).toBe(404);
    // An owner sees the draft.
    await db
      .insertInto('dashboard_user')
      .values({ dashboard_id: dashboardId, user_id: gwenId })
      .execute();
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId })).status).toBe(200);
    await db.deleteFrom('dashboard_user').where('dashboard_id', '=', dashboardId).execute();
    await db
      .updateTable('dashboards')
      .set({ published: true })
      .where('id', '=', dashboardId)
      .execute();
    await db
      .updateTable('dashboard_roles')
      .set({ role_id: alphaRole })
      .where('dashboard_id', '=', dashboardId)
      .execute();
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId })).status).toBe(404);
    await db
      .updateTable('dashboard_roles')
      .set({ role_id: gammaRole })
      .where('dashboard_id', '=', dashboardId)
      .execute();
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId })).status).toBe(200);
  });

  it('grants nothing through a dashboard without roles', async () => {
    const db = server.strata.store.db;
    await db.deleteFrom('dashboard_roles').where('dashboard_id', '=', dashboardId).execute();
    expect((await chartData(gwen, { dashboardId, slice_id: sliceId })).status).toBe(404);
    await db
      .insertInto('dashboard_roles')
      .values({ dashboard_id: dashboardId, role_id: gammaRole })
      .execute();
  });
});

describe.each(targets)('without DASHBOARD_RBAC on $name metadata', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => server?.close());

  it('a dashboard grants nothing', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const { datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'norbac',
      'sales',
      `CREATE TABLE sales AS SELECT 1 AS id`,
    );
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const gamma = roles.body.result.find((r) => r.name === 'Gamma')!.id;
    await admin.post('/api/v1/security/users/', {
      username: 'gus',
      first_name: 'Gus',
      last_name: 'Gamma',
      email: 'gus@example.com',
      password: 'password-123',
      active: true,
      roles: [gamma],
    });
    const db = server.strata.store.db;
    const sliceId = await insertSlice(db, 'S', datasetId);
    const dashboardId = await insertDashboard(db, 'D', null, [sliceId], [gamma]);
    const gus = new ApiClient(server.baseUrl);
    await gus.loginWithToken('gus', 'password-123');
    const res = await gus.post('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [COUNT] }],
      form_data: { dashboardId, slice_id: sliceId },
    });
    expect(res.status).toBe(404);
  });
});

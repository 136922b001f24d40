/**
 * The per-process caches of hot paths (principals, chart data targets) follow every write at
 * once: through the API, and written straight into the store as another process would.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface Answer {
  result?: Array<{ data: Array<Record<string, unknown>>; cache_timeout: number }>;
  message?: string;
}

describe.each(targets)('cached metadata follows writes on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gwen: ApiClient;
  let gwenId: number;
  let roleIds: Record<string, number>;
  let datasetId: number;

  const chartData = (client: ApiClient, metric: string | Record<string, unknown> = 'total') =>
    client.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [metric], row_limit: 10 }],
      force: true,
    });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'versions',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES (1, 10), (2, 20), (3, 30)) AS v(id, amount)`,
    ));
    const db = server.strata.store.db;
    await db
      .insertInto('sql_metrics')
      .values({
        uuid: '8d1c9a52-2f0e-4c1e-9a77-3f1d1b6c0a01',
        table_id: datasetId,
        metric_name: 'total',
        verbose_name: null,
        metric_type: null,
        expression: 'SUM(amount)',
        description: null,
        d3format: null,
        currency: null,
        warning_text: null,
        extra: null,
      })
      .execute();
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    roleIds = Object.fromEntries(roles.body.result.map((r) => [r.name, r.id]));
    const created = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username: 'gwen',
      first_name: 'Gwen',
      last_name: 'Gamma',
      email: 'gwen@example.com',
      password: 'password-123',
      active: true,
      roles: [roleIds.Gamma],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    gwenId = created.body.id;
    gwen = new ApiClient(server.baseUrl);
    await gwen.loginWithToken('gwen', 'password-123');
  });
  afterAll(async () => server?.close());

  it('a role change through the API is effective on the next request (with a new token)', async () => {
    expect((await chartData(gwen)).status).toBe(404);
    const put = await admin.put(`/api/v1/security/users/${gwenId}`, {
      roles: [roleIds.Admin],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // A role change revokes the tokens issued before it (issue 16 point 9); the next login
    // acts with the new role at once.
    expect((await chartData(gwen)).status).toBe(401);
    await gwen.loginWithToken('gwen', 'password-123');
    const res = await chartData(gwen);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result![0]!.data).toEqual([{ total: 60 }]);
  });

  it('a role change written by another process is effective at once', async () => {
    const db = server.strata.store.db;
    await db.deleteFrom('ab_user_role').where('user_id', '=', gwenId).execute();
    await db
      .insertInto('ab_user_role')
      .values({ user_id: gwenId, role_id: roleIds.Gamma! })
      .execute();
    // Role writes from anywhere revoke the user's tokens (a trigger), so each step logs in again.
    expect((await chartData(gwen)).status).toBe(401);
    await gwen.loginWithToken('gwen', 'password-123');
    expect((await chartData(gwen)).status).toBe(404);
    await db
      .updateTable('ab_user_role')
      .set({ role_id: roleIds.Admin! })
      .where('user_id', '=', gwenId)
      .execute();
    await gwen.loginWithToken('gwen', 'password-123');
    expect((await chartData(gwen)).status).toBe(200);
  });

  it('a user deactivated by another process is refused at once', async () => {
    const db = server.strata.store.db;
    expect((await gwen.get('/api/v1/me/')).status).toBe(200);
    await db.updateTable('ab_user').set({ active: false }).where('id', '=', gwenId).execute();
    expect((await gwen.get('/api/v1/me/')).status).toBe(401);
    await db.updateTable('ab_user').set({ active: true }).where('id', '=', gwenId).execute();
    // Reactivation does not revive the tokens issued before (issue 16 point 9); a new login works.
    expect((await gwen.get('/api/v1/me/')).status).toBe(401);
    await gwen.loginWithToken('gwen', 'password-123');
    expect((await gwen.get('/api/v1/me/')).status).toBe(200);
  });

  it('a metric or cache time-out changed by another process is used at once', async () => {
    const db = server.strata.store.db;
    const before = await chartData(admin);
    expect(before.body.result![0]!.data).toEqual([{ total: 60 }]);
    await db
      .updateTable('sql_metrics')
      .set({ expression: 'MAX(amount)' })
      .where('table_id', '=', datasetId)
      .execute();
    expect((await chartData(admin)).body.result![0]!.data).toEqual([{ total: 30 }]);
    await db.updateTable('tables').set({ cache_timeout: 77 }).where('id', '=', datasetId).execute();
    expect((await chartData(admin)).body.result![0]!.cache_timeout).toBe(77);
    await db.deleteFrom('sql_metrics').where('table_id', '=', datasetId).execute();
    const gone = await chartData(admin);
    expect(gone.status).toBe(400);
    expect(gone.body.message).toMatch(/total/);
  });

  it('a dataset deleted through the API is gone for chart data at once', async () => {
    expect((await chartData(admin)).status).toBe(400); // the metric is gone (previous step)
    const del = await admin.delete(`/api/v1/dataset/${datasetId}`);
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await chartData(admin, 'count')).status).toBe(404);
  });
});

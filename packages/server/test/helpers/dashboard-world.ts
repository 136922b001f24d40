/**
 * The world of the dashboard API tests: two datasets ("sales", readable by a role, and
 * "secret"), a chart on each made by admin, and users — Gina (Gamma + sales access), Gus (Gamma,
 * no data access), Alfie (Alpha).
 */
import { expect } from 'vitest';
import { ApiClient } from './client.js';
import { ADMIN_PASSWORD, type TestServer } from './server.js';
import { duckdbTableDataset } from './table-dataset.js';

export interface DashboardWorld {
  admin: ApiClient;
  gina: ApiClient;
  gus: ApiClient;
  alfie: ApiClient;
  ids: { gina: number; gus: number; alfie: number };
  roles: Record<string, number>;
  salesDataset: number;
  secretDataset: number;
  salesChart: number;
  secretChart: number;
}

export interface Created {
  id: number;
  result: Record<string, unknown>;
}

/** A layout: root → grid → one row holding a chart component per chart id (4 wide each). */
export function layoutOf(chartIds: number[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': {
      id: 'ROW-1',
      type: 'ROW',
      children: chartIds.map((c) => `CHART-${c}`),
      parents: ['ROOT_ID', 'GRID_ID'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
  };
  for (const c of chartIds)
    layout[`CHART-${c}`] = {
      id: `CHART-${c}`,
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: c, width: 4, height: 50 },
    };
  return layout;
}

async function user(admin: ApiClient, username: string, roles: number[]): Promise<number> {
  const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
    username,
    first_name: username[0]!.toUpperCase() + username.slice(1),
    last_name: 'Tester',
    email: `${username}@example.com`,
    password: 'password-123',
    active: true,
    roles,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/** Grants a role `datasource_access` on a dataset (straight in the store). */
export async function grantDataset(
  server: TestServer,
  roleId: number,
  datasetId: number,
): Promise<void> {
  const db = server.strata.store.db;
  const pv = await db
    .selectFrom('ab_permission_view as pv')
    .innerJoin('ab_permission as p', 'p.id', 'pv.permission_id')
    .innerJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
    .select('pv.id')
    .where('p.name', '=', 'datasource_access')
    .where('v.name', 'like', `%(id:${datasetId})`)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ab_permission_view_role')
    .values({ permission_view_id: pv.id, role_id: roleId })
    .execute();
}

export async function dashboardWorld(server: TestServer, prefix: string): Promise<DashboardWorld> {
  const admin = new ApiClient(server.baseUrl);
  await admin.loginWithToken('admin', ADMIN_PASSWORD);
  const { datasetId: salesDataset } = await duckdbTableDataset(
    server.dataDir,
    admin,
    `${prefix}_sales`,
    'sales',
    `CREATE TABLE sales AS SELECT * FROM (VALUES (1, 'east'), (2, 'west')) AS v(id, region)`,
  );
  const { datasetId: secretDataset } = await duckdbTableDataset(
    server.dataDir,
    admin,
    `${prefix}_secret`,
    'secret',
    'CREATE TABLE secret AS SELECT 1 AS id',
  );
  const chart = async (name: string, datasetId: number) => {
    const res = await admin.post<Created>('/api/v1/chart/', {
      slice_name: name,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', metrics: ['count'], row_limit: 10 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };
  const salesChart = await chart('Sales table', salesDataset);
  const secretChart = await chart('Secret table', secretDataset);

  const list = await admin.get<{ result: Array<{ id: number; name: string }> }>(
    '/api/v1/security/roles/?q=(page_size:100)',
  );
  const roles = Object.fromEntries(list.body.result.map((r) => [r.name, r.id]));
  const readers = await admin.post<{ id: number }>('/api/v1/security/roles/', {
    name: 'sales_readers',
  });
  expect(readers.status, JSON.stringify(readers.body)).toBe(201);
  roles.sales_readers = readers.body.id;
  const viewers = await admin.post<{ id: number }>('/api/v1/security/roles/', {
    name: 'board_viewers',
  });
  roles.board_viewers = viewers.body.id;
  await grantDataset(server, readers.body.id, salesDataset);

  const ids = {
    gina: await user(admin, 'gina', [roles.Gamma!, readers.body.id]),
    gus: await user(admin, 'gus', [roles.Gamma!, viewers.body.id]),
    alfie: await user(admin, 'alfie', [roles.Alpha!]),
  };
  const login = async (name: string) => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithToken(name, 'password-123');
    return c;
  };
  return {
    admin,
    gina: await login('gina'),
    gus: await login('gus'),
    alfie: await login('alfie'),
    ids,
    roles,
    salesDataset,
    secretDataset,
    salesChart,
    secretChart,
  };
}

/** Creates a dashboard as `client`; fails the test unless it is created. */
export async function makeDashboard(
  client: ApiClient,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await client.post<Created>('/api/v1/dashboard/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

/**
 * The chart list's filters (search, type, dataset, owner, dashboard, certified, favourite,
 * modified by), its sorts, and the related options of its selects: datasets and dashboards
 * offered only when the user may see them (also the dataset list's databases).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataDb } from '../src/metadata/db.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface ListBody {
  result: Array<Record<string, unknown>>;
  count: number;
}

interface RelatedBody {
  count: number;
  result: Array<{ value: number; text: string; extra?: Record<string, unknown> }>;
}

interface ChartSeed {
  name: string;
  viz: string;
  datasetId: number;
  day: number;
  changedBy: number;
  owners: number[];
  description?: string;
  certifiedBy?: string;
}

async function insertChart(db: MetadataDb, c: ChartSeed): Promise<number> {
  const at = new Date(Date.UTC(2026, 0, c.day)).toISOString();
  const { id } = await db
    .insertInto('slices')
    .values({
      uuid: randomUUID(),
      slice_name: c.name,
      datasource_id: c.datasetId,
      datasource_type: 'table',
      viz_type: c.viz,
      params: '{}',
      query_context: null,
      description: c.description ?? null,
      cache_timeout: null,
      certified_by: c.certifiedBy ?? null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
      last_saved_at: null,
      last_saved_by_fk: null,
      created_on: at,
      changed_on: at,
      created_by_fk: c.changedBy,
      changed_by_fk: c.changedBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const user_id of c.owners)
    await db.insertInto('slice_user').values({ slice_id: id, user_id }).execute();
  return id;
}

async function insertDashboard(
  db: MetadataDb,
  title: string,
  published: boolean,
  sliceIds: number[],
  owners: number[] = [],
): Promise<number> {
  const { id } = await db
    .insertInto('dashboards')
    .values({
      uuid: randomUUID(),
      dashboard_title: title,
      slug: null,
      position_json: null,
      json_metadata: null,
      css: null,
      description: null,
      published,
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
      created_on: null,
      changed_on: null,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const slice_id of sliceIds)
    await db.insertInto('dashboard_slices').values({ dashboard_id: id, slice_id }).execute();
  for (const user_id of owners)
    await db.insertInto('dashboard_user').values({ dashboard_id: id, user_id }).execute();
  return id;
}

describe.each(targets)('chart list filters on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gus: ApiClient;
  let adminId: number;
  let ollyId: number;
  let gusId: number;
  const ds = { orders: 0, salaries: 0, secrets: 0 };
  const charts = { orders: 0, salaries: 0, secret: 0, draft: 0 };
  const boards = { sales: 0, hr: 0, vault: 0, gusDraft: 0, otherDraft: 0, empty: 0 };

  /** Chart names of a list call as admin, by name. */
  const names = async (filters: unknown[], client?: ApiClient) =>
    (
      await (client ?? admin).get<ListBody>('/api/v1/chart/', {
        filters: filters as never,
        order_column: 'slice_name',
        order_direction: 'asc',
      })
    ).body.result.map((c) => c.slice_name);

  const related = async (client: ApiClient, column: string, filter = '', resource = 'chart') => {
    const res = await client.get<RelatedBody>(`/api/v1/${resource}/related/${column}`, {
      filter,
      page: 0,
      page_size: 50,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    adminId = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
    ds.orders = (
      await duckdbTableDataset(
        server.dataDir,
        admin,
        'shop',
        'orders',
        'CREATE TABLE orders AS SELECT 1 AS id',
      )
    ).datasetId;
    ds.salaries = (
      await duckdbTableDataset(
        server.dataDir,
        admin,
        'hr',
        'salaries',
        'CREATE TABLE salaries AS SELECT 1 AS id',
      )
    ).datasetId;
    ds.secrets = (
      await duckdbTableDataset(
        server.dataDir,
        admin,
        'vault',
        'secrets',
        'CREATE TABLE secrets AS SELECT 1 AS id',
      )
    ).datasetId;

    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const roleId = (name: string) => roles.body.result.find((r) => r.name === name)!.id;
    const reader = await admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'orders_readers',
    });
    const pvs = await admin.get<{ result: Array<{ id: number }> }>(
      '/api/v1/security/permissions-resources/',
      { filters: [{ col: 'view_menu', opr: 'eq', value: `[shop].[orders](id:${ds.orders})` }] },
    );
    expect(pvs.body.result).toHaveLength(1);
    await admin.post(`/api/v1/security/roles/${reader.body.id}/permissions`, {
      permission_view_menu_ids: [pvs.body.result[0]!.id],
    });
    const user = async (username: string, first: string, roleIds: number[]) => {
      const made = await admin.post<{ id: number }>('/api/v1/security/users/', {
        username,
        first_name: first,
        last_name: 'Tester',
        email: `${username}@example.com`,
        password: 'password-123',
        active: true,
        roles: roleIds,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      return made.body.id;
    };
    ollyId = await user('olly', 'Olly', [roleId('Alpha')]);
    gusId = await user('gus', 'Gus', [roleId('Gamma'), reader.body.id]);
    gus = new ApiClient(server.baseUrl);
    await gus.loginWithToken('gus', 'password-123');

    const db = server.strata.store.db;
    // Gus owns the salaries dataset: he may read it without a grant on its database.
    await db
      .insertInto('sqlatable_user')
      .values({ table_id: ds.salaries, user_id: gusId })
      .execute();
    charts.orders = await insertChart(db, {
      name: 'Orders by day',
      viz: 'echarts_timeseries_line',
      datasetId: ds.orders,
      day: 3,
      changedBy: ollyId,
      owners: [ollyId],
      description: 'Daily revenue',
      certifiedBy: 'Data team',
    });
    charts.salaries = await insertChart(db, {
      name: 'Salary bands',
      viz: 'table',
      datasetId: ds.salaries,
      day: 1,
      changedBy: adminId,
      owners: [adminId, gusId],
    });
    charts.secret = await insertChart(db, {
      name: 'Hidden pie',
      viz: 'pie',
      datasetId: ds.secrets,
      day: 4,
      changedBy: adminId,
      owners: [adminId],
    });
    charts.draft = await insertChart(db, {
      name: 'A draft table',
      viz: 'table',
      datasetId: ds.orders,
      day: 2,
      changedBy: ollyId,
      owners: [],
      certifiedBy: '',
    });
    boards.sales = await insertDashboard(db, 'Sales board', true, [charts.orders, charts.draft]);
    boards.hr = await insertDashboard(db, 'HR board', true, [charts.salaries]);
    boards.vault = await insertDashboard(db, 'Vault board', true, [charts.secret]);
    boards.gusDraft = await insertDashboard(db, 'Gus draft', false, [], [gusId]);
    boards.otherDraft = await insertDashboard(db, 'Olly draft', false, [], [ollyId]);
    boards.empty = await insertDashboard(db, 'Empty board', true, []);
    expect((await admin.post(`/api/v1/chart/${charts.salaries}/favorites/`)).status).toBe(200);
  });
  afterAll(async () => server?.close());

  it('searches name, description, viz type and dataset name with chart_all_text', async () => {
    const search = (value: string) => names([{ col: 'slice_name', opr: 'chart_all_text', value }]);
    expect(await search('SALARY')).toEqual(['Salary bands']);
    expect(await search('revenue')).toEqual(['Orders by day']);
    expect(await search('pie')).toEqual(['Hidden pie']);
    expect(await search('secrets')).toEqual(['Hidden pie']);
    expect(await search('orders')).toEqual(['A draft table', 'Orders by day']);
    expect(await search('100%')).toEqual([]);
    expect(await search('')).toHaveLength(4);
  });

  it('filters by viz type, dataset, owner, dashboard, certified, favourite and modifier', async () => {
    expect(await names([{ col: 'viz_type', opr: 'eq', value: 'table' }])).toEqual([
      'A draft table',
      'Salary bands',
    ]);
    expect(await names([{ col: 'datasource_id', opr: 'eq', value: ds.orders }])).toEqual([
      'A draft table',
      'Orders by day',
    ]);
    expect(await names([{ col: 'owners', opr: 'rel_m_m', value: gusId }])).toEqual([
      'Salary bands',
    ]);
    expect(await names([{ col: 'owners', opr: 'rel_m_m', value: adminId }])).toEqual([
      'Hidden pie',
      'Salary bands',
    ]);
    expect(await names([{ col: 'dashboards', opr: 'rel_m_m', value: boards.sales }])).toEqual([
      'A draft table',
      'Orders by day',
    ]);
    expect(
      await names([{ col: 'dashboards', opr: 'rel_m_m', value: [boards.hr, boards.vault] }]),
    ).toEqual(['Hidden pie', 'Salary bands']);
    expect(await names([{ col: 'dashboards', opr: 'rel_m_m', value: boards.empty }])).toEqual([]);
    expect(await names([{ col: 'id', opr: 'chart_is_certified', value: true }])).toEqual([
      'Orders by day',
    ]);
    expect(await names([{ col: 'id', opr: 'chart_is_certified', value: false }])).toEqual([
      'A draft table',
      'Hidden pie',
      'Salary bands',
    ]);
    expect(await names([{ col: 'id', opr: 'chart_is_favorite', value: true }])).toEqual([
      'Salary bands',
    ]);
    expect(await names([{ col: 'id', opr: 'chart_is_favorite', value: false }])).toHaveLength(3);
    expect(await names([{ col: 'changed_by', opr: 'rel_o_m', value: ollyId }])).toEqual([
      'A draft table',
      'Orders by day',
    ]);
    // Filters combine.
    expect(
      await names([
        { col: 'slice_name', opr: 'chart_all_text', value: 'a' },
        { col: 'viz_type', opr: 'eq', value: 'table' },
        { col: 'changed_by', opr: 'rel_o_m', value: adminId },
      ]),
    ).toEqual(['Salary bands']);
  });

  it('sorts by last modified (the default, newest first), name, viz type and dataset', async () => {
    const order = async (q: Record<string, string> = {}) =>
      (await admin.get<ListBody>('/api/v1/chart/', q)).body.result.map((c) => c.slice_name);
    expect(await order()).toEqual(['Hidden pie', 'Orders by day', 'A draft table', 'Salary bands']);
    expect(
      await order({ order_column: 'changed_on_delta_humanized', order_direction: 'asc' }),
    ).toEqual(['Salary bands', 'A draft table', 'Orders by day', 'Hidden pie']);
    expect(await order({ order_column: 'slice_name', order_direction: 'desc' })).toEqual([
      'Salary bands',
      'Orders by day',
      'Hidden pie',
      'A draft table',
    ]);
    // Ties keep the id order.
    expect(await order({ order_column: 'viz_type', order_direction: 'asc' })).toEqual([
      'Orders by day',
      'Hidden pie',
      'Salary bands',
      'A draft table',
    ]);
    const byDataset = await admin.get<ListBody>('/api/v1/chart/', {
      order_column: 'datasource_name',
      order_direction: 'desc',
    });
    expect(byDataset.body.result.map((c) => c.datasource_name_text)).toEqual([
      'main.secrets',
      'main.salaries',
      'main.orders',
      'main.orders',
    ]);
  });

  it('refuses unknown filter columns and operators with 400', async () => {
    const bad = async (filter: Record<string, unknown>) => {
      const res = await admin.get<{ message: string }>('/api/v1/chart/', {
        filters: [filter as never],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.message;
    };
    expect(await bad({ col: 'params', opr: 'eq', value: 'x' })).toMatch(/column params/);
    expect(await bad({ col: 'slice_name', opr: 'chart_is_nothing', value: 'x' })).toMatch(
      /operator chart_is_nothing/,
    );
    expect(await bad({ col: 'datasource_id', opr: 'ct', value: '1' })).toMatch(/operator ct/);
    expect(await bad({ col: 'dashboards', opr: 'eq', value: boards.sales })).toMatch(/operator eq/);
    expect(await bad({ col: 'dashboards', opr: 'rel_m_m', value: 'sales' })).toMatch(
      /expects an id/,
    );
    expect(await bad({ col: 'changed_by', opr: 'rel_o_m', value: 'olly' })).toMatch(
      /expects an id/,
    );
    expect((await admin.get('/api/v1/chart/related/params')).status).toBe(404);
  });

  it('offers every dataset and dashboard to Admin, searched by name', async () => {
    const datasets = await related(admin, 'datasource');
    expect(datasets.count).toBe(3);
    expect(datasets.result.map((r) => r.text)).toEqual(['orders', 'salaries', 'secrets']);
    expect(datasets.result[0]).toEqual({
      value: ds.orders,
      text: 'orders',
      extra: { schema: 'main' },
    });
    const searched = await related(admin, 'datasource', 'SAL');
    expect(searched).toEqual({
      count: 1,
      result: [{ value: ds.salaries, text: 'salaries', extra: { schema: 'main' } }],
    });
    const dashboards = await related(admin, 'dashboards');
    expect(dashboards.count).toBe(6);
    expect((await related(admin, 'dashboards', 'board')).result.map((r) => r.text)).toEqual([
      'Empty board',
      'HR board',
      'Sales board',
      'Vault board',
    ]);
    const paged = await admin.get<RelatedBody>('/api/v1/chart/related/dashboards', {
      page: 1,
      page_size: 2,
    });
    expect(paged.body.count).toBe(6);
    expect(paged.body.result.map((r) => r.text)).toEqual(['HR board', 'Olly draft']);
  });

  it('offers a Gamma user only the datasets he may read and the dashboards he may see', async () => {
    const datasets = await related(gus, 'datasource');
    expect(datasets.result.map((r) => r.value)).toEqual([ds.orders, ds.salaries]);
    expect(datasets.count).toBe(2);
    expect((await related(gus, 'datasource', 'secret')).count).toBe(0);

    const dashboards = await related(gus, 'dashboards');
    expect(dashboards.result.map((r) => r.text)).toEqual([
      'Empty board',
      'Gus draft',
      'HR board',
      'Sales board',
    ]);
    expect(dashboards.count).toBe(4);
    expect((await related(gus, 'dashboards', 'vault')).count).toBe(0);
    expect((await related(gus, 'dashboards', 'olly')).count).toBe(0);

    // Users (owners, modified by) are every active user, as in Superset.
    const owners = await related(gus, 'owners', 'olly');
    expect(owners.result.map((r) => r.value)).toEqual([ollyId]);
    expect((await related(gus, 'changed_by')).count).toBeGreaterThanOrEqual(3);

    // Gus sees the charts on datasets he may read (Superset's ChartFilter) and his own, never
    // the chart on the vault's dataset; the filters narrow them as for anyone.
    expect(await names([], gus)).toEqual(['A draft table', 'Orders by day', 'Salary bands']);
    expect(await names([{ col: 'dashboards', opr: 'rel_m_m', value: boards.hr }], gus)).toEqual([
      'Salary bands',
    ]);
    expect(await names([{ col: 'datasource_id', opr: 'eq', value: ds.orders }], gus)).toEqual([
      'A draft table',
      'Orders by day',
    ]);
  });

  it("offers the dataset list's databases a user may see", async () => {
    const all = await related(admin, 'database', '', 'dataset');
    expect(all.result.map((r) => r.text)).toEqual(['hr', 'shop', 'vault']);
    // shop through the dataset grant, hr through the dataset Gus owns; never vault.
    const mine = await related(gus, 'database', '', 'dataset');
    expect(mine.result.map((r) => r.text)).toEqual(['hr', 'shop']);
    expect(mine.count).toBe(2);
    expect((await related(gus, 'database', 'vau', 'dataset')).count).toBe(0);
    const list = await gus.get<ListBody>('/api/v1/dataset/', {
      order_column: 'table_name',
      order_direction: 'asc',
    });
    expect(list.body.result.map((d) => d.table_name)).toEqual(['orders', 'salaries']);
  });

  it('lists the filters of the chart list in _info', async () => {
    const info = await admin.get<{ filters: Record<string, Array<{ operator: string }>> }>(
      '/api/v1/chart/_info',
      { keys: ['filters'] },
    );
    const ops = (col: string) => info.body.filters[col]?.map((o) => o.operator);
    expect(ops('owners')).toEqual(['rel_m_m']);
    expect(ops('dashboards')).toEqual(['rel_m_m']);
    expect(ops('changed_by')).toEqual(['rel_o_m', 'nrel_o_m']);
    expect(ops('datasource_id')).toContain('eq');
    expect(ops('viz_type')).toContain('eq');
  });
});

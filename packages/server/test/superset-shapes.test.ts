/**
 * Issue 19: the shapes Superset's own clients read — list columns and page sizes as
 * Flask-AppBuilder answers them, the list fields of charts, dashboards, datasets and databases,
 * dashboard tabs, currency formats and flags in the datasource payload, `/api/v1/me/roles/`,
 * Explore from a permalink, and chart data without a CSRF token on a cookie session.
 */
import { randomUUID } from 'node:crypto';
import { risonEncode } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { dashboardWorld, makeDashboard, type DashboardWorld } from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

type Rows = { count: number; ids: number[]; result: Array<Record<string, unknown>> };

const tabLayout = {
  ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['TABS-top'], parents: ['ROOT_ID'] },
  'TABS-top': {
    id: 'TABS-top',
    type: 'TABS',
    children: ['TAB-a', 'TAB-b'],
    parents: ['ROOT_ID', 'GRID_ID'],
  },
  'TAB-a': {
    id: 'TAB-a',
    type: 'TAB',
    children: ['TABS-in'],
    meta: { text: 'Revenue' },
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-top'],
  },
  'TAB-b': {
    id: 'TAB-b',
    type: 'TAB',
    children: [],
    meta: { text: 'Costs' },
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-top'],
  },
  'TABS-in': {
    id: 'TABS-in',
    type: 'TABS',
    children: ['TAB-c'],
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-top', 'TAB-a'],
  },
  'TAB-c': {
    id: 'TAB-c',
    type: 'TAB',
    children: [],
    meta: { text: 'By region' },
    parents: ['ROOT_ID', 'GRID_ID', 'TABS-top', 'TAB-a', 'TABS-in'],
  },
};

describe.each(targets)("Superset's shapes on $name metadata", (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  let dashboardId: number;

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'shapes');
    const db = server.strata.store.db;
    const now = new Date().toISOString();
    await db
      .insertInto('sql_metrics')
      .values({
        uuid: randomUUID(),
        table_id: w.salesDataset,
        metric_name: 'revenue',
        verbose_name: 'Revenue',
        metric_type: null,
        expression: 'SUM(id)',
        description: null,
        d3format: ',.2f',
        currency: JSON.stringify({ symbol: 'USD', symbolPosition: 'prefix' }),
        warning_text: null,
        extra: JSON.stringify({
          certification: { certified_by: 'Finance', details: 'Audited' },
          warning_markdown: 'Excludes refunds',
        }),
        created_on: now,
        changed_on: now,
        created_by_fk: null,
        changed_by_fk: null,
      })
      .execute();
    const ds = await db
      .selectFrom('tables')
      .select('database_id')
      .where('id', '=', w.salesDataset)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('dbs')
      .set({
        extra: JSON.stringify({ disable_drill_to_detail: true, allow_multi_catalog: true }),
      })
      .where('id', '=', ds.database_id)
      .execute();
    dashboardId = await makeDashboard(w.admin, {
      dashboard_title: 'Tabbed',
      slug: 'tabbed',
      published: true,
      position_json: JSON.stringify(tabLayout),
    });
  });
  afterAll(async () => server?.close());

  it("answers a dashboard's tabs by id and slug, as its get allows", async () => {
    const expected = {
      result: {
        all_tabs: { 'TAB-a': 'Revenue', 'TAB-b': 'Costs', 'TAB-c': 'By region' },
        tab_tree: [
          {
            value: 'TAB-a',
            title: 'Revenue',
            parents: ['ROOT_ID', 'GRID_ID', 'TABS-top'],
            children: [
              {
                value: 'TAB-c',
                title: 'By region',
                parents: ['ROOT_ID', 'GRID_ID', 'TABS-top', 'TAB-a', 'TABS-in'],
                children: [],
              },
            ],
          },
          {
            value: 'TAB-b',
            title: 'Costs',
            parents: ['ROOT_ID', 'GRID_ID', 'TABS-top'],
            children: [],
          },
        ],
      },
    };
    const byId = await w.admin.get(`/api/v1/dashboard/${dashboardId}/tabs`);
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body).toEqual(expected);
    expect((await w.admin.get('/api/v1/dashboard/tabbed/tabs')).body).toEqual(expected);
    // A published dashboard with no readable chart is hidden from gus, as its get is.
    expect((await w.gus.get(`/api/v1/dashboard/${dashboardId}/tabs`)).status).toBe(
      (await w.gus.get(`/api/v1/dashboard/${dashboardId}`)).status,
    );
    expect((await w.admin.get('/api/v1/dashboard/999999/tabs')).status).toBe(404);
  });

  it('ignores list columns it does not know and clamps page sizes as FAB does', async () => {
    // The chart list's dataset filter asks exactly this; Superset answers full rows.
    const q = {
      columns: ['datasource_name', 'datasource_id'],
      order_column: 'table_name',
      order_direction: 'asc',
      page: 0,
      page_size: 100,
    };
    const res = await w.admin.get<Rows & { list_columns: string[] }>('/api/v1/dataset/', q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sales = res.body.result.find((r) => r.id === w.salesDataset)!;
    expect(sales).toMatchObject({ table_name: 'sales', schema: 'main', datasource_type: 'table' });
    expect(res.body.list_columns).toContain('table_name');
    // Known columns are kept, unknown ones dropped.
    const some = await w.admin.get<Rows & { list_columns: string[] }>('/api/v1/dataset/', {
      columns: ['table_name', 'no_such_column'],
    });
    expect(some.body.result.find((r) => r.id === w.salesDataset)).toEqual({
      id: w.salesDataset,
      table_name: 'sales',
    });
    expect(some.body.list_columns).toEqual(['table_name']);
    // page_size 200 (the dashboard's chart list) is served at the maximum, 100.
    const big = await w.admin.get<Rows>('/api/v1/chart/', { page_size: 200 });
    expect(big.status, JSON.stringify(big.body)).toBe(200);
    expect(big.body.count).toBe(2);
    const raw = await w.admin.request<Rows>(
      'GET',
      `/api/v1/chart/?q=${encodeURIComponent(risonEncode({ page_size: 1.5 }))}`,
    );
    expect(raw.status).toBe(400);
  });

  it("answers the chart list's fields", async () => {
    const res = await w.admin.get<Rows>('/api/v1/chart/', {
      filters: [{ col: 'id', opr: 'eq', value: w.salesChart }],
    });
    const chart = res.body.result[0]!;
    const uuid = await server.strata.store.db
      .selectFrom('slices')
      .select('uuid')
      .where('id', '=', w.salesChart)
      .executeTakeFirstOrThrow();
    expect(chart).toMatchObject({
      id: w.salesChart,
      uuid: uuid.uuid,
      slice_name: 'Sales table',
      tags: [],
      changed_by_name: 'Strata Admin',
      created_by_name: 'Strata Admin',
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      edit_url: `/chart/edit/${w.salesChart}`,
      slice_url: `/explore/?slice_id=${w.salesChart}`,
      table: { table_name: 'sales', default_endpoint: null },
      form_data: {
        viz_type: 'table',
        metrics: ['count'],
        row_limit: 10,
        slice_id: w.salesChart,
        datasource: `${w.salesDataset}__table`,
      },
    });
    expect(typeof chart.changed_on_delta_humanized).toBe('string');
    expect(typeof chart.changed_on_dttm).toBe('number');
    expect('last_saved_at' in chart && 'last_saved_by' in chart).toBe(true);
    // Superset's client asks dotted names of these.
    const dotted = await w.admin.get<Rows>('/api/v1/chart/', {
      columns: ['last_saved_by.id', 'last_saved_by.first_name', 'tags.name', 'uuid'],
      filters: [{ col: 'id', opr: 'eq', value: w.salesChart }],
    });
    expect(dotted.body.result[0]).toEqual({
      id: w.salesChart,
      uuid: uuid.uuid,
      last_saved_by: chart.last_saved_by
        ? {
            id: (chart.last_saved_by as { id: number }).id,
            first_name: (chart.last_saved_by as { first_name: string }).first_name,
          }
        : null,
      tags: [],
    });
  });

  it("answers the dashboard, dataset and database lists' fields", async () => {
    const dash = await w.admin.get<Rows>('/api/v1/dashboard/', {
      filters: [{ col: 'id', opr: 'eq', value: dashboardId }],
    });
    expect(dash.body.result[0]).toMatchObject({
      id: dashboardId,
      changed_by_name: 'Strata Admin',
      is_managed_externally: false,
      tags: [],
      roles: [],
      description: null,
    });
    expect(typeof dash.body.result[0]!.uuid).toBe('string');
    const ds = await w.admin.get<Rows>('/api/v1/dataset/', {
      filters: [{ col: 'id', opr: 'eq', value: w.salesDataset }],
    });
    expect(ds.body.result[0]).toMatchObject({
      table_name: 'sales',
      catalog: null,
      datasource_type: 'table',
      changed_by_name: 'Strata Admin',
    });
    expect(typeof ds.body.result[0]!.uuid).toBe('string');
    const dbs = await w.admin.get<Rows>('/api/v1/database/', {
      filters: [{ col: 'database_name', opr: 'eq', value: 'shapes_sales' }],
    });
    expect(dbs.body.result[0]).toMatchObject({
      database_name: 'shapes_sales',
      backend: 'duckdb',
      allow_multi_catalog: true,
      disable_drill_to_detail: true,
      disable_data_preview: false,
      allows_virtual_table_explore: true,
      allows_subquery: true,
      engine_information: { supports_file_upload: true },
    });
  });

  it('gives currency formats, certifications and database flags to dashboards and Explore', async () => {
    const chart = await w.admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Revenue',
      viz_type: 'big_number_total',
      datasource_id: w.salesDataset,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'big_number_total', metric: 'revenue' }),
      dashboards: [dashboardId],
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    const datasets = await w.admin.get<{ result: Array<Record<string, unknown>> }>(
      `/api/v1/dashboard/${dashboardId}/datasets`,
    );
    const sales = datasets.body.result.find((d) => d.id === w.salesDataset)!;
    expect(sales.currency_formats).toEqual({
      revenue: { symbol: 'USD', symbolPosition: 'prefix' },
    });
    expect(sales.database).toMatchObject({
      name: 'shapes_sales',
      disable_drill_to_detail: true,
      disable_data_preview: false,
      allow_multi_catalog: true,
    });
    const explore = await w.admin.get<{ result: { dataset: Record<string, unknown> } }>(
      `/api/v1/explore/?datasource_type=table&datasource_id=${w.salesDataset}`,
    );
    const data = explore.body.result.dataset;
    expect(data.currency_formats).toEqual(sales.currency_formats);
    const revenue = (data.metrics as Array<Record<string, unknown>>).find(
      (m) => m.metric_name === 'revenue',
    );
    expect(revenue).toMatchObject({
      currency: JSON.stringify({ symbol: 'USD', symbolPosition: 'prefix' }),
      certified_by: 'Finance',
      certification_details: 'Audited',
      is_certified: true,
      warning_markdown: 'Excludes refunds',
    });
    const column = (data.columns as Array<Record<string, unknown>>)[0]!;
    expect(column).toMatchObject({
      is_certified: false,
      certified_by: null,
      warning_markdown: null,
    });
  });

  it("answers /api/v1/me/roles/ with the user's fields and data access", async () => {
    const res = await w.gina.get<{ result: Record<string, unknown> }>('/api/v1/me/roles/');
    expect(res.status).toBe(200);
    const r = res.body.result;
    expect(r).toMatchObject({
      username: 'gina',
      userId: w.ids.gina,
      isActive: true,
      email: 'gina@example.com',
    });
    expect(typeof r.createdOn).toBe('string');
    expect(Object.keys(r.roles as object).sort()).toEqual(['Gamma', 'sales_readers']);
    const access = (r.permissions as Record<string, string[]>).datasource_access!;
    expect(access).toHaveLength(1);
    expect(access[0]).toMatch(/\[sales\]\(id:\d+\)$/);
    const anon = new ApiClient(server.baseUrl);
    expect((await anon.get('/api/v1/me/roles/')).status).toBe(401);
  });

  it('opens Explore from a permalink; other datasource types do not open a table', async () => {
    const formData = {
      datasource: `${w.salesDataset}__table`,
      viz_type: 'table',
      slice_id: w.salesChart,
      row_limit: 5,
    };
    const link = await w.admin.post<{ key: string }>('/api/v1/explore/permalink', {
      formData,
      urlParams: [['standalone', '1']],
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const res = await w.admin.get<{ result: Record<string, unknown> }>(
      `/api/v1/explore/?permalink_key=${link.body.key}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.form_data).toMatchObject({
      ...formData,
      url_params: { standalone: '1' },
    });
    expect((res.body.result.dataset as { id: number }).id).toBe(w.salesDataset);
    expect((res.body.result.slice as { slice_id: number }).slice_id).toBe(w.salesChart);
    expect((await w.admin.get('/api/v1/explore/?permalink_key=nope')).status).toBe(404);
    // No saved query has the dataset's id: Superset's missing-dataset payload, never the table
    // that shares the id (explore-hydration.test.ts covers an existing saved query).
    const saved = await w.admin.get<{ result: { dataset: { name: string; type: string } } }>(
      `/api/v1/explore/?datasource_type=saved_query&datasource_id=${w.salesDataset}`,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.result.dataset).toMatchObject({
      type: 'saved_query',
      name: '[Missing Dataset]',
    });
  });

  it('takes chart data on a cookie session without a CSRF token; writes still need one', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithForm('admin', ADMIN_PASSWORD);
    expect(c.cookie).toBeTruthy();
    c.csrf = null;
    const data = await c.post<{ result: Array<{ rowcount: number }> }>('/api/v1/chart/data', {
      datasource: { id: w.salesDataset, type: 'table' },
      queries: [{ columns: ['region'], metrics: ['count'], row_limit: 10 }],
      result_format: 'json',
      result_type: 'full',
    });
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body.result[0]!.rowcount).toBe(2);
    const write = await c.post('/api/v1/chart/', { slice_name: 'x' });
    expect(write.status).toBe(400);
    expect(write.body).toEqual({ message: 'The CSRF token is missing.' });
  });
});

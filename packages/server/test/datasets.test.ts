import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Dataset {
  id: number;
  table_name: string;
  kind: string;
  main_dttm_col: string | null;
  owners: Array<{ id: number }>;
  columns: Array<{
    id: number;
    column_name: string;
    type: string;
    is_dttm: boolean;
    verbose_name: string | null;
    expression: string | null;
    type_generic: number;
  }>;
  metrics: Array<{ id: number; metric_name: string; expression: string }>;
}

describe.each(targets)('datasets on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const analytics = makeSqliteAnalytics();
  let dbId: number;
  let ordersId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'shop',
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
    });
    dbId = db.body.id;
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  const get = async (id: number) =>
    (await admin.get<{ result: Dataset }>(`/api/v1/dataset/${id}`)).body.result;

  it('creates a physical dataset with the columns of its table', async () => {
    const res = await admin.post<{ id: number; result: Dataset }>('/api/v1/dataset/', {
      database: dbId,
      schema: 'main',
      table_name: 'orders',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ordersId = res.body.id;
    const ds = res.body.result;
    expect(ds.kind).toBe('physical');
    expect(ds.columns.map((c) => c.column_name)).toEqual([
      'id',
      'customer_id',
      'ordered_at',
      'amount',
      'status',
    ]);
    expect(ds.columns.find((c) => c.column_name === 'ordered_at')!.is_dttm).toBe(true);
    expect(ds.main_dttm_col).toBe('ordered_at');
    expect(ds.owners.map((o) => o.id)).toHaveLength(1);
    // Superset's default metric of a new dataset.
    const metrics = (ds as unknown as { metrics: Array<Record<string, unknown>> }).metrics;
    expect(metrics.map((m) => [m.metric_name, m.expression, m.verbose_name])).toEqual([
      ['count', 'COUNT(*)', 'COUNT(*)'],
    ]);
    const dup = await admin.post<{ message: Record<string, string[]> }>('/api/v1/dataset/', {
      database: dbId,
      schema: 'main',
      table_name: 'orders',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.message.table_name![0]).toBe('Dataset orders already exists');
    const missing = await admin.post<{ message: Record<string, string[]> }>('/api/v1/dataset/', {
      database: dbId,
      schema: 'main',
      table_name: 'nope',
    });
    expect(missing.status).toBe(422);
    expect(missing.body.message.table_name![0]).toMatch(/Table \[nope\] could not be found/);
    const perm = await admin.get<{ count: number }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'eq', value: `[shop].[orders](id:${ordersId})` }],
    });
    expect(perm.body.count).toBe(1);
  });

  it('creates a virtual dataset from one SELECT, and refuses several statements', async () => {
    const res = await admin.post<{ id: number; result: Dataset }>('/api/v1/dataset/', {
      database: dbId,
      schema: 'main',
      table_name: 'orders_by_country',
      sql: 'SELECT c.country, o.amount, o.ordered_at FROM orders o JOIN customers c ON c.id = o.customer_id;',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.result.kind).toBe('virtual');
    expect(res.body.result.columns.map((c) => c.column_name)).toEqual([
      'country',
      'amount',
      'ordered_at',
    ]);
    const many = await admin.post<{ message: Record<string, string[]> }>('/api/v1/dataset/', {
      database: dbId,
      table_name: 'evil',
      sql: 'SELECT 1; DROP TABLE orders',
    });
    expect(many.status).toBe(422);
    expect(many.body.message.sql![0]).toBe('Only single queries supported');
  });

  it('edits columns and metrics: update, add, remove, and refuses duplicates', async () => {
    const ds = await get(ordersId);
    const columns = ds.columns
      .filter((c) => c.column_name !== 'customer_id')
      .map((c) => (c.column_name === 'amount' ? { ...c, verbose_name: 'Amount (EUR)' } : c));
    columns.push({
      column_name: 'is_big',
      expression: 'CASE WHEN amount > 100 THEN 1 ELSE 0 END',
      type: 'INTEGER',
    } as never);
    const res = await admin.put<{ result: Dataset }>(`/api/v1/dataset/${ordersId}`, {
      description: 'All orders',
      columns: columns.map(({ type_generic: _t, ...c }) => c),
      metrics: [{ metric_name: 'revenue', expression: 'SUM(amount)', d3format: ',.2f' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = res.body.result;
    expect(after.columns.map((c) => c.column_name)).toEqual([
      'id',
      'ordered_at',
      'amount',
      'status',
      'is_big',
    ]);
    expect(after.columns.find((c) => c.column_name === 'amount')!.verbose_name).toBe(
      'Amount (EUR)',
    );
    expect(after.metrics.map((m) => m.metric_name)).toEqual(['revenue']);
    const dup = await admin.put(`/api/v1/dataset/${ordersId}`, {
      metrics: [
        { metric_name: 'a', expression: 'COUNT(*)' },
        { metric_name: 'a', expression: 'SUM(amount)' },
      ],
    });
    expect(dup.status).toBe(422);
    const foreign = await admin.put(`/api/v1/dataset/${ordersId}`, {
      columns: [{ id: 999999, column_name: 'x' }],
    });
    expect(foreign.status).toBe(422);
    expect((await get(ordersId)).metrics.map((m) => m.metric_name)).toEqual(['revenue']);
  });

  it('syncs columns from the source, keeping what users wrote', async () => {
    analytics.exec('ALTER TABLE orders ADD COLUMN channel TEXT');
    const res = await admin.put(`/api/v1/dataset/${ordersId}/refresh`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ds = await get(ordersId);
    expect(ds.columns.map((c) => c.column_name)).toEqual([
      'id',
      'ordered_at',
      'amount',
      'status',
      'is_big',
      'customer_id',
      'channel',
    ]);
    expect(ds.columns.find((c) => c.column_name === 'amount')!.verbose_name).toBe('Amount (EUR)');
    expect(ds.columns.find((c) => c.column_name === 'is_big')!.expression).toMatch(/CASE WHEN/);
  });

  it('answers samples, column values and the datasource metadata', async () => {
    const samples = await admin.post<{
      result: {
        colnames: string[];
        data: Array<Record<string, unknown>>;
        total_count: number;
        rowcount: number;
      };
    }>(`/datasource/samples?datasource_type=table&datasource_id=${ordersId}&per_page=2&page=2`);
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    expect(samples.body.result.total_count).toBe(5);
    expect(samples.body.result.rowcount).toBe(2);
    expect(samples.body.result.data[0]).toMatchObject({ id: 3, status: 'pending' });
    const values = await admin.get<{ result: unknown[] }>(
      `/api/v1/datasource/table/${ordersId}/column/status/values/`,
    );
    expect(values.body.result).toEqual(['cancelled', 'pending', 'shipped']);
    const calc = await admin.get<{ result: unknown[] }>(
      `/api/v1/datasource/table/${ordersId}/column/is_big/values/`,
    );
    expect(calc.body.result).toEqual([0, 1]);
    // Searched as the user types: a case-insensitive substring, wildcards taken literally.
    const values_ = (q: string, col = 'status') =>
      admin.get<{ result: unknown[]; limit: number; message?: string }>(
        `/api/v1/datasource/table/${ordersId}/column/${col}/values/?q=${encodeURIComponent(q)}`,
      );
    const pe = await values_('PE');
    expect(pe.body).toMatchObject({ result: ['pending', 'shipped'], limit: 10000 });
    expect((await values_('  ')).body.result).toEqual(['cancelled', 'pending', 'shipped']);
    expect((await values_('%')).body.result).toEqual([]);
    expect((await values_('p_n')).body.result).toEqual([]);
    expect((await values_("'; DROP TABLE orders; --")).body.result).toEqual([]);
    expect((await values_('1', 'is_big')).body.result).toEqual([1]);
    const long = await values_('x'.repeat(1001));
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/longer than 1000/);
    const twice = await admin.get(
      `/api/v1/datasource/table/${ordersId}/column/status/values/?q=a&q=b`,
    );
    expect(twice.status).toBe(400);
    expect(
      (await admin.get(`/api/v1/datasource/table/${ordersId}/column/password/values/`)).status,
    ).toBe(404);
    const meta = await admin.get<{
      uid: string;
      verbose_map: Record<string, string>;
      granularity_sqla: string[][];
      time_grain_sqla: string[][];
    }>(`/superset/fetch_datasource_metadata?datasourceKey=${ordersId}__table`);
    expect(meta.body.uid).toBe(`${ordersId}__table`);
    expect(meta.body.verbose_map.amount).toBe('Amount (EUR)');
    expect(meta.body.granularity_sqla).toEqual([['ordered_at', 'ordered_at']]);
    expect(meta.body.time_grain_sqla.map((g) => g[0])).toContain('P1D');
    expect((await admin.get('/superset/fetch_datasource_metadata?datasourceKey=abc')).status).toBe(
      400,
    );
  });

  it('makes datasets from SQL Lab, gets or creates by table, and duplicates virtual ones', async () => {
    const viz = await admin.post<{
      data: { id: number; is_sqllab_view: boolean; columns: unknown[] };
    }>('/superset/sqllab_viz/', {
      data: JSON.stringify({
        schema: 'main',
        sql: 'SELECT status, COUNT(*) AS n FROM orders GROUP BY status',
        dbId,
        datasourceName: 'status_counts',
        metrics: [],
        columns: [],
      }),
    });
    expect(viz.status, JSON.stringify(viz.body)).toBe(200);
    expect(viz.body.data.is_sqllab_view).toBe(true);
    expect(viz.body.data.columns).toHaveLength(2);
    const again = await admin.post<{ result: { table_id: number } }>(
      '/api/v1/dataset/get_or_create/',
      { table_name: 'orders', database_id: dbId, schema: 'main' },
    );
    expect(again.body.result.table_id).toBe(ordersId);
    const fresh = await admin.post<{ result: { table_id: number } }>(
      '/api/v1/dataset/get_or_create/',
      { table_name: 'customers', database_id: dbId, schema: 'main' },
    );
    expect(fresh.body.result.table_id).not.toBe(ordersId);
    const dup = await admin.post<{ id: number; result: Dataset }>('/api/v1/dataset/duplicate', {
      base_model_id: viz.body.data.id,
      table_name: 'status_counts_copy',
    });
    expect(dup.status, JSON.stringify(dup.body)).toBe(201);
    expect(dup.body.result.columns).toHaveLength(2);
    expect(
      (await admin.post('/api/v1/dataset/duplicate', { base_model_id: ordersId, table_name: 'x' }))
        .status,
    ).toBe(422);
  });

  it('lets only owners and admins change a dataset, and shows Gamma users what they are granted', async () => {
    const gammaRole = (
      await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
        filters: [{ col: 'name', opr: 'eq', value: 'Gamma' }],
      })
    ).body.result[0]!.id;
    const alphaRole = (
      await admin.get<{ result: Array<{ id: number }> }>('/api/v1/security/roles/', {
        filters: [{ col: 'name', opr: 'eq', value: 'Alpha' }],
      })
    ).body.result[0]!.id;
    await admin.post('/api/v1/security/users/', {
      username: 'al',
      first_name: 'Al',
      last_name: 'Pha',
      email: 'al@example.com',
      password: 'password-123',
      roles: [alphaRole],
    });
    await admin.post('/api/v1/security/users/', {
      username: 'gil',
      first_name: 'Gil',
      last_name: 'Gamma',
      email: 'gil@example.com',
      password: 'password-123',
      roles: [gammaRole],
    });
    const al = new ApiClient(server.baseUrl);
    await al.loginWithToken('al', 'password-123');
    expect((await al.get(`/api/v1/dataset/${ordersId}`)).status).toBe(200);
    const forbidden = await al.put<{ message: string }>(`/api/v1/dataset/${ordersId}`, {
      description: 'mine now',
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe('Changing this dataset is forbidden');
    const gil = new ApiClient(server.baseUrl);
    await gil.loginWithToken('gil', 'password-123');
    expect((await gil.get<{ count: number }>('/api/v1/dataset/')).body.count).toBe(0);
    expect((await gil.get(`/api/v1/dataset/${ordersId}`)).status).toBe(404);
    expect(
      (await gil.post('/api/v1/dataset/', { database: dbId, table_name: 'customers' })).status,
    ).toBe(403);
  });

  it('deletes a dataset with its columns, metrics and permission', async () => {
    expect((await admin.delete(`/api/v1/dataset/${ordersId}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/dataset/${ordersId}`)).status).toBe(404);
    const perm = await admin.get<{ count: number }>('/api/v1/security/permissions-resources/', {
      filters: [{ col: 'view_menu', opr: 'ct', value: `](id:${ordersId})` }],
    });
    expect(perm.body.count).toBe(0);
    const cols = await server.strata.store.db
      .selectFrom('table_columns')
      .select('id')
      .where('table_id', '=', ordersId)
      .execute();
    expect(cols).toHaveLength(0);
  });
});

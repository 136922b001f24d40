import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface QueryDatasource {
  id: number;
  uid: string;
  type: string;
  name: string;
  datasource_name: string;
  sql: string;
  schema: string | null;
  database: { id: number; database_name: string };
  columns: Array<{ column_name: string; type_generic: number; is_dttm: boolean }>;
  metrics: unknown[];
  main_dttm_col: string | null;
  owners: number[];
  time_grain_sqla: unknown[];
}
interface ExploreAnswer {
  result: {
    dataset: QueryDatasource;
    form_data: Record<string, unknown>;
    slice: unknown;
    message: string | null;
  };
}
interface ChartAnswer {
  result: Array<{ data: Array<Record<string, unknown>>; query: string; colnames: string[] }>;
}

const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;

let clientCounter = 0;

describe.each(targets)('a SQL Lab query as Explore datasource on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let alpha: ApiClient;
  let dbId: number;
  let queryId: number;

  /** Runs a query in SQL Lab as `client`; its server id. */
  const execute = async (client: ApiClient, sql: string, tab?: string) => {
    clientCounter += 1;
    const res = await client.post<{ query_id: number }>('/api/v1/sqllab/execute/', {
      client_id: `qd${process.pid.toString(36)}${clientCounter}`.slice(0, 11),
      database_id: dbId,
      schema: 'main',
      sql,
      ...(tab !== undefined ? { tab } : {}),
      runAsync: false,
      queryLimit: 100,
      json: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.query_id;
  };
  const chartData = (client: ApiClient, id: number, query: Record<string, unknown>, extra = {}) =>
    client.post<ChartAnswer>('/api/v1/chart/data', {
      datasource: { id, type: 'query' },
      queries: [query],
      form_data: {},
      result_format: 'json',
      result_type: 'full',
      ...extra,
    });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ databaseId: dbId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'querysource',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES
        (TIMESTAMP '2024-01-01', 'east', 1),
        (TIMESTAMP '2024-01-02', 'east', 2),
        (TIMESTAMP '2024-01-02', 'west', 5)) AS v(ds, region, amount)`,
    ));
    queryId = await execute(admin, 'SELECT ds, region, amount FROM sales', 'Sales query');

    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const alphaRole = roles.body.result.find((r) => r.name === 'Alpha')!.id;
    const created = await admin.post('/api/v1/security/users/', {
      username: 'alfie',
      first_name: 'Alfie',
      last_name: 'Alpha',
      email: 'alfie@example.com',
      password: 'password-123',
      active: true,
      roles: [alphaRole],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alfie', 'password-123');
  });
  afterAll(async () => server?.close());

  it('hydrates Explore with the query as a datasource of type "query"', async () => {
    const res = await admin.get<ExploreAnswer>(
      `/api/v1/explore/?datasource_id=${queryId}&datasource_type=query`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { dataset, form_data, slice, message } = res.body.result;
    expect(dataset).toMatchObject({
      id: queryId,
      uid: `${queryId}__query`,
      type: 'query',
      name: 'Sales query',
      datasource_name: 'Sales query',
      schema: 'main',
      database: { id: dbId, database_name: 'querysource' },
      metrics: [],
      main_dttm_col: null,
    });
    expect(dataset.sql).toMatch(/^SELECT ds, region, amount FROM sales\s+LIMIT 100$/);
    expect(dataset.columns.map((c) => [c.column_name, c.type_generic, c.is_dttm])).toEqual([
      ['ds', 2, true],
      ['region', 1, false],
      ['amount', 0, false],
    ]);
    expect(dataset.time_grain_sqla.length).toBeGreaterThan(5);
    expect(form_data).toEqual({ datasource: `${queryId}__query` });
    expect(slice).toBeNull();
    expect(message).toBeNull();
  });

  it('names a query without a tab "SQL query"', async () => {
    const id = await execute(admin, 'SELECT 1 AS one');
    const res = await admin.get<ExploreAnswer>(
      `/api/v1/explore/?datasource_id=${id}&datasource_type=query`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.dataset.name).toBe('SQL query');
    expect(res.body.result.dataset.columns.map((c) => c.column_name)).toEqual(['one']);
  });

  it('answers chart data on the query, compiled as a virtual dataset', async () => {
    const res = await chartData(admin, queryId, {
      columns: ['region'],
      metrics: [SUM],
      orderby: [[SUM, false]],
      filters: [{ col: 'amount', op: '>', val: 1 }],
      row_limit: 10,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [first] = res.body.result;
    expect(first!.colnames).toEqual(['region', 'SUM(amount)']);
    expect(first!.data.map((r) => [r.region, Number(r['SUM(amount)'])])).toEqual([
      ['west', 5],
      ['east', 2],
    ]);
    expect(first!.query).toMatch(/FROM \(\s*SELECT ds, region, amount FROM sales/);
    expect(first!.query).toMatch(/virtual_table/);
    const samples = await chartData(admin, queryId, {}, { result_type: 'samples' });
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    expect(samples.body.result[0]!.data).toHaveLength(3);
  });

  it('keeps form data and permalinks on the query', async () => {
    const formData = JSON.stringify({ datasource: `${queryId}__query`, viz_type: 'table' });
    const created = await admin.post<{ key: string }>('/api/v1/explore/form_data', {
      datasource_id: queryId,
      datasource_type: 'query',
      form_data: formData,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const hydrated = await admin.get<ExploreAnswer>(
      `/api/v1/explore/?form_data_key=${created.body.key}`,
    );
    expect(hydrated.status, JSON.stringify(hydrated.body)).toBe(200);
    expect(hydrated.body.result.dataset.type).toBe('query');
    expect(hydrated.body.result.form_data).toEqual(JSON.parse(formData));
    const link = await admin.post<{ key: string }>('/api/v1/explore/permalink', {
      formData: JSON.parse(formData) as Record<string, unknown>,
    });
    expect(link.status, JSON.stringify(link.body)).toBe(201);
    const read = await admin.get<{ state: { formData: Record<string, unknown> } }>(
      `/api/v1/explore/permalink/${link.body.key}`,
    );
    expect(read.status).toBe(200);
    expect(read.body.state.formData.datasource).toBe(`${queryId}__query`);
  });

  it("refuses another user's query, though that user reads every dataset", async () => {
    const explore = await alpha.get(
      `/api/v1/explore/?datasource_id=${queryId}&datasource_type=query`,
    );
    expect(explore.status).toBe(404);
    const data = await chartData(alpha, queryId, { metrics: [SUM] });
    expect(data.status).toBe(404);
    expect(data.body.result).toBeUndefined();
    const formData = await alpha.post('/api/v1/explore/form_data', {
      datasource_id: queryId,
      datasource_type: 'query',
      form_data: JSON.stringify({ datasource: `${queryId}__query` }),
    });
    expect(formData.status).toBe(404);
    const link = await alpha.post('/api/v1/explore/permalink', {
      formData: { datasource: `${queryId}__query` },
    });
    expect(link.status).toBe(404);
    const missing = await admin.get(`/api/v1/explore/?datasource_id=999999&datasource_type=query`);
    expect(missing.status).toBe(404);
  });

  it("lets the query's owner explore it without seeing every query", async () => {
    const own = await execute(alpha, 'SELECT region FROM sales', 'Mine');
    const res = await alpha.get<ExploreAnswer>(
      `/api/v1/explore/?datasource_id=${own}&datasource_type=query`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.dataset.owners).toHaveLength(1);
    const data = await chartData(alpha, own, {
      columns: ['region'],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
      orderby: [['n', false]],
    });
    expect(data.status, JSON.stringify(data.body)).toBe(200);
    expect(data.body.result[0]!.data.map((r) => [r.region, Number(r.n)])).toEqual([
      ['east', 2],
      ['west', 1],
    ]);
  });
});

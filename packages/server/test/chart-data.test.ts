import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChartDataService } from '../src/chart_data/service.js';
import { MemoryChartDataCache } from '../src/chart_data/cache.js';
import type { DatabaseConnections } from '../src/databases/connections.js';
import { EngineError, type DatabaseClient } from '../src/engines/types.js';
import type { Principal } from '../src/security/principal.js';
import { ApiClient } from './helpers/client.js';
import { signedInGammaUser } from './helpers/users.js';
import { duckdbTableDataset, runSql } from './helpers/table-dataset.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface QueryResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  rowcount: number;
  query: string;
  language?: string;
  cache_key: string;
  cached_dttm: string | null;
  is_cached: boolean;
  applied_filters: Array<{ column: string }>;
  rejected_filters: Array<{ column: string; reason: string }>;
  error: string | null;
  status: string;
  stacktrace: null;
  from_dttm: number | null;
  to_dttm: number | null;
  label_map: Record<string, string[]>;
}
interface Answer {
  result: QueryResult[];
  message?: string;
  errors?: Array<{ message: string; error_type: string }>;
}

const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' } as const;
const day = (d: number) => Date.UTC(2024, 0, d);
const byKeys = (rows: Array<Record<string, unknown>>) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

describe.each(targets)('chart data API on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let dbId: number;
  let datasetId: number;

  const sql = (text: string) => runSql(admin, dbId, text);
  const chartData = (
    queries: Array<Record<string, unknown>>,
    extra: Record<string, unknown> = {},
    client: ApiClient = admin,
  ) =>
    client.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries,
      form_data: {},
      result_format: 'json',
      result_type: 'full',
      ...extra,
    });
  const count = async (filters: Array<Record<string, unknown>>, extras = {}) => {
    const res = await chartData([{ metrics: [COUNT], filters, extras, row_limit: 10 }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result[0]!.data[0]!.n;
  };

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_PERMISSION_INSTRUCTIONS_LINK: 'https://wiki.example.org/data-access',
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ databaseId: dbId, datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'cd',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES
      (TIMESTAMP '2024-01-01 08:00:00', 'east', 'A', 10, true),
      (TIMESTAMP '2024-01-01 15:00:00', 'west', 'B', 5, false),
      (TIMESTAMP '2024-01-02 09:00:00', 'east', 'B', 7, true),
      (TIMESTAMP '2024-01-02 10:00:00', 'west', 'A', 3, false),
      (TIMESTAMP '2024-01-03 11:00:00', 'east', 'A', 1, true),
      (TIMESTAMP '2024-01-03 12:00:00', NULL, 'A', 2, NULL)
    ) AS v(ds, region, product, amount, flag)`,
    ));
  });
  afterAll(async () => server?.close());

  it('answers a grouped time series with a SUM metric and a day grain', async () => {
    const res = await chartData([
      {
        columns: ['region'],
        metrics: [SUM],
        granularity: 'ds',
        is_timeseries: true,
        extras: { time_grain_sqla: 'P1D' },
        time_range: '2024-01-01 : 2024-01-03',
        row_limit: 100,
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    expect(q.colnames).toEqual(['__timestamp', 'region', 'SUM(amount)']);
    expect(q.coltypes).toEqual([2, 1, 0]);
    expect(byKeys(q.data)).toEqual(
      byKeys([
        { __timestamp: day(1), region: 'east', 'SUM(amount)': 10 },
        { __timestamp: day(1), region: 'west', 'SUM(amount)': 5 },
        { __timestamp: day(2), region: 'east', 'SUM(amount)': 7 },
        { __timestamp: day(2), region: 'west', 'SUM(amount)': 3 },
      ]),
    );
    expect(q).toMatchObject({
      rowcount: 4,
      status: 'success',
      error: null,
      stacktrace: null,
      is_cached: false,
      cached_dttm: null,
      from_dttm: day(1),
      to_dttm: day(3),
    });
    expect(q.cache_key).toMatch(/^[0-9a-f]{64}$/);
    expect(q.query).toMatch(/SUM/);
    expect(q.label_map.region).toEqual(['region']);
  });

  it('takes the time range of the form data', async () => {
    const res = await chartData([{ metrics: [COUNT], granularity: 'ds', row_limit: 10 }], {
      form_data: { time_range: '2024-01-03 : 2024-01-04' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0]!.data).toEqual([{ n: 2 }]);
  });

  it('applies a filter of each kind', async () => {
    expect(await count([{ col: 'region', op: '==', val: 'east' }])).toBe(3);
    expect(await count([{ col: 'region', op: '!=', val: 'east' }])).toBe(2);
    expect(await count([{ col: 'amount', op: '>', val: 5 }])).toBe(2);
    expect(await count([{ col: 'amount', op: '<', val: '3' }])).toBe(2);
    expect(await count([{ col: 'amount', op: '>=', val: 5 }])).toBe(3);
    expect(await count([{ col: 'amount', op: '<=', val: 3 }])).toBe(3);
    expect(await count([{ col: 'region', op: 'IN', val: ['east', 'west'] }])).toBe(5);
    expect(await count([{ col: 'product', op: 'NOT IN', val: ['A'] }])).toBe(2);
    expect(await count([{ col: 'region', op: 'LIKE', val: 'ea%' }])).toBe(3);
    expect(await count([{ col: 'region', op: 'LIKE', val: 'EA%' }])).toBe(0);
    expect(await count([{ col: 'region', op: 'ILIKE', val: 'EA%' }])).toBe(3);
    expect(await count([{ col: 'region', op: 'IS NULL' }])).toBe(1);
    expect(await count([{ col: 'region', op: 'IS NOT NULL' }])).toBe(5);
    expect(await count([{ col: 'flag', op: 'IS TRUE' }])).toBe(3);
    expect(await count([{ col: 'flag', op: 'IS FALSE' }])).toBe(2);
    expect(await count([{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-02 : 2024-01-03' }])).toBe(
      2,
    );
    expect(await count([], { where: 'amount > 2' })).toBe(4);
    const having = await chartData([
      {
        columns: ['region'],
        metrics: [SUM],
        extras: { having: 'SUM(amount) > 10' },
        row_limit: 10,
      },
    ]);
    expect(having.body.result[0]!.data).toEqual([{ region: 'east', 'SUM(amount)': 18 }]);
  });

  it('reports applied and rejected filters', async () => {
    const res = await chartData([
      {
        metrics: [COUNT],
        filters: [
          { col: 'region', op: '==', val: 'east' },
          { col: 'nope', op: '==', val: 'x' },
        ],
        row_limit: 10,
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    expect(q.data).toEqual([{ n: 3 }]);
    expect(q.applied_filters).toEqual([{ column: 'region' }]);
    expect(q.rejected_filters).toEqual([{ reason: 'not_in_datasource', column: 'nope' }]);
  });

  it('pivots and flattens the rows (post_processing)', async () => {
    const res = await chartData([
      {
        columns: [
          {
            columnType: 'BASE_AXIS',
            sqlExpression: 'ds',
            label: 'ds',
            expressionType: 'SQL',
            timeGrain: 'P1D',
            isColumnReference: true,
          },
          'region',
        ],
        metrics: [SUM],
        filters: [{ col: 'region', op: 'IS NOT NULL' }],
        row_limit: 100,
        post_processing: [
          {
            operation: 'pivot',
            options: {
              index: ['ds'],
              columns: ['region'],
              aggregates: { 'SUM(amount)': { operator: 'sum' } },
            },
          },
          { operation: 'flatten' },
        ],
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    expect(q.colnames).toEqual(['ds', 'SUM(amount), east', 'SUM(amount), west']);
    expect(q.coltypes).toEqual([2, 0, 0]);
    expect(q.data).toEqual([
      { ds: day(1), 'SUM(amount), east': 10, 'SUM(amount), west': 5 },
      { ds: day(2), 'SUM(amount), east': 7, 'SUM(amount), west': 3 },
      { ds: day(3), 'SUM(amount), east': 1, 'SUM(amount), west': null },
    ]);
    const bad = await chartData([
      { columns: ['region'], metrics: [SUM], post_processing: [{ operation: 'explode' }] },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/explode/);
  });

  it('answers the SQL only for result_type query, raw rows for samples, column metadata', async () => {
    const query = await chartData([{ columns: ['region'], metrics: [SUM] }], {
      result_type: 'query',
    });
    expect(query.status, JSON.stringify(query.body)).toBe(200);
    expect(query.body.result[0]!.language).toBe('sql');
    expect(query.body.result[0]!.query).toMatch(/^SELECT[\s\S]*GROUP BY/);
    expect(query.body.result[0]!.data).toBeUndefined();

    const samples = await chartData([{ columns: ['region'], metrics: [SUM], row_limit: 4 }], {
      result_type: 'samples',
    });
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    const s = samples.body.result[0]!;
    expect(s.colnames).toEqual(['ds', 'region', 'product', 'amount', 'flag']);
    expect(s.data).toHaveLength(4);
    expect(s.data[0]).toHaveProperty('product');

    const results = await chartData([{ metrics: [COUNT] }], { result_type: 'results' });
    expect(results.body.result[0]).toEqual({
      data: [{ n: 6 }],
      colnames: ['n'],
      coltypes: [0],
      rowcount: 1,
      sql_rowcount: 1,
    });

    const columns = await chartData([{}], { result_type: 'columns' });
    expect(columns.status, JSON.stringify(columns.body)).toBe(200);
    expect(columns.body.result[0]!.data).toContainEqual({
      column_name: 'amount',
      verbose_name: null,
      dtype: 0,
    });
  });

  it('answers a CSV file for result_format csv', async () => {
    const res = await chartData(
      [
        {
          columns: ['region'],
          metrics: [SUM],
          orderby: [[SUM, false]],
          filters: [{ col: 'region', op: 'IS NOT NULL' }],
        },
      ],
      { result_format: 'csv' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="sales_.*\.csv"/);
    expect(res.body).toBe('region,SUM(amount)\r\neast,18\r\nwest,8\r\n');
  });

  it('answers GET with the query context in form_data', async () => {
    const formData = JSON.stringify({
      datasource: { id: datasetId, type: 'table' },
      queries: [{ metrics: [COUNT] }],
    });
    const res = await admin.request<Answer>(
      'GET',
      `/api/v1/chart/data?form_data=${encodeURIComponent(formData)}`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0]!.data).toEqual([{ n: 6 }]);
    const bad = await admin.request<Answer>('GET', '/api/v1/chart/data?form_data=%7Bnope');
    expect(bad.status).toBe(400);
  });

  it('hides the dataset from a Gamma user without access', async () => {
    const gwen = await signedInGammaUser(admin, server.baseUrl, 'gwen');
    const res = await chartData([{ metrics: [COUNT] }], {}, gwen);
    expect(res.status).toBe(404);
    expect(res.body.result).toBeUndefined();
    // Where to ask for access (STRATA_PERMISSION_INSTRUCTIONS_LINK), as Superset's error object.
    const body = res.body as unknown as {
      errors: Array<{ error_type: string; extra: { link: string } }>;
    };
    expect(body.errors[0]).toMatchObject({
      error_type: 'DATASOURCE_SECURITY_ACCESS_ERROR',
      extra: { link: 'https://wiki.example.org/data-access' },
    });
    const anonymous = new ApiClient(server.baseUrl);
    expect((await chartData([{ metrics: [COUNT] }], {}, anonymous)).status).toBe(401);
  });

  it('answers a context without queries (a Filter Box without filters) with no results', async () => {
    const res = await admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [],
      form_data: { viz_type: 'filter_box' },
    });
    expect(res.status).toBe(200);
    expect(res.body.result).toEqual([]);
  });

  it('refuses bad input with a 400 naming the problem', async () => {
    const post = (body: unknown) => admin.post<Answer>('/api/v1/chart/data', body);
    const noQueries = await post({ datasource: { id: datasetId, type: 'table' } });
    expect(noQueries.status).toBe(400);
    expect(noQueries.body.message).toMatch(/queries/);
    const badType = await post({ datasource: { id: datasetId, type: 'druid' }, queries: [{}] });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toMatch(/datasource\.type/);
    const badLimit = await chartData([{ metrics: [COUNT], row_limit: -1 }]);
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.message).toMatch(/row_limit/);
    const badOp = await chartData([{ metrics: [COUNT], filters: [{ col: 'region', op: 'XOR' }] }]);
    expect(badOp.status).toBe(400);
    const missing = await post({ datasource: { id: 999_999, type: 'table' }, queries: [{}] });
    expect(missing.status).toBe(404);

    const unknown = await chartData([{ columns: ['nope'], metrics: [COUNT] }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/nope/);
    const unknownMetric = await chartData([{ columns: ['region'], metrics: ['no_such_metric'] }]);
    expect(unknownMetric.status).toBe(400);
    expect(unknownMetric.body.message).toMatch(/no_such_metric/);

    const badRange = await chartData([
      { metrics: [COUNT], granularity: 'ds', time_range: 'Last fortnight or so' },
    ]);
    expect(badRange.status).toBe(400);
    expect(badRange.body.message).toMatch(/time range/i);
  });

  it('refuses injection attempts in columns, adhoc SQL and clauses; comparators stay values', async () => {
    const attempts: Array<Record<string, unknown>> = [
      { columns: ['region; DROP TABLE sales'], metrics: [COUNT] },
      { columns: ['region" FROM sales; --'], metrics: [COUNT] },
      {
        metrics: [
          { expressionType: 'SQL', sqlExpression: 'COUNT(*); DROP TABLE sales', label: 'x' },
        ],
      },
      {
        metrics: [
          { expressionType: 'SQL', sqlExpression: '(SELECT COUNT(*) FROM sales)', label: 'x' },
        ],
      },
      {
        columns: [{ sqlExpression: 'region -- comment', label: 'r', expressionType: 'SQL' }],
        metrics: [COUNT],
      },
      { metrics: [COUNT], extras: { where: '1=1) OR (1=1' } },
      { metrics: [COUNT], extras: { where: '1=1; DELETE FROM sales' } },
      { columns: ['region'], metrics: [COUNT], orderby: [['n; DROP TABLE sales', true]] },
    ];
    for (const query of attempts) {
      const res = await chartData([{ row_limit: 10, ...query }]);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(/\S/);
    }
    // An unknown filter column is rejected and reported, never run as SQL.
    const filter = await chartData([
      {
        metrics: [COUNT],
        filters: [{ col: 'region); DROP TABLE sales; --', op: '==', val: 'x' }],
      },
    ]);
    expect(filter.status).toBe(200);
    expect(filter.body.result[0]!.rejected_filters).toEqual([
      { reason: 'not_in_datasource', column: 'region); DROP TABLE sales; --' },
    ]);
    expect(await count([{ col: 'region', op: '==', val: "east' OR '1'='1" }])).toBe(0);
    expect(await count([{ col: 'region', op: 'IN', val: ["x') OR ('1'='1"] }])).toBe(0);
    expect(await count([])).toBe(6); // the table is intact
  });

  it('answers a database error as 400 with errors, never a stack', async () => {
    const res = await chartData([
      {
        metrics: [
          { expressionType: 'SQL', sqlExpression: 'SUM(CAST(region AS INTEGER))', label: 'bad' },
        ],
      },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Error: /);
    expect(res.body.errors![0]!.message).toMatch(/east|convert|Conversion/i);
    expect(res.body.errors![0]!.error_type).toBeTruthy();
    expect(JSON.stringify(res.body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('cancels a query running past the time-out and answers 400 with errors', async () => {
    const real = server.strata;
    let aborted = false;
    const slowClient = {
      execute: (_sql: string, options?: { signal?: AbortSignal }) =>
        new Promise((_resolve, reject) => {
          options?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new EngineError('cancelled', 'cancelled'));
          });
        }),
    } as unknown as DatabaseClient;
    const connections = {
      row: (id: number) => Promise.resolve({ id }),
      client: () => Promise.resolve(slowClient),
      spec: () => ({
        engine: 'duckdb',
        quoteIdentifier: (n: string) => `"${n}"`,
        literal: (v: unknown) => `'${String(v)}'`,
        timeGrainExpression: () => null,
      }),
    } as unknown as DatabaseConnections;
    const service = new ChartDataService(real.store.db, connections, new MemoryChartDataCache(), {
      timeoutMs: 50,
    });
    const principal = {
      id: 1,
      perms: new Set<string>(),
      roles: { Admin: [] },
      isAnonymous: false,
    } as unknown as Principal;
    await expect(
      service.run(principal, {
        datasource: { id: datasetId, type: 'table' },
        queries: [{ metrics: [COUNT] }],
      }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { errors: [expect.objectContaining({ message: expect.stringMatching(/time-out/) })] },
    });
    expect(aborted).toBe(true);
  });

  it('answers the second call from the cache, truthfully, and force runs the query again', async () => {
    const queries = [{ metrics: [COUNT], filters: [{ col: 'product', op: '==', val: 'A' }] }];
    const first = await chartData(queries);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result[0]).toMatchObject({ is_cached: false, cached_dttm: null });
    expect(first.body.result[0]!.data).toEqual([{ n: 4 }]);

    await sql("INSERT INTO sales VALUES (TIMESTAMP '2024-01-04 00:00:00', 'north', 'A', 4, true)");
    const second = await chartData(queries);
    expect(second.body.result[0]!.is_cached).toBe(true);
    expect(second.body.result[0]!.cached_dttm).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    expect(second.body.result[0]!.cache_key).toBe(first.body.result[0]!.cache_key);
    expect(second.body.result[0]!.data).toEqual([{ n: 4 }]);

    const forced = await chartData(queries, { force: true });
    expect(forced.body.result[0]).toMatchObject({ is_cached: false, cached_dttm: null });
    expect(forced.body.result[0]!.data).toEqual([{ n: 5 }]);
    const after = await chartData(queries);
    expect(after.body.result[0]!.is_cached).toBe(true);
    expect(after.body.result[0]!.data).toEqual([{ n: 5 }]);
  });
});

/**
 * `POST /datasource/samples` with Superset's SamplesPayloadSchema body (Drill to detail): the
 * dataset's rows filtered through the query compiler, counted, paged; bad bodies and SQL
 * injection attempts are 400s, unknown filter columns are rejected as chart data does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Samples {
  result: {
    colnames: string[];
    coltypes: number[];
    data: Array<Record<string, unknown>>;
    rowcount: number;
    total_count: number;
    page: number;
    per_page: number;
    is_cached: boolean;
    rejected_filters?: Array<{ column: string; reason: string }>;
  };
  message?: unknown;
}

describe.each(targets)('datasource samples with a drill body on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const analytics = makeSqliteAnalytics();
  let ordersId: number;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'shop',
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
    });
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: db.body.id,
      schema: 'main',
      table_name: 'orders',
    });
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    ordersId = ds.body.id;
  });
  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  const samples = (body: unknown, query = 'page=1&per_page=50') =>
    admin.post<Samples>(
      `/datasource/samples?datasource_type=table&datasource_id=${ordersId}&force=false&${query}`,
      body,
    );
  const ids = (res: { body: Samples }) => res.body.result.data.map((r) => r.id);

  it('keeps the plain samples without a body', async () => {
    const res = await samples(undefined, 'page=1&per_page=50');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.total_count).toBe(5);
    expect(res.body.result.colnames).toEqual([
      'id',
      'customer_id',
      'ordered_at',
      'amount',
      'status',
    ]);
  });

  it('applies IN, ==, >= filters and counts the filtered rows', async () => {
    const inRes = await samples({
      filters: [{ col: 'status', op: 'IN', val: ['pending', 'cancelled'] }],
    });
    expect(inRes.status, JSON.stringify(inRes.body)).toBe(200);
    expect(ids(inRes)).toEqual([3, 4]);
    expect(inRes.body.result.total_count).toBe(2);
    expect(inRes.body.result.rowcount).toBe(2);
    expect(inRes.body.result.colnames).toEqual([
      'id',
      'customer_id',
      'ordered_at',
      'amount',
      'status',
    ]);

    const eq = await samples({ filters: [{ col: 'status', op: '==', val: 'shipped' }] });
    expect(ids(eq)).toEqual([1, 2, 5]);
    expect(eq.body.result.total_count).toBe(3);

    const ge = await samples({
      filters: [
        { col: 'amount', op: '>=', val: 99.99 },
        { col: 'status', op: '==', val: 'shipped' },
      ],
    });
    expect(ids(ge)).toEqual([1, 5]);
    expect(ge.body.result.total_count).toBe(2);

    const where = await samples({ extras: { where: 'amount > 100' } });
    expect(ids(where)).toEqual([1, 3]);
  });

  it('filters on the time range, on granularity or the main temporal column, and by grain', async () => {
    const main = await samples({ time_range: '2024-02-01 : 2024-03-01' });
    expect(main.status, JSON.stringify(main.body)).toBe(200);
    expect(ids(main)).toEqual([2, 3]);
    expect(main.body.result.total_count).toBe(2);

    const gran = await samples({
      granularity: 'ordered_at',
      time_range: '2024-03-01 : 2024-04-01',
      filters: [{ col: 'status', op: '==', val: 'shipped' }],
    });
    expect(ids(gran)).toEqual([5]);
    expect(gran.body.result.total_count).toBe(1);

    const month = await samples({
      filters: [{ col: 'ordered_at', op: '==', val: '2024-02-01T00:00:00', grain: 'P1M' }],
    });
    expect(month.status, JSON.stringify(month.body)).toBe(200);
    expect(ids(month)).toEqual([2, 3]);
    // The x value of a chart: epoch milliseconds.
    const epoch = await samples({
      filters: [{ col: 'ordered_at', op: '==', val: Date.UTC(2024, 2, 1), grain: 'P1M' }],
    });
    expect(ids(epoch)).toEqual([4, 5]);

    const bad = await samples({ time_range: 'not a range at all' });
    expect(bad.status).toBe(400);
  });

  it('pages the filtered rows ordered by the first column', async () => {
    const body = { filters: [{ col: 'status', op: 'IN', val: ['shipped', 'pending'] }] };
    const p1 = await samples(body, 'page=1&per_page=3');
    expect(ids(p1)).toEqual([1, 2, 3]);
    const p2 = await samples(body, 'page=2&per_page=3');
    expect(ids(p2)).toEqual([5]);
    expect(p2.body.result).toMatchObject({ total_count: 4, rowcount: 1, page: 2, per_page: 3 });
  });

  it('rejects unknown filter columns as chart data does', async () => {
    const res = await samples({ filters: [{ col: 'nope', op: '==', val: 1 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.rejected_filters).toEqual([
      { reason: 'not_in_datasource', column: 'nope' },
    ]);
    expect(res.body.result.total_count).toBe(5);
    const gran = await samples({ granularity: 'nope', time_range: 'Last week' });
    expect(gran.status).toBe(400);
  });

  it('refuses bad bodies with 400 naming the field', async () => {
    const op = await samples({ filters: [{ col: 'status', op: 'DROP', val: 1 }] });
    expect(op.status).toBe(400);
    expect(JSON.stringify(op.body)).toContain('filters.0.op');
    const shape = await samples({ filters: 'status = 1' });
    expect(shape.status).toBe(400);
    expect(JSON.stringify(shape.body)).toContain('filters');
    const val = await samples({ filters: [{ col: 'status', op: '==', val: { a: 1 } }] });
    expect(val.status).toBe(400);
    expect(JSON.stringify(val.body)).toContain('filters.0.val');
  });

  it('refuses SQL injection attempts', async () => {
    for (const where of [
      '1=1; DROP TABLE orders',
      '1=1 -- comment',
      'id IN (SELECT id FROM customers)',
      "status = 'x') OR (1=1",
    ]) {
      const res = await samples({ extras: { where } });
      expect(res.status, where).toBe(400);
    }
    // Values are literals, never SQL: no row matches.
    const val = await samples({ filters: [{ col: 'status', op: '==', val: "x' OR '1'='1" }] });
    expect(val.status).toBe(200);
    expect(val.body.result.total_count).toBe(0);
    // A column name is a dataset column or rejected, never SQL.
    const col = await samples({ filters: [{ col: 'status = status OR 1', op: '==', val: 1 }] });
    expect(col.status).toBe(200);
    expect(col.body.result.rejected_filters?.map((f) => f.column)).toEqual([
      'status = status OR 1',
    ]);
    const grain = await samples({
      filters: [{ col: 'ordered_at', op: '==', val: '2024-02-01', grain: "P1D'); DROP" }],
    });
    expect(grain.status).toBe(400);
    // The table still answers.
    expect((await samples({})).body.result.total_count).toBe(5);
  });
});

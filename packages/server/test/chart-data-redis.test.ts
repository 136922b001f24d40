import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const redis = await redisReachable('the Redis chart data cache test');

interface Answer {
  result: Array<{ cache_key: string; is_cached: boolean; cache_timeout: number; data: unknown[] }>;
}

describe.skipIf(!redis)('chart data cached in Redis', () => {
  let server: TestServer;
  let admin: ApiClient;
  let dbId: number;
  let datasetId: number;

  beforeAll(async () => {
    const [sqlite] = await metadataTargets();
    server = await startServer(sqlite!, { STRATA_REDIS_URL: REDIS_URL });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await emptyDuckdbFile(server.dataDir, 'cdr.duckdb');
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'cdr',
      sqlalchemy_uri: 'duckdb:///cdr.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
    });
    dbId = db.body.id;
    const setup = await admin.post('/api/v1/sqllab/execute/', {
      client_id: 'cdredis01',
      database_id: dbId,
      sql: 'CREATE TABLE t AS SELECT range AS n, range % 3 AS k FROM range(30)',
      runAsync: false,
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: dbId,
      schema: 'main',
      table_name: 't',
    });
    expect(ds.status, JSON.stringify(ds.body)).toBe(201);
    datasetId = ds.body.id;
  });
  afterAll(async () => {
    await server?.close();
    redis?.disconnect();
  });

  const run = () =>
    admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [
        {
          columns: ['k'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(n)', label: 's' }],
          orderby: [['k', true]],
        },
      ],
    });

  it('keeps results under the cache key with the database, then the dataset, time-out', async () => {
    expect((await admin.put(`/api/v1/database/${dbId}`, { cache_timeout: 300 })).status).toBe(200);
    const first = await run();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const q = first.body.result[0]!;
    expect(q.is_cached).toBe(false);
    expect(q.cache_timeout).toBe(300);
    const ttl = await redis!.ttl(`strata:chart_data:${q.cache_key}`);
    expect(ttl).toBeGreaterThan(250);
    expect(ttl).toBeLessThanOrEqual(300);
    const second = await run();
    expect(second.body.result[0]!.is_cached).toBe(true);
    expect(second.body.result[0]!.data).toEqual(q.data);

    expect((await admin.put(`/api/v1/dataset/${datasetId}`, { cache_timeout: 120 })).status).toBe(
      200,
    );
    // the dataset changed (changed_on): a new key, with the dataset's time-out
    const third = await run();
    const q3 = third.body.result[0]!;
    expect(q3.is_cached).toBe(false);
    expect(q3.cache_key).not.toBe(q.cache_key);
    expect(q3.cache_timeout).toBe(120);
    const ttl3 = await redis!.ttl(`strata:chart_data:${q3.cache_key}`);
    expect(ttl3).toBeGreaterThan(100);
    expect(ttl3).toBeLessThanOrEqual(120);
  });
});

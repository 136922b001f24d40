import { risonEncode, type QueryResultsPayload } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const redis = await redisReachable('the Redis results backend test');

describe.skipIf(!redis)('SQL Lab results kept in Redis', () => {
  let server: TestServer;
  let admin: ApiClient;
  let lab: number;

  beforeAll(async () => {
    const [sqlite] = await metadataTargets();
    server = await startServer(sqlite!, {
      STRATA_REDIS_URL: REDIS_URL,
      STRATA_RESULTS_TTL_SECONDS: '600',
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await emptyDuckdbFile(server.dataDir, 'lab.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'lab',
      sqlalchemy_uri: 'duckdb:///lab.duckdb',
      expose_in_sqllab: true,
    });
    lab = created.body.id;
  });
  afterAll(async () => {
    await server?.close();
    redis?.disconnect();
  });

  it('writes pages and meta under the results key with the time to live, and reads them back', async () => {
    const res = await admin.post<QueryResultsPayload>('/api/v1/sqllab/execute/', {
      client_id: 'redis0001',
      database_id: lab,
      sql: 'SELECT range AS n FROM range(15000)',
      queryLimit: 20_000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const key = res.body.query.resultsKey!;
    expect(await redis!.exists(`strata:results:${key}:meta`)).toBe(1);
    expect(await redis!.exists(`strata:results:${key}:1`)).toBe(1);
    const ttl = await redis!.pttl(`strata:results:${key}:0`);
    expect(ttl).toBeGreaterThan(500_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    expect(
      (
        await admin.get<QueryResultsPayload>(
          `/api/v1/sqllab/results/?q=${encodeURIComponent(risonEncode({ key, rows: 2, offset: 14_998 }))}`,
        )
      ).body.data,
    ).toEqual([{ n: 14_998 }, { n: 14_999 }]);
    await redis!.del(`strata:results:${key}:meta`);
    expect(
      (
        await admin.get(
          `/api/v1/sqllab/results/?q=${encodeURIComponent(risonEncode({ key, rows: 2 }))}`,
        )
      ).status,
    ).toBe(410);
  });
});

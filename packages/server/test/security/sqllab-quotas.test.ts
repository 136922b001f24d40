/**
 * Issue 16, point 10: SQL Lab's stored results have per-query, per-user and total byte quotas,
 * counted page by page as rows stream in; a user's oldest complete results make room first,
 * other users' results never; past a quota the query fails with a message naming it. A full
 * disk while results are written fails the query with a clear message, leaves no partial
 * result, and the server stays up.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { QueryDto } from '@strata/core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  newResultsKey,
  pageText,
  RedisResultsBackend,
  type ResultMeta,
} from '../../src/sqllab/results-backend.js';
import { ResultsLedger } from '../../src/sqllab/results-quota.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { redisReachable } from '../helpers/redis.js';
import { emptyDuckdbFile } from '../helpers/table-dataset.js';
import { roleId } from '../helpers/users.js';

const targets = await metadataTargets();
const PAGE_ROWS = 10_000;

/** The SQL of a result of `n` rows, and the bytes its pages take in the results backend. */
function result(n: number): { sql: string; bytes: number } {
  let bytes = 0;
  for (let start = 0; start < n; start += PAGE_ROWS) {
    const rows: unknown[][] = [];
    for (let i = start; i < Math.min(n, start + PAGE_ROWS); i++) rows.push([i, 'x'.repeat(20)]);
    bytes += Buffer.byteLength(pageText(rows));
  }
  return { sql: `SELECT range AS n, repeat('x', 20) AS s FROM range(${n}) ORDER BY n`, bytes };
}

const ONE = result(50_000);
const BIG = result(100_000);

interface Answer {
  message: string;
  errors: Array<{ message: string; error_type: string; extra: Record<string, unknown> }>;
  query: QueryDto;
}

async function userClient(admin: ApiClient, baseUrl: string, username: string) {
  const created = await admin.post('/api/v1/security/users/', {
    username,
    first_name: username,
    last_name: 'Quota',
    email: `${username}@example.com`,
    password: 'password-123',
    active: true,
    roles: [await roleId(admin, 'Admin')],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const client = new ApiClient(baseUrl);
  await client.loginWithToken(username, 'password-123');
  return client;
}

const clientId = () => `q${randomBytes(5).toString('hex')}`;

describe.each(targets)('SQL Lab results quotas on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let olga: ApiClient;
  let tess: ApiClient;
  let db: number;
  const resultsDir = () => path.join(server.dataDir, 'results');

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_RESULTS_MAX_BYTES_PER_QUERY: String(Math.floor(ONE.bytes * 1.5)),
      STRATA_RESULTS_MAX_BYTES_PER_USER: String(Math.floor(ONE.bytes * 2.5)),
      STRATA_RESULTS_MAX_BYTES_TOTAL: String(Math.floor(ONE.bytes * 3.5)),
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    olga = await userClient(admin, server.baseUrl, 'olga');
    tess = await userClient(admin, server.baseUrl, 'tess');
    await emptyDuckdbFile(server.dataDir, 'quota.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'quota',
      sqlalchemy_uri: 'duckdb:///quota.duckdb',
      expose_in_sqllab: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    db = created.body.id;
  });
  afterAll(async () => server?.close());

  const run = (client: ApiClient, sql: string) =>
    client.post<Answer>('/api/v1/sqllab/execute/', {
      client_id: clientId(),
      database_id: db,
      sql,
      runAsync: false,
      queryLimit: 1_000_000,
    });
  const readable = async (client: ApiClient, answer: { body: Answer }) =>
    (await client.get(`/api/v1/sqllab/results/?q=(key:'${answer.body.query.resultsKey}',rows:1)`))
      .status;
  const stored = () => (fs.existsSync(resultsDir()) ? fs.readdirSync(resultsDir()) : []);

  it('stops a query past the per-query cap, naming it, and keeps nothing of it', async () => {
    const before = stored();
    const res = await run(admin, BIG.sql);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toMatch(/larger than the .* one query may store/);
    expect(res.body.errors[0]).toMatchObject({
      error_type: 'RESULTS_BACKEND_ERROR',
      extra: { quota: 'query' },
    });
    expect(res.body.query).toMatchObject({ state: 'failed', resultsKey: null });
    expect(stored()).toEqual(before);
  });

  it("makes room under the per-user quota with the user's oldest results", async () => {
    const a = await run(admin, ONE.sql);
    const b = await run(admin, ONE.sql);
    expect([a.status, b.status]).toEqual([200, 200]);
    const c = await run(admin, ONE.sql);
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    // The oldest result went; re-running it is what Superset's message asks for.
    expect(await readable(admin, a)).toBe(410);
    expect(await readable(admin, b)).toBe(200);
    expect(await readable(admin, c)).toBe(200);
  });

  it("never removes another user's results; past the total quota the query stops", async () => {
    // admin keeps 2 results; olga's second result needs room under the total: her own first.
    const d = await run(olga, ONE.sql);
    expect(d.status).toBe(200);
    const e = await run(olga, ONE.sql);
    expect(e.status, JSON.stringify(e.body)).toBe(200);
    expect(await readable(olga, d)).toBe(410);
    // tess has nothing of her own to remove: the total quota stops her query.
    const g = await run(tess, ONE.sql);
    expect(g.status, JSON.stringify(g.body)).toBe(422);
    expect(g.body.message).toMatch(/storage for query results is full/);
    expect(g.body.errors[0]!.extra).toMatchObject({ quota: 'total' });
    expect(g.body.query.state).toBe('failed');
    expect(await readable(olga, e)).toBe(200);
    // Small results still fit.
    expect((await run(tess, 'SELECT 1 AS one')).status).toBe(200);
    const list = await admin.get<{ result: Array<{ status: string }> }>('/api/v1/query/', {
      page_size: 100,
    });
    expect(list.body.result.filter((q) => q.status === 'running')).toEqual([]);
  });
});

describe('SQL Lab results on a full disk', () => {
  let server: TestServer;
  let admin: ApiClient;
  let db: number;

  beforeAll(async () => {
    const [sqlite] = await metadataTargets();
    server = await startServer(sqlite!);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await emptyDuckdbFile(server.dataDir, 'disk.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'disk',
      sqlalchemy_uri: 'duckdb:///disk.duckdb',
      expose_in_sqllab: true,
      allow_run_async: true,
    });
    db = created.body.id;
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => server?.close());

  /** Writes of result pages past the first fail as a full disk does. */
  const fullDiskAfterFirstPage = () => {
    const real = fs.promises.writeFile;
    const results = path.join(server.dataDir, 'results');
    vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, ...rest) => {
      const name = String(file);
      if (name.startsWith(results) && /[/\\][1-9]\d*\.json$/.test(name)) {
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
        });
      }
      return real(file, ...rest);
    });
  };

  it.each([
    ['a synchronous query', false],
    ['an asynchronous query', true],
  ])('fails %s with a clear message, removes its partial pages, stays up', async (_l, async) => {
    const results = path.join(server.dataDir, 'results');
    const stored = () => (fs.existsSync(results) ? fs.readdirSync(results).sort() : []);
    const before = stored();
    fullDiskAfterFirstPage();
    const id = clientId();
    const res = await admin.post<Answer>('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: db,
      sql: result(40_000).sql,
      runAsync: async,
      queryLimit: 1_000_000,
    });
    let query: QueryDto | undefined = res.body.query;
    if (async) {
      expect(res.status).toBe(202);
      for (let i = 0; i < 200; i++) {
        const polled = await admin.get<{ result: QueryDto[] }>(
          '/api/v1/query/updated_since?q=(last_updated_ms:0)',
        );
        query = polled.body.result.find((q) => q.id === id);
        if (query && !['pending', 'running'].includes(query.state)) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    } else {
      expect(res.status, JSON.stringify(res.body)).toBe(507);
      expect(res.body.errors[0]).toMatchObject({
        error_type: 'RESULTS_BACKEND_ERROR',
        extra: { code: 'ENOSPC' },
      });
    }
    expect(query).toMatchObject({
      state: 'failed',
      resultsKey: null,
      errorMessage:
        "The query's results could not be stored: the server's disk is full. Try again later, or ask an administrator.",
    });
    expect(stored()).toEqual(before);
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    vi.restoreAllMocks();
    const again = await admin.post('/api/v1/sqllab/execute/', {
      client_id: clientId(),
      database_id: db,
      sql: result(40_000).sql,
      runAsync: false,
      queryLimit: 1_000_000,
    });
    expect(again.status).toBe(200);
  });
});

const redis = await redisReachable('the Redis results quota test');

describe.skipIf(!redis)('SQL Lab results quotas with the Redis backend', () => {
  // A prefix of its own: the test Redis is shared with other tests.
  const prefix = `strata:test-quota:${randomBytes(4).toString('hex')}:`;
  const backend = new RedisResultsBackend(redis!, 60_000, prefix);
  afterAll(async () => {
    const names = await redis!.keys(`${prefix}*`);
    if (names.length) await redis!.del(...names);
    redis!.disconnect();
  });

  const meta = (m: Partial<ResultMeta>): ResultMeta => ({
    columns: [],
    totalRows: 1,
    pageRows: PAGE_ROWS,
    affectedRows: null,
    createdAt: 1,
    complete: true,
    ...m,
  });

  it("counts the stored results' sizes and owners, and evicts in Redis", async () => {
    const old = newResultsKey();
    const mine = newResultsKey();
    const theirs = newResultsKey();
    await backend.writeFinal(old, 0, pageText([[1]]), meta({ owner: 4, bytes: 600, createdAt: 1 }));
    await backend.writeFinal(
      mine,
      0,
      pageText([[2]]),
      meta({ owner: 4, bytes: 300, createdAt: 2 }),
    );
    await backend.writeFinal(theirs, 0, pageText([[3]]), meta({ owner: 5, bytes: 900 }));
    expect((await backend.list()).map((r) => r.key).sort()).toEqual([old, mine, theirs].sort());
    const ledger = new ResultsLedger(backend, { perQuery: 0, perUser: 1000, total: 0 });
    await ledger.charge('f'.repeat(32), 4, 200); // 1100 > 1000: the oldest of user 4 goes
    expect(await redis!.exists(`${prefix}${old}:meta`, `${prefix}${old}:0`)).toBe(0);
    expect(await redis!.exists(`${prefix}${mine}:meta`)).toBe(1);
    expect(await redis!.exists(`${prefix}${theirs}:meta`)).toBe(1);
    expect(ledger.usage(4)).toEqual({ user: 500, total: 1400 });
  });
});

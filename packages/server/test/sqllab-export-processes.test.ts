/**
 * Issue 21 point 12 across real OS processes (web + worker on PostgreSQL metadata and Redis):
 * SQL Lab's full CSV export is produced by the worker and streamed by the web process through
 * Redis; without a worker nothing is produced; a download closed on the web process stops the
 * query the worker runs on the database.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { QueryResultsPayload } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, type MetadataTarget } from './helpers/metadata-targets.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { runInitProcess, startRoleProcess, type RoleProcess } from './helpers/role-processes.js';
import { ADMIN_PASSWORD } from './helpers/server.js';

const redis = await redisReachable('the export processes test');
const pgTarget = (await metadataTargets()).find((t) => t.name === 'postgresql');
if (!pgTarget && process.env.CI === 'true') throw new Error('PostgreSQL is required with CI=true');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clientId = () => `e${randomBytes(5).toString('hex')}`;

describe.skipIf(!redis || !pgTarget)('SQL Lab CSV export produced by a worker process', () => {
  let store: Awaited<ReturnType<MetadataTarget['create']>>;
  let env: Record<string, string>;
  let web: RoleProcess;
  let worker: RoleProcess | null = null;
  let admin: ApiClient;
  let meta: pg.Client;
  let pgDb = 0;

  const run = async (sql: string) => {
    const res = await admin.post<QueryResultsPayload>('/api/v1/sqllab/execute/', {
      client_id: clientId(),
      database_id: pgDb,
      sql,
      queryLimit: 1000,
      runAsync: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const download = (id: string, signal?: AbortSignal) =>
    fetch(`${web.baseUrl}/api/v1/sqllab/export/${id}/`, {
      headers: { authorization: `Bearer ${admin.token}` },
      ...(signal ? { signal } : {}),
    });
  /** Backends of the analytics database reading a cursor (an export's query). */
  const cursorsOpen = async () =>
    Number(
      (
        await meta.query<{ c: string }>(
          `SELECT count(*) AS c FROM pg_stat_activity
           WHERE state <> 'idle' AND query LIKE '%strata_cursor%' AND pid <> pg_backend_pid()
             AND datname = current_database()`,
        )
      ).rows[0]!.c,
    );

  beforeAll(async () => {
    store = await pgTarget!.create();
    env = {
      STRATA_DATA_DIR: store.dataDir,
      STRATA_METADATA_URL: store.url,
      STRATA_REDIS_URL: REDIS_URL,
      STRATA_REDIS_PREFIX: `export-${randomBytes(4).toString('hex')}`,
      STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      STRATA_WEB_DIST: '',
      STRATA_LOAD_EXAMPLES: 'false',
      STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
    };
    await runInitProcess(env);
    web = await startRoleProcess('web', 'web', env);
    admin = new ApiClient(web.baseUrl!);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    // The metadata database doubles as the analytics database.
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'pg',
      sqlalchemy_uri: store.url,
      expose_in_sqllab: true,
    });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    pgDb = db.body.id;
    meta = new pg.Client({ connectionString: store.url });
    await meta.connect();
  }, 240_000);

  afterAll(async () => {
    await web?.stop();
    await worker?.stop();
    await meta?.end();
    if (redis) {
      const keys = await redis.keys(`${env.STRATA_REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await store?.drop();
  }, 60_000);

  it('waits for a worker: the web process does not run the export itself', async () => {
    const res = await run('SELECT g AS n FROM generate_series(1, 30000) g ORDER BY g');
    const early = await download(res.query.id, AbortSignal.timeout(3000)).catch((e: unknown) => e);
    expect(early).toBeInstanceOf(Error);
    // The abandoned export's job, taken by the worker once it starts, sends nothing.
    worker = await startRoleProcess('worker', 'worker', env);
    const csv = await download(res.query.id);
    expect(csv.status).toBe(200);
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(30_001);
    expect(lines[0]).toBe('n');
    expect(lines[30_000]).toBe('30000');
  }, 120_000);

  it('stops the query on the database when the download is closed on the web process', async () => {
    const res = await run(
      'SELECT a * 40000 + b AS n, repeat(md5(b::text), 10) AS h FROM generate_series(1, 50000) a, generate_series(1, 40000) b',
    );
    const controller = new AbortController();
    const csv = await download(res.query.id, controller.signal);
    expect(csv.status).toBe(200);
    const reader = csv.body!.getReader();
    let bytes = 0;
    while (bytes < 3_000_000) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the download ended after ${bytes} bytes`);
      bytes += chunk.value.length;
    }
    expect(await cursorsOpen()).toBeGreaterThan(0);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    let open = 1;
    for (let i = 0; i < 100 && open > 0; i += 1) {
      await sleep(100);
      open = await cursorsOpen();
    }
    expect(open).toBe(0);
    // Nothing of the export is left in Redis.
    await sleep(500);
    expect(await redis!.keys(`${env.STRATA_REDIS_PREFIX}:csv-export:*:data`)).toEqual([]);
  }, 60_000);
});

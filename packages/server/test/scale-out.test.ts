/**
 * Issue 17: the install as several real OS processes on PostgreSQL metadata and Redis — `init`
 * once, two web processes, a worker and two schedulers — and what must hold across them: an
 * async SQL Lab query started on one web process is read on the other; a stop sent to the other
 * web process cancels the query on the database and it never becomes success; async chart data
 * events reach the other web process's event list and WebSocket; a chart data cache entry is
 * shared; a worker killed mid-query has the query failed within the lease, naming it, and a new
 * worker takes the queue; two schedulers fire each tick once; the examples DuckDB file is read
 * by every process at once. Issue 18: a report made on one web process fires on its cron from
 * the two schedulers once per minute, runs in the worker and arrives by e-mail once; one asked
 * for on the other web process runs in the worker too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { risonEncode, type AsyncEvent, type AsyncJobMetadata, type QueryDto } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, type MetadataTarget } from './helpers/metadata-targets.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { runInitProcess, startRoleProcess, type RoleProcess } from './helpers/role-processes.js';
import { startMailSink, type MailSink } from './helpers/mail-sink.js';
import { ADMIN_PASSWORD } from './helpers/server.js';

const redis = await redisReachable('the scale-out test');
const pgTarget = (await metadataTargets()).find((t) => t.name === 'postgresql');
if (!pgTarget && process.env.CI === 'true') throw new Error('PostgreSQL is required with CI=true');
const LEASE_SECONDS = 4;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clientId = () => `s${randomBytes(5).toString('hex')}`;

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs = 20_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${String(last)}`);
    await sleep(everyMs);
  }
}

async function queryOf(client: ApiClient, id: string): Promise<QueryDto | undefined> {
  const res = await client.get<{ result: QueryDto[] }>(
    `/api/v1/query/updated_since?q=${encodeURIComponent(risonEncode({ last_updated_ms: 0 }))}`,
  );
  expect(res.status).toBe(200);
  return res.body.result.find((q) => q.id === id);
}

describe.skipIf(!redis || !pgTarget)('scale-out: web, worker and scheduler processes', () => {
  let store: Awaited<ReturnType<MetadataTarget['create']>>;
  let env: Record<string, string>;
  const procs: RoleProcess[] = [];
  let webA: RoleProcess;
  let webB: RoleProcess;
  let worker: RoleProcess;
  let a: ApiClient;
  let b: ApiClient;
  let pgDb = 0;
  let examplesDb = 0;
  let meta: pg.Client;
  let sink: MailSink;

  const start = async (name: string, roles: string, extra: Record<string, string> = {}) => {
    const p = await startRoleProcess(name, roles, { ...env, ...extra });
    procs.push(p);
    return p;
  };

  beforeAll(async () => {
    store = await pgTarget!.create();
    sink = await startMailSink();
    env = {
      STRATA_SMTP_HOST: '127.0.0.1',
      STRATA_SMTP_PORT: String(sink.port),
      STRATA_SMTP_STARTTLS: 'false',
      STRATA_DATA_DIR: store.dataDir,
      STRATA_METADATA_URL: store.url,
      STRATA_REDIS_URL: REDIS_URL,
      STRATA_REDIS_PREFIX: `scale-${randomBytes(4).toString('hex')}`,
      STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      STRATA_WEB_DIST: '',
      STRATA_LOAD_EXAMPLES: 'true',
      STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
      STRATA_JOB_LEASE_SECONDS: String(LEASE_SECONDS),
      STRATA_MAINTENANCE_SCHEDULE: '* * * * * *',
      STRATA_FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true }),
    };
    meta = new pg.Client({ connectionString: store.url });
    await meta.connect();
  }, 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => p.stop()));
    await meta?.end();
    await sink?.close();
    if (redis) {
      const keys = await redis.keys(`${env.STRATA_REDIS_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
    await store?.drop();
  }, 60_000);

  it('refuses to start a role before init, then init runs once and exits 0', async () => {
    await expect(start('early web', 'web')).rejects.toThrow(/not initialised/);
    const out = await runInitProcess(env);
    expect(out).toMatch(/Strata is initialised/);
    // A second init finds everything done.
    expect(await runInitProcess(env)).toMatch(/already current/);
  }, 240_000);

  it('starts two web processes, a worker and two schedulers on the one store', async () => {
    [webA, webB, worker] = await Promise.all([
      start('web A', 'web'),
      start('web B', 'web'),
      start('worker', 'worker'),
      start('scheduler 1', 'scheduler'),
      start('scheduler 2', 'scheduler'),
    ]);
    a = new ApiClient(webA.baseUrl!);
    b = new ApiClient(webB.baseUrl!);
    await a.loginWithToken('admin', ADMIN_PASSWORD);
    // The same user on web B, through its own login (sessions and tokens are shared anyway).
    b.token = a.token;
    const res = await a.post<{ id: number }>('/api/v1/database/', {
      database_name: 'analytics',
      // The store's own database: its sessions in pg_stat_activity are this test's only.
      sqlalchemy_uri: store.url,
      expose_in_sqllab: true,
      allow_run_async: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    pgDb = res.body.id;
    const dbs = await a.get<{ result: Array<{ id: number; database_name: string }> }>(
      '/api/v1/database/',
    );
    examplesDb = dbs.body.result.find((d) => d.database_name === 'examples')!.id;
  }, 120_000);

  it('reads the examples DuckDB file from both web processes and the worker at once', async () => {
    const sql = 'SELECT count(*) AS n FROM birth_names';
    for (const client of [a, b]) {
      const res = await client.post<{ data: Array<{ n: number }> }>('/api/v1/sqllab/execute/', {
        client_id: clientId(),
        database_id: examplesDb,
        sql,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Number(res.body.data[0]!.n)).toBeGreaterThan(0);
    }
  });

  it('runs an async SQL Lab query started on web A in the worker, polled on web B', async () => {
    const id = clientId();
    const res = await a.post<{ query: QueryDto }>('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: pgDb,
      sql: 'SELECT g AS n FROM generate_series(1, 2500) g',
      queryLimit: 5000,
      runAsync: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const done = await until('success on web B', async () => {
      const q = await queryOf(b, id);
      return q?.state === 'success' ? q : null;
    });
    const rows = await b.get<{ data: Array<{ n: number }>; query: { rows: number } }>(
      `/api/v1/sqllab/results/?q=${encodeURIComponent(risonEncode({ key: done.resultsKey!, rows: 5000 }))}`,
    );
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.data).toHaveLength(2500);
    const row = await meta.query<{ worker_id: string }>(
      'SELECT worker_id FROM query WHERE client_id = $1',
      [id],
    );
    expect(worker.output()).toContain(row.rows[0]!.worker_id);
  });

  it('stops a long query through web B: stopped in the row and on the database, never success', async () => {
    const id = clientId();
    const res = await a.post('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: pgDb,
      sql: 'SELECT pg_sleep(30) AS slept',
      runAsync: true,
    });
    expect(res.status).toBe(202);
    // SQL Lab reads PostgreSQL through a cursor: the running query shows as its FETCH.
    const activity = async () =>
      (
        await meta.query<{ n: string }>(
          "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND query LIKE 'FETCH%'",
        )
      ).rows[0]!.n;
    await until('the query running on PostgreSQL', async () => (await activity()) === '1');
    const stop = await b.post('/api/v1/query/stop', { client_id: id });
    expect(stop.status, JSON.stringify(stop.body)).toBe(200);
    await until('the query gone from PostgreSQL', async () => (await activity()) === '0', 10_000);
    const q = await until('stopped', async () => {
      const found = await queryOf(a, id);
      return found?.state === 'stopped' ? found : null;
    });
    expect(q.state).toBe('stopped');
    await sleep(1500);
    expect((await queryOf(b, id))?.state).toBe('stopped');
  });

  it('delivers async chart data events to web B, by polling and over the WebSocket', async () => {
    const datasets = await a.get<{ result: Array<{ id: number; table_name: string }> }>(
      `/api/v1/dataset/?q=${encodeURIComponent(risonEncode({ page_size: 100 }))}`,
    );
    const ds = datasets.body.result.find((d) => d.table_name === 'birth_names')!;
    const socket = new WebSocket(`${webB.baseUrl!.replace('http', 'ws')}/ws`, {
      headers: { authorization: `Bearer ${a.token}`, origin: webB.baseUrl! },
    });
    const received: AsyncEvent[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data)) as AsyncEvent));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const context = {
      datasource: { id: ds.id, type: 'table' },
      force: true,
      queries: [{ metrics: ['count'], columns: ['gender'], row_limit: 10 }],
      result_format: 'json',
      result_type: 'full',
    };
    const started = await a.post<AsyncJobMetadata>('/api/v1/chart/data', context);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const job = started.body;
    const polledEvent = await until('the event on web B', async () => {
      const res = await b.get<{ result: AsyncEvent[] }>('/api/v1/async_event/');
      return res.body.result.find((e) => e.job_id === job.job_id);
    });
    expect(polledEvent.status).toBe('done');
    const wsEvent = await until('the event over the WebSocket', async () =>
      received.find((e) => e.job_id === job.job_id),
    );
    expect(wsEvent.id).toBe(polledEvent.id);
    socket.close();
    const result = await b.get<{ result: Array<{ data: unknown[] }> }>(polledEvent.result_url!);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.result[0]!.data.length).toBeGreaterThan(0);
  });

  it('shares the chart data cache: an entry written by web A is a hit on web B', async () => {
    const datasets = await a.get<{ result: Array<{ id: number; table_name: string }> }>(
      `/api/v1/dataset/?q=${encodeURIComponent(risonEncode({ page_size: 100 }))}`,
    );
    const ds = datasets.body.result.find((d) => d.table_name === 'birth_names')!;
    const context = {
      datasource: { id: ds.id, type: 'table' },
      queries: [{ metrics: ['count'], columns: ['state'], row_limit: 7 }],
      result_format: 'json',
      result_type: 'full',
    };
    // Web A runs it (asynchronously: the flag is on), which writes the shared cache.
    const first = await a.post<AsyncJobMetadata>('/api/v1/chart/data', { ...context, force: true });
    expect(first.status).toBe(202);
    await until('the job done', async () => {
      const res = await a.get<{ result: AsyncEvent[] }>('/api/v1/async_event/');
      return res.body.result.find((e) => e.job_id === first.body.job_id && e.status === 'done');
    });
    // Web B answers from the cache at once (200, not a new job).
    const second = await b.post<{ result: Array<{ is_cached: boolean }> }>(
      '/api/v1/chart/data',
      context,
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.result[0]!.is_cached).toBe(true);
  });

  it("drops web B's own copy of a cache entry when the worker replaces it (a force refresh on web A)", async () => {
    const datasets = await a.get<{ result: Array<{ id: number; table_name: string }> }>(
      `/api/v1/dataset/?q=${encodeURIComponent(risonEncode({ page_size: 100 }))}`,
    );
    const ds = datasets.body.result.find((d) => d.table_name === 'birth_names')!;
    const context = {
      datasource: { id: ds.id, type: 'table' },
      queries: [{ metrics: ['count'], columns: ['name'], row_limit: 3 }],
      result_format: 'json',
      result_type: 'full',
    };
    type Cached = { result: Array<{ is_cached: boolean; cached_dttm: string | null }> };
    const refresh = async () => {
      const started = await a.post<AsyncJobMetadata>('/api/v1/chart/data', {
        ...context,
        force: true,
      });
      expect(started.status).toBe(202);
      await until('the job done', async () => {
        const res = await a.get<{ result: AsyncEvent[] }>('/api/v1/async_event/');
        return res.body.result.find((e) => e.job_id === started.body.job_id && e.status === 'done');
      });
    };
    const onB = async () => {
      const res = await b.post<Cached>('/api/v1/chart/data', context);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.result[0]!.is_cached).toBe(true);
      return res.body.result[0]!.cached_dttm;
    };
    await refresh();
    // Web B reads it from Redis and keeps a copy (STRATA_CHART_CACHE_LOCAL_SECONDS: 60).
    const before = await onB();
    expect(await onB()).toBe(before);
    // cached_dttm counts seconds: the replacement must be told apart from the first run.
    await sleep(1_100);
    await refresh();
    // The worker's replacement reaches web B on the bus within moments, not after a minute.
    const after = await until(
      'web B serving the replaced entry',
      async () => {
        const now = await onB();
        return now !== before ? now : null;
      },
      5_000,
      50,
    );
    expect(after).not.toBe(before);
  });

  it('fails the query of a killed worker within the lease, naming it; a new worker takes the queue', async () => {
    const id = clientId();
    const res = await a.post('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: pgDb,
      sql: 'SELECT pg_sleep(60) AS slept',
      runAsync: true,
    });
    expect(res.status).toBe(202);
    await until('running', async () => (await queryOf(a, id))?.state === 'running');
    const lost = (
      await meta.query<{ worker_id: string }>('SELECT worker_id FROM query WHERE client_id = $1', [
        id,
      ])
    ).rows[0]!.worker_id;
    await worker.kill();
    const killedAt = Date.now();
    // A query asked for while no worker runs waits in Redis.
    const waiting = clientId();
    const queued = await b.post('/api/v1/sqllab/execute/', {
      client_id: waiting,
      database_id: pgDb,
      sql: 'SELECT 42 AS answer',
      runAsync: true,
    });
    expect(queued.status).toBe(202);
    await sleep(500);
    expect((await queryOf(a, waiting))?.state).toBe('pending');
    worker = await start('worker 2', 'worker');
    const failed = await until(
      'the lost query failed',
      async () => {
        const q = await queryOf(b, id);
        return q?.state === 'failed' ? q : null;
      },
      (LEASE_SECONDS + 10) * 1000,
    );
    expect(Date.now() - killedAt).toBeLessThan((LEASE_SECONDS * 2 + 5) * 1000);
    expect(failed.errorMessage).toContain(lost);
    expect(failed.errorMessage).toMatch(/interrupted/);
    const picked = await until('the waiting query run by the new worker', async () => {
      const q = await queryOf(a, waiting);
      return q?.state === 'success' ? q : null;
    });
    expect(picked.rows).toBe(1);
  }, 60_000);

  it('fires a report on its cron once per minute from two schedulers, run in the worker', async () => {
    const datasets = await a.get<{ result: Array<{ id: number; table_name: string }> }>(
      `/api/v1/dataset/?q=${encodeURIComponent(risonEncode({ filters: [{ col: 'table_name', opr: 'eq', value: 'birth_names' }] }))}`,
    );
    const dataset = datasets.body.result.find((d) => d.table_name === 'birth_names')!;
    const chart = await a.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Births by gender',
      viz_type: 'table',
      datasource_id: dataset.id,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'table', groupby: ['gender'], metrics: ['count'] }),
      query_context: JSON.stringify({
        datasource: { id: dataset.id, type: 'table' },
        form_data: { viz_type: 'table' },
        queries: [{ columns: ['gender'], metrics: ['count'], orderby: [['gender', true]] }],
        result_format: 'json',
        result_type: 'full',
      }),
    });
    expect(chart.status, JSON.stringify(chart.body)).toBe(201);
    const made = await a.post<{ id: number }>('/api/v1/report/', {
      type: 'Report',
      name: 'Every minute',
      crontab: '* * * * *',
      chart: chart.body.id,
      report_format: 'CSV',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'team@example.com' } }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id;
    // The next minute's firing (the schedulers hear of the report through the store's counter).
    const mails = await sink.waitFor(1, 75_000);
    expect(mails[0]!.subject).toBe('[Report] Every minute');
    const csv = mails[0]!.attachments.find((x) => x.filename?.endsWith('.csv'))!;
    expect(csv.content.toString('utf8')).toMatch(/^gender,count\r?\nboy,\d+\r?\ngirl,\d+/);
    const ticks = await meta.query<{ tick: string; claimed_by: string }>(
      'SELECT tick, claimed_by FROM strata_schedule_tick WHERE schedule = $1',
      [`report.${id}`],
    );
    expect(ticks.rows).toHaveLength(1);
    const logs = await until('the run logged', async () => {
      const r = await b.get<{ result: Array<{ state: string; scheduled_dttm: string }> }>(
        `/api/v1/report/${id}/log/`,
      );
      return r.body.result.length === 1 && r.body.result[0]!.state === 'Success'
        ? r.body.result
        : null;
    });
    expect(Date.parse(logs[0]!.scheduled_dttm)).toBe(Number(ticks.rows[0]!.tick));
    await sleep(1000);
    expect(sink.mails).toHaveLength(1);

    // Asked for on web B: queued in Redis, run by the worker.
    const run = await b.post<{ log_id: number }>(`/api/v1/report/${id}/run`);
    expect(run.status).toBe(202);
    await sink.waitFor(2, 20_000);
    await a.put(`/api/v1/report/${id}`, { active: false });
  }, 120_000);

  it('fires each schedule tick once with two schedulers running', async () => {
    await sleep(4000);
    const ticks = await meta.query<{ tick: string; runs: number }>(
      "SELECT tick, runs FROM strata_schedule_tick WHERE schedule = 'maintenance.purge' ORDER BY tick",
    );
    // Every second, since the schedulers started; the newest may not have run yet.
    const done = ticks.rows.filter((t) => Number(t.tick) < Date.now() - 2000);
    expect(done.length).toBeGreaterThanOrEqual(3);
    for (const t of done) expect(t.runs, `tick ${t.tick}`).toBe(1);
    const fired = new Set(ticks.rows.map((t) => t.tick));
    expect(fired.size).toBe(ticks.rows.length);
  }, 30_000);
});

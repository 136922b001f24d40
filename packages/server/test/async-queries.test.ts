/**
 * GLOBAL_ASYNC_QUERIES (issue 17): `POST /api/v1/chart/data` answers 202 and a job runs the
 * query; its event is read from `GET /api/v1/async_event/` and the WebSocket `/ws`, its result
 * from `/api/v1/chart/data/<key>`; nobody else reads either. On SQLite and PostgreSQL metadata
 * with the in-process stores, and with Redis (streams, job store, chart data cache).
 */
import { randomBytes } from 'node:crypto';
import type { AsyncEvent, AsyncJobMetadata } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  asyncEventsKey,
  compareEventIds,
  RedisAsyncEventStore,
} from '../src/async_events/event-store.js';
import { asyncJobKey, RedisAsyncJobStore } from '../src/async_events/job-store.js';
import { MemoryEventBus } from '../src/events/bus.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, type MetadataTarget } from './helpers/metadata-targets.js';
import { REDIS_URL, redisReachable } from './helpers/redis.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();
const redis = await redisReachable('the async queries tests on Redis');

interface Setup {
  name: string;
  target: MetadataTarget;
  env: Record<string, string>;
}
const setups: Setup[] = [
  ...targets.map((target) => ({ name: `${target.name} metadata`, target, env: {} })),
  ...(redis
    ? [
        {
          name: 'sqlite metadata and Redis',
          target: targets[0]!,
          env: { STRATA_REDIS_URL: REDIS_URL },
        },
      ]
    : []),
];

interface ChartAnswer {
  result: Array<{ data: Array<Record<string, unknown>>; is_cached: boolean }>;
  message?: string;
}
type EventList = { result: AsyncEvent[] };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the client's events until one of `jobId` comes (10 s at most). */
async function eventOf(client: ApiClient, jobId: string): Promise<AsyncEvent> {
  for (let i = 0; i < 100; i++) {
    const res = await client.get<EventList>('/api/v1/async_event/');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const found = res.body.result.find((e) => e.job_id === jobId);
    if (found) return found;
    await sleep(100);
  }
  throw new Error(`no event for job ${jobId}`);
}

/** A WebSocket that keeps the events it receives. */
async function openSocket(url: string, headers: Record<string, string>) {
  const ws = new WebSocket(url, { headers });
  const events: AsyncEvent[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (data) => {
    events.push(JSON.parse(String(data)) as AsyncEvent);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused: ${res.statusCode}`)));
  });
  return {
    ws,
    events,
    async next(jobId: string): Promise<AsyncEvent> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = events.find((e) => e.job_id === jobId);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no WebSocket event for job ${jobId}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** The status a refused WebSocket handshake is answered with. */
function refusal(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.on('error', () => undefined);
    ws.once('unexpected-response', (req, res) => {
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the WebSocket was accepted'));
    });
  });
}

describe.each(setups)('async chart data on $name', ({ target, env }) => {
  let server: TestServer;
  let admin: ApiClient;
  let web: ApiClient;
  let gamma: ApiClient;
  let datasetId: number;
  let wsUrl: string;
  // A label of this run: the queries' SQL (and cache keys) are new on every run.
  const tag = randomBytes(4).toString('hex');

  const context = (metric: string, extra: Record<string, unknown> = {}) => ({
    datasource: { id: datasetId, type: 'table' },
    queries: [
      {
        columns: ['k'],
        metrics: [{ expressionType: 'SQL', sqlExpression: metric, label: `m_${tag}` }],
        orderby: [[`m_${tag}`, false]],
        row_limit: 100,
      },
    ],
    form_data: {},
    result_format: 'json',
    result_type: 'full',
    ...extra,
  });
  const start = async (client: ApiClient, body: unknown) => {
    const res = await client.post<AsyncJobMetadata>('/api/v1/chart/data', body);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    return res.body;
  };

  beforeAll(async () => {
    server = await startServer(target, {
      ...env,
      STRATA_FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES": true}',
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'aq',
      't',
      'CREATE TABLE t AS SELECT range AS n, range % 3 AS k FROM range(30)',
    ));
    web = new ApiClient(server.baseUrl);
    await web.loginWithForm('admin', ADMIN_PASSWORD);
    expect(web.cookie).toBeTruthy();
    gamma = await signedInGammaUser(admin, server.baseUrl, 'aq_gamma');
    wsUrl = `${server.baseUrl.replace('http:', 'ws:')}/ws`;
  });
  afterAll(async () => server?.close());

  it('answers 202, then a done event, then the result from the cache; a cached one is 200', async () => {
    const body = context('SUM(n)');
    const job = await start(web, body);
    expect(job).toMatchObject({ status: 'pending', errors: [], result_url: null });
    expect(job.channel_id).toMatch(/^[0-9a-f]{32}$/);
    expect(job.job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(typeof job.user_id).toBe('number');

    const event = await eventOf(web, job.job_id);
    expect(event).toMatchObject({
      channel_id: job.channel_id,
      job_id: job.job_id,
      user_id: job.user_id,
      status: 'done',
      errors: [],
    });
    expect(event.id).toMatch(/^\d+-\d+$/);
    expect(event.result_url).toMatch(/^\/api\/v1\/chart\/data\/[0-9a-f]{32}$/);

    const result = await web.get<ChartAnswer>(event.result_url!);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    // The job's own result: fresh to its user (the cache only carried it from the worker).
    expect(result.body.result[0]!.is_cached).toBe(false);
    expect(result.body.result[0]!.data).toEqual([
      { k: 2, [`m_${tag}`]: 155 },
      { k: 1, [`m_${tag}`]: 145 },
      { k: 0, [`m_${tag}`]: 135 },
    ]);

    // The same context again: cached, so answered at once.
    const again = await web.post<ChartAnswer>('/api/v1/chart/data', body);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.result[0]!.is_cached).toBe(true);
    expect(again.body.result[0]!.data).toEqual(result.body.result[0]!.data);
    // force: run again, as a job.
    const forced = await start(web, { ...body, force: true });
    expect((await eventOf(web, forced.job_id)).status).toBe('done');
  });

  it('stays synchronous for other formats and result types', async () => {
    const csv = await web.post('/api/v1/chart/data', context('MIN(n)', { result_format: 'csv' }));
    expect(csv.status).toBe(200);
    const query = await web.post<ChartAnswer>(
      '/api/v1/chart/data',
      context('MIN(n)', { result_type: 'query' }),
    );
    expect(query.status).toBe(200);
  });

  it('answers an error event for a query that fails, and refusals at once', async () => {
    const job = await start(web, context('SUM(no_such_column)'));
    const event = await eventOf(web, job.job_id);
    expect(event.status).toBe('error');
    expect(event.result_url).toBeNull();
    expect(event.errors.length).toBeGreaterThan(0);
    expect(event.errors[0]!.message).toMatch(/no_such_column/);

    // No access, no dataset, a bad context: answered now, as without the flag.
    const denied = await gamma.post('/api/v1/chart/data', context('SUM(n)'));
    expect(denied.status).toBe(404);
    const missing = await web.post('/api/v1/chart/data', {
      ...context('SUM(n)'),
      datasource: { id: 999999, type: 'table' },
    });
    expect(missing.status).toBe(404);
    const bad = await web.post('/api/v1/chart/data', { queries: 'no' });
    expect(bad.status).toBe(400);
  });

  it("keeps a channel's events and results to its session or user", async () => {
    const job = await start(web, context('MAX(n)'));
    const event = await eventOf(web, job.job_id);
    expect(event.status).toBe('done');

    // Another user: neither the events nor the result.
    const theirs = await gamma.get<EventList>('/api/v1/async_event/');
    expect(theirs.status).toBe(200);
    expect(theirs.body.result.some((e) => e.job_id === job.job_id)).toBe(false);
    expect((await gamma.get(event.result_url!)).status).toBe(404);
    // The same user with a Bearer token is on another channel (the channel is the session's),
    // and may read the result (it is the user's).
    const bearer = await admin.get<EventList>('/api/v1/async_event/');
    expect(bearer.body.result.some((e) => e.job_id === job.job_id)).toBe(false);
    expect((await admin.get(event.result_url!)).status).toBe(200);
    // A Bearer client's jobs come to its own channel.
    const own = await start(admin, context('MAX(n) + 1'));
    expect((await eventOf(admin, own.job_id)).status).toBe('done');

    // Anonymous: no channel.
    const anonymous = new ApiClient(server.baseUrl);
    const res = await anonymous.get('/api/v1/async_event/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Not authorized' });
    expect((await anonymous.get(event.result_url!)).status).toBe(401);
    // Keys that are not result keys.
    expect((await web.get('/api/v1/chart/data/abc')).status).toBe(404);
    expect((await web.get(`/api/v1/chart/data/${'0'.repeat(32)}`)).status).toBe(404);
  });

  it('pages events with last_id', async () => {
    const a = await start(web, context('AVG(n)'));
    const b = await start(web, context('AVG(n) + 1'));
    const ea = await eventOf(web, a.job_id);
    const eb = await eventOf(web, b.job_id);
    const all = (await web.get<EventList>('/api/v1/async_event/')).body.result;
    const ids = all.map((e) => e.id);
    expect(ids).toContain(ea.id);
    expect(ids).toEqual([...ids].sort(compareEventIds));
    const first = all[0]!;
    const after = await web.get<EventList>(`/api/v1/async_event/?last_id=${first.id}`);
    expect(after.status).toBe(200);
    expect(after.body.result.map((e) => e.id)).toEqual(ids.slice(1));
    const last = all[all.length - 1]!;
    expect(
      (await web.get<EventList>(`/api/v1/async_event/?last_id=${last.id}`)).body.result,
    ).toEqual([]);
    expect(ids).toContain(eb.id);
    expect((await web.get('/api/v1/async_event/?last_id=nope')).status).toBe(400);
    expect((await web.get('/api/v1/async_event/?last_id=99999999999999999999-0')).status).toBe(400);
  });

  it('pushes events over the WebSocket, resumes after last_id, refuses foreign origins and anonymous sockets', async () => {
    const headers = { cookie: web.cookie!, origin: server.baseUrl };
    const socket = await openSocket(wsUrl, headers);
    try {
      const job = await start(web, context('SUM(n) * 2'));
      const event = await socket.next(job.job_id);
      expect(event).toMatchObject({ status: 'done', channel_id: job.channel_id });
      // A job of another channel (the same user's Bearer client) never reaches this socket.
      const own = await start(admin, context('SUM(n) * 3'));
      await eventOf(admin, own.job_id);

      // Resume: a socket opened with the id before the event gets it first.
      const before = (await web.get<EventList>('/api/v1/async_event/')).body.result;
      const index = before.findIndex((e) => e.id === event.id);
      expect(index).toBeGreaterThan(0);
      const resumed = await openSocket(`${wsUrl}?last_id=${before[index - 1]!.id}`, headers);
      try {
        const first = await resumed.next(job.job_id);
        expect(first.id).toBe(event.id);
        expect(resumed.events[0]!.id).toBe(event.id);
      } finally {
        resumed.ws.close();
      }
      expect(socket.events.some((e) => e.job_id === own.job_id)).toBe(false);
    } finally {
      socket.ws.close();
    }

    // A Bearer token works too (no browser: no Origin).
    const bearer = await openSocket(wsUrl, { authorization: `Bearer ${admin.token}` });
    bearer.ws.close();

    expect(await refusal(wsUrl, { cookie: web.cookie!, origin: 'https://evil.example.com' })).toBe(
      403,
    );
    expect(await refusal(wsUrl, { origin: server.baseUrl })).toBe(401);
    expect(await refusal(wsUrl, { cookie: 'session=forged', origin: server.baseUrl })).toBe(401);
    expect(await refusal(`${wsUrl}?last_id=x`, headers)).toBe(400);
    expect(await refusal(`${server.baseUrl.replace('http:', 'ws:')}/other`, headers)).toBe(404);
  });

  it('documents the routes in OpenAPI', async () => {
    const doc = await admin.get<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>('/api/v1/_openapi');
    expect(doc.status).toBe(200);
    expect(doc.body.paths['/api/v1/async_event/']?.get?.responses?.['200']).toBeDefined();
    expect(doc.body.paths['/api/v1/chart/data']?.post?.responses?.['202']).toBeDefined();
    expect(doc.body.paths['/api/v1/chart/data/{cache_key}']?.get).toBeDefined();
  });

  it.runIf(env.STRATA_REDIS_URL)('keeps the events and the jobs in Redis', async () => {
    const job = await start(web, context('SUM(n) - 1'));
    const event = await eventOf(web, job.job_id);
    const prefix = server.strata.config.redisPrefix;
    const key = asyncEventsKey(prefix, job.channel_id);
    expect(await redis!.xlen(key)).toBeGreaterThan(0);
    expect(await redis!.ttl(key)).toBeGreaterThan(0);
    const resultKey = event.result_url!.split('/').pop()!;
    expect(await redis!.exists(asyncJobKey(prefix, resultKey))).toBe(1);
  });
});

describe.skipIf(!redis)('Redis async stores', () => {
  afterAll(() => redis?.disconnect());

  it('appends to a stream per channel, reads after an id (exclusive) and notifies the bus', async () => {
    const bus = new MemoryEventBus();
    const seen: string[] = [];
    bus.subscribe('async_events', (m) => seen.push(m));
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const store = new RedisAsyncEventStore(redis!, bus, { prefix, ttlSeconds: 60 });
    const channel = randomBytes(16).toString('hex');
    const meta = (job: string) => ({
      channel_id: channel,
      job_id: job,
      user_id: 1,
      status: 'done' as const,
      errors: [],
      result_url: null,
    });
    try {
      const a = await store.append(channel, meta('a'));
      const b = await store.append(channel, meta('b'));
      const c = await store.append(channel, meta('c'));
      await sleep(10);
      expect(seen).toEqual([channel, channel, channel]);
      expect((await store.after(channel, null)).map((e) => e.job_id)).toEqual(['a', 'b', 'c']);
      expect(await store.after(channel, a.id)).toEqual([b, c]);
      expect(await store.after(channel, c.id)).toEqual([]);
      expect((await store.after(channel, null, 2)).map((e) => e.job_id)).toEqual(['a', 'b']);
      expect(await store.after(channel, '18446744073709551615-18446744073709551615')).toEqual([]);
      const ttl = await redis!.ttl(asyncEventsKey(prefix, channel));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60);
      await expect(store.append('x'.repeat(32), meta('d'))).rejects.toThrow();
      await expect(store.after(channel, '1-2-3')).rejects.toThrow();
    } finally {
      await redis!.del(asyncEventsKey(prefix, channel));
    }
  });

  it('keeps job values with a time-to-live under hex keys only', async () => {
    const prefix = `test-${randomBytes(4).toString('hex')}`;
    const store = new RedisAsyncJobStore(redis!, prefix);
    const key = randomBytes(16).toString('hex');
    try {
      await store.put(key, '{"a":1}', 30);
      expect(await store.get(key)).toBe('{"a":1}');
      const ttl = await redis!.ttl(asyncJobKey(prefix, key));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(30);
      await expect(store.put('a:b', 'x', 30)).rejects.toThrow();
      expect(await store.get('*')).toBeNull();
    } finally {
      await redis!.del(asyncJobKey(prefix, key));
    }
  });
});

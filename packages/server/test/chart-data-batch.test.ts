import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { signedInGammaUser } from './helpers/users.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Line {
  index: number;
  status: number;
  body: { result?: Array<{ data: Array<Record<string, unknown>> }>; message?: unknown };
}

const BAD_BODY = 'Bad request: contexts must be a list of 1 to 100 query contexts';
const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' } as const;
const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;

/** The NDJSON lines of an answer's text (each one a JSON object, the text ending in a newline). */
function lines(text: unknown): Line[] {
  expect(typeof text).toBe('string');
  const s = text as string;
  expect(s.endsWith('\n')).toBe(true);
  return s
    .slice(0, -1)
    .split('\n')
    .map((l) => JSON.parse(l) as Line);
}

describe.each(targets)('chart data batch API on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;

  const context = (
    queries: Array<Record<string, unknown>>,
    extra: Record<string, unknown> = {},
  ) => ({
    datasource: { id: datasetId, type: 'table' },
    queries,
    form_data: {},
    result_format: 'json',
    result_type: 'full',
    ...extra,
  });
  /** The batch endpoint, read as text (ApiClient would parse a one-line answer as JSON). */
  const batch = async (body: unknown, client: ApiClient = admin) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (client.token) headers.authorization = `Bearer ${client.token}`;
    if (client.cookie) headers.cookie = client.cookie;
    if (client.csrf) headers['x-csrftoken'] = client.csrf;
    const res = await fetch(`${server.baseUrl}/api/v1/chart/data/batch`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    });
    const text = await res.text();
    const isJson = (res.headers.get('content-type') ?? '').startsWith('application/json');
    return { status: res.status, headers: res.headers, body: isJson ? JSON.parse(text) : text };
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'cdb',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES
      ('east', 10), ('west', 5), ('east', 7), ('west', 3), ('north', 1)
    ) AS v(region, amount)`,
    ));
  });
  afterAll(async () => server?.close());

  it('answers one NDJSON line per context, as the single endpoint answers each', async () => {
    const byRegion = context([{ columns: ['region'], metrics: [SUM], orderby: [[SUM, false]] }]);
    const count = context([{ metrics: [COUNT] }]);
    const missing = {
      ...context([{ metrics: [COUNT] }]),
      datasource: { id: 987654, type: 'table' },
    };

    const res = await batch({ contexts: [byRegion, missing, count] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const answer = lines(res.body);
    expect(answer).toHaveLength(3);
    expect(answer.map((l) => l.index).sort()).toEqual([0, 1, 2]);
    const at = (i: number) => answer.find((l) => l.index === i)!;

    for (const [i, ctx] of [
      [0, byRegion],
      [2, count],
    ] as const) {
      const single = await admin.post<{ result: Array<{ data: unknown }> }>(
        '/api/v1/chart/data',
        ctx,
      );
      expect(single.status, JSON.stringify(single.body)).toBe(200);
      expect(at(i).status).toBe(200);
      expect(at(i).body.result![0]!.data).toEqual(single.body.result[0]!.data);
    }
    expect(at(0).body.result![0]!.data).toEqual([
      { region: 'east', 'SUM(amount)': 17 },
      { region: 'west', 'SUM(amount)': 8 },
      { region: 'north', 'SUM(amount)': 1 },
    ]);
    expect(at(2).body.result![0]!.data).toEqual([{ n: 5 }]);
    expect(at(1)).toEqual({ index: 1, status: 404, body: { message: 'Not found' } });
  });

  it('answers cached rows as they are, and bad contexts with their own 400s', async () => {
    const count = context([{ metrics: [COUNT] }]);
    expect((await admin.post('/api/v1/chart/data', count)).status).toBe(200);
    const res = await batch({
      contexts: [
        count,
        { ...count, result_format: 'csv' },
        { ...count, result_format: 'xlsx' },
        { datasource: { id: datasetId, type: 'table' } },
        'not a context',
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = lines(res.body).sort((a, b) => a.index - b.index);
    expect(answer.map((l) => [l.index, l.status])).toEqual([
      [0, 200],
      [1, 400],
      [2, 400],
      [3, 400],
      [4, 400],
    ]);
    expect(answer[0]!.body.result![0]).toMatchObject({ data: [{ n: 5 }], is_cached: true });
    expect(answer[1]!.body).toEqual({ message: 'Bad request: a batch answers JSON only' });
    expect(answer[2]!.body).toEqual({ message: 'Bad request: a batch answers JSON only' });
    expect(answer[3]!.body.message).toMatch(/queries/);
  });

  it('refuses a body that is not a list of 1 to 100 contexts, as a whole', async () => {
    const count = context([{ metrics: [COUNT] }]);
    for (const body of [
      { contexts: [] },
      { contexts: Array.from({ length: 101 }, () => count) },
      { contexts: count },
      {},
      [count],
    ]) {
      const res = await batch(body);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.body).toEqual({ message: BAD_BODY });
    }
    const hundred = await batch({ contexts: Array.from({ length: 100 }, () => count) });
    expect(hundred.status).toBe(200);
    expect(lines(hundred.body)).toHaveLength(100);
  });

  it('checks access as the single endpoint does', async () => {
    const gale = await signedInGammaUser(admin, server.baseUrl, 'gale');
    const count = context([{ metrics: [COUNT] }]);

    const single = await gale.post('/api/v1/chart/data', count);
    expect(single.status).toBe(404);
    const res = await batch({ contexts: [count, count] }, gale);
    expect(res.status).toBe(200);
    expect(lines(res.body)).toEqual([
      { index: expect.any(Number), status: 404, body: { message: 'Not found' } },
      { index: expect.any(Number), status: 404, body: { message: 'Not found' } },
    ]);

    const anonymous = new ApiClient(server.baseUrl);
    const refused = await batch({ contexts: [count] }, anonymous);
    expect(refused.status).toBe(401);
    expect((await anonymous.post('/api/v1/chart/data', count)).status).toBe(401);
  });

  it('needs the CSRF token with a cookie session, as other POSTs do', async () => {
    const browser = new ApiClient(server.baseUrl);
    await browser.loginWithForm('admin', ADMIN_PASSWORD);
    expect(browser.cookie).not.toBeNull();
    const count = context([{ metrics: [COUNT] }]);
    const csrf = browser.csrf;
    browser.csrf = null;
    const refused = await batch({ contexts: [count] }, browser);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'The CSRF token is missing.' });
    browser.csrf = csrf;
    const ok = await batch({ contexts: [count] }, browser);
    expect(ok.status).toBe(200);
    expect(lines(ok.body)[0]).toMatchObject({ index: 0, status: 200 });
  });

  it('keeps serving after a client went away in the middle of a batch', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      context([{ metrics: [COUNT], row_limit: 10 + i }], { force: true }),
    );
    const payload = JSON.stringify({ contexts: many });
    // A connection of its own (no keep-alive pool), dropped once the answer has begun.
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${server.baseUrl}/api/v1/chart/data/batch`,
        {
          method: 'POST',
          agent: false,
          headers: {
            authorization: `Bearer ${admin.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
          },
        },
        (res) => {
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (e) => (e.message === 'socket hang up' ? undefined : reject(e)));
      req.end(payload);
    });
    expect(status).toBe(200);
    const after = await batch({ contexts: [context([{ metrics: [COUNT] }])] });
    expect(after.status).toBe(200);
    expect(lines(after.body)[0]).toMatchObject({ index: 0, status: 200 });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { risonEncode, type QueryDto, type QueryResultsPayload } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { makeSqliteAnalytics } from './helpers/analytics.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface ErrorsBody {
  message: string;
  errors: Array<{ message: string; error_type: string; extra: Record<string, unknown> }>;
  query?: QueryDto;
}

let counter = 0;
/** A fresh 11-character client id. */
const clientId = () =>
  `t${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`.slice(0, 11);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(targets)('SQL Lab queries on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let other: ApiClient;
  let gamma: ApiClient;
  const analytics = makeSqliteAnalytics();
  let lab: number; // DuckDB, DML and async allowed
  let readOnly: number; // SQLite, SELECT only, sync

  const run = (client: ApiClient, body: Record<string, unknown>, query = '') =>
    client.post<QueryResultsPayload & ErrorsBody>(`/api/v1/sqllab/execute/${query}`, {
      client_id: clientId(),
      json: true,
      runAsync: false,
      schema: null,
      tab: 'Untitled Query 1',
      sql_editor_id: '1',
      ...body,
    });

  const results = (client: ApiClient, q: Record<string, string | number>) =>
    client.get<QueryResultsPayload & ErrorsBody>(
      `/api/v1/sqllab/results/?q=${encodeURIComponent(risonEncode(q))}`,
    );

  const waitFor = async (client: ApiClient, id: string, states: string[]): Promise<QueryDto> => {
    for (let i = 0; i < 200; i += 1) {
      const res = await client.get<{ result: QueryDto[] }>(
        `/api/v1/query/updated_since?q=${encodeURIComponent(risonEncode({ last_updated_ms: 0 }))}`,
      );
      expect(res.status).toBe(200);
      const q = res.body.result.find((r) => r.id === id);
      if (q && states.includes(q.state)) return q;
      await sleep(50);
    }
    throw new Error(`query ${id} never reached ${states.join('/')}`);
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const roleId = (name: string) => roles.body.result.find((r) => r.name === name)!.id;
    for (const [username, names] of [
      ['olga', ['Alpha', 'sql_lab']],
      ['gus', ['Gamma']],
    ] as const) {
      const res = await admin.post('/api/v1/security/users/', {
        username,
        first_name: username,
        last_name: 'Test',
        email: `${username}@example.com`,
        password: 'password-123',
        active: true,
        roles: names.map(roleId),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    other = new ApiClient(server.baseUrl);
    await other.loginWithToken('olga', 'password-123');
    gamma = new ApiClient(server.baseUrl);
    await gamma.loginWithToken('gus', 'password-123');

    await emptyDuckdbFile(server.dataDir, 'lab.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'lab',
      sqlalchemy_uri: 'duckdb:///lab.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
      allow_run_async: true,
      allow_ctas: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    lab = created.body.id;
    const ro = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'shop',
      sqlalchemy_uri: `sqlite:///${analytics.file}`,
      expose_in_sqllab: true,
    });
    expect(ro.status, JSON.stringify(ro.body)).toBe(201);
    readOnly = ro.body.id;

    const setup = await run(admin, {
      database_id: lab,
      sql: 'CREATE TABLE big AS SELECT range AS n, range % 7 AS k FROM range(25000);\nSELECT count(*) AS c FROM big',
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  });

  afterAll(async () => {
    await server?.close();
    analytics.drop();
  });

  it('runs a script in order and answers the last statement’s rows, with the stored query', async () => {
    const res = await run(admin, {
      database_id: lab,
      sql: '-- a comment\nCREATE TEMP TABLE t1 AS SELECT 1 AS a UNION ALL SELECT 2;\nSELECT a, a * 10 AS b FROM t1 ORDER BY a',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('success');
    expect(res.body.data).toEqual([
      { a: 1, b: 10 },
      { a: 2, b: 20 },
    ]);
    expect(res.body.columns.map((c) => c.column_name)).toEqual(['a', 'b']);
    expect(res.body.total_rows).toBe(2);
    expect(res.body.query).toMatchObject({
      state: 'success',
      rows: 2,
      dbId: lab,
      db: 'lab',
      tab: 'Untitled Query 1',
      sqlEditorId: '1',
      limitingFactor: 'NOT_LIMITED',
      progress: 100,
      user: 'admin',
    });
    expect(res.body.query.executedSql).not.toContain('a comment');
    expect(res.body.query.resultsKey).toMatch(/^[a-f0-9]{32}$/);

    const stored = await admin.get<{ result: { status: string; rows: number } }>(
      `/api/v1/query/${res.body.query_id}`,
    );
    expect(stored.body.result).toMatchObject({ status: 'success', rows: 2 });
  });

  it('makes duplicate column names unique', async () => {
    const res = await run(admin, { database_id: lab, sql: 'SELECT 1 AS id, 2 AS id' });
    expect(res.body.data).toEqual([{ id: 1, id__1: 2 }]);
  });

  it('applies the row limit, and tells which limit cut the result', async () => {
    const dropdown = await run(admin, {
      database_id: lab,
      sql: 'SELECT * FROM big ORDER BY n',
      queryLimit: 100,
    });
    expect(dropdown.body.data).toHaveLength(100);
    expect(dropdown.body.query.limitingFactor).toBe('DROPDOWN');
    const own = await run(admin, {
      database_id: lab,
      sql: 'SELECT * FROM big ORDER BY n LIMIT 5',
      queryLimit: 100,
    });
    expect(own.body.data).toHaveLength(5);
    expect(own.body.query.limitingFactor).toBe('QUERY');
  });

  it('keeps large results in pages and reads any part of them by key', async () => {
    const res = await run(admin, {
      database_id: lab,
      sql: 'SELECT n, k FROM big ORDER BY n',
      queryLimit: 100_000,
    });
    expect(res.status).toBe(200);
    expect(res.body.total_rows).toBe(25_000);
    expect(res.body.data).toHaveLength(10_000);
    const key = res.body.query.resultsKey!;
    const tail = await results(admin, { key, rows: 10_000, offset: 20_000 });
    expect(tail.status, JSON.stringify(tail.body)).toBe(200);
    expect(tail.body.data).toHaveLength(5000);
    expect(tail.body.data[0]).toEqual({ n: 20_000, k: 20_000 % 7 });
    expect(tail.body.offset).toBe(20_000);
    const across = await results(admin, { key, rows: 3, offset: 9_999 });
    expect(across.body.data.map((r) => r.n)).toEqual([9_999, 10_000, 10_001]);

    // Another user cannot read them; a key that is not one is a 404; expired results are a 410.
    expect((await results(other, { key, rows: 10 })).status).toBe(404);
    expect((await results(admin, { key: '../../secret_key', rows: 10 })).status).toBe(404);
    expect(
      (await admin.get(`/api/v1/sqllab/results/?q=${encodeURIComponent('(key:')}`)).status,
    ).toBe(400);
    if (!process.env.STRATA_REDIS_URL) {
      fs.rmSync(path.join(server.dataDir, 'results', key), { recursive: true, force: true });
      const gone = await results(admin, { key, rows: 10 });
      expect(gone.status).toBe(410);
      expect(gone.body.errors[0]!.error_type).toBe('RESULTS_BACKEND_ERROR');
    }
  });

  it('exports the stored result as CSV', async () => {
    const res = await run(admin, {
      database_id: lab,
      sql: `SELECT 1 AS id, 'a,b' AS name UNION ALL SELECT 2, '=cmd()' ORDER BY id`,
    });
    const csv = await fetch(`${server.baseUrl}/api/v1/sqllab/export/${res.body.query.id}/`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="[\w.-]+\.csv"/);
    expect(await csv.text()).toBe(`id,name\r\n1,"a,b"\r\n2,'=cmd()\r\n`);
    const foreign = await fetch(`${server.baseUrl}/api/v1/sqllab/export/${res.body.query.id}/`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(foreign.status).toBe(404);
  });

  it('renders Jinja templates with parameters, the user and URL parameters', async () => {
    const res = await run(
      admin,
      {
        database_id: lab,
        sql: "SELECT {{ x }} AS v, '{{ current_username() }}' AS u, '{{ url_param('country') }}' AS c",
        templateParams: JSON.stringify({ x: 42 }),
      },
      '?country=UK',
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ v: 42, u: 'admin', c: 'UK' }]);
    const bad = await run(admin, { database_id: lab, sql: 'SELECT {{ x ', templateParams: '{}' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]!.error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    const notObject = await run(admin, {
      database_id: lab,
      sql: 'SELECT {{ 1 }}',
      templateParams: '[1]',
    });
    expect(notObject.status).toBe(400);
  });

  it('refuses DML on a read-only database before it reaches the database', async () => {
    const del = await run(admin, { database_id: readOnly, sql: 'DELETE FROM customers' });
    expect(del.status).toBe(400);
    expect(del.body.errors[0]).toMatchObject({
      error_type: 'DML_NOT_ALLOWED_ERROR',
      message: 'Only SELECT statements are allowed against this database.',
    });
    expect(del.body.query).toMatchObject({ state: 'failed' });
    for (const sql of [
      'SELECT 1; DROP TABLE customers',
      'SELECT 1 /* ; */ ; -- hidden\n DROP TABLE customers',
      "SELECT ';' AS x; DROP TABLE customers",
      'ATTACH DATABASE "/tmp/x.db" AS x',
    ]) {
      const res = await run(admin, { database_id: readOnly, sql });
      expect(res.status, sql).toBe(400);
    }
    const still = await run(admin, {
      database_id: readOnly,
      sql: 'SELECT count(*) AS n FROM customers',
    });
    expect(still.body.data).toEqual([{ n: 3 }]);
  });

  it('answers database errors with their message, line and column', async () => {
    const res = await run(admin, { database_id: lab, sql: 'SELECT 1;\nSELECT nope FROM big' });
    expect(res.status).toBe(422);
    expect(res.body.errors[0]!.message).toMatch(/nope/);
    expect(res.body.errors[0]!.extra).toMatchObject({ statementIndex: 1 });
    expect(res.body.query).toMatchObject({ state: 'failed' });
    expect(res.body.query!.errorMessage).toMatch(/nope/);
  });

  it('takes 1 MB of SQL text', async () => {
    const literal = 'x'.repeat(1_000_000);
    const res = await run(admin, { database_id: lab, sql: `SELECT length('${literal}') AS n` });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ n: 1_000_000 }]);
  });

  it('creates a table from a SELECT when the database allows CTAS', async () => {
    const res = await run(admin, {
      database_id: lab,
      sql: 'SELECT n FROM big WHERE n < 3',
      select_as_cta: true,
      ctas_method: 'TABLE',
      tmp_table_name: 'small_big',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.query).toMatchObject({ ctas: true, tempTable: 'small_big' });
    const check = await run(admin, {
      database_id: lab,
      sql: 'SELECT count(*) AS c FROM small_big',
    });
    expect(check.body.data).toEqual([{ c: 3 }]);
    const refused = await run(admin, {
      database_id: readOnly,
      sql: 'SELECT 1',
      select_as_cta: true,
      tmp_table_name: 'x',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]!.error_type).toBe('INVALID_CTAS_QUERY_ERROR');
  });

  it("creates a view in the asked schema, and writes into the database's forced schema", async () => {
    const schemas = await run(admin, {
      database_id: lab,
      sql: 'CREATE SCHEMA IF NOT EXISTS scratch;\nCREATE SCHEMA IF NOT EXISTS forced',
    });
    expect(schemas.status, JSON.stringify(schemas.body)).toBe(200);
    const cvasOff = await run(admin, {
      database_id: lab,
      sql: 'SELECT 1 AS x',
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: 'v_off',
    });
    expect(cvasOff.status).toBe(400);
    expect(cvasOff.body.errors[0]!.error_type).toBe('INVALID_CVAS_QUERY_ERROR');

    expect((await admin.put(`/api/v1/database/${lab}`, { allow_cvas: true })).status).toBe(200);
    const view = await run(admin, {
      database_id: lab,
      sql: 'SELECT n FROM big WHERE n < 2',
      select_as_cta: true,
      ctas_method: 'VIEW',
      tmp_table_name: 'v_small',
      tmp_schema_name: 'scratch',
    });
    expect(view.status, JSON.stringify(view.body)).toBe(200);
    expect(view.body.query).toMatchObject({
      ctas: true,
      ctas_method: 'VIEW',
      tempTable: 'v_small',
    });
    const inView = await run(admin, {
      database_id: lab,
      sql: 'SELECT count(*) AS c FROM scratch.v_small',
    });
    expect(inView.body.data).toEqual([{ c: 2 }]);

    const forced = await admin.put(`/api/v1/database/${lab}`, {
      extra: JSON.stringify({ force_ctas_schema: 'forced' }),
    });
    expect(forced.status, JSON.stringify(forced.body)).toBe(200);
    const table = await run(admin, {
      database_id: lab,
      sql: 'SELECT n FROM big WHERE n < 4',
      select_as_cta: true,
      tmp_table_name: 't_forced',
      tmp_schema_name: 'scratch',
    });
    expect(table.status, JSON.stringify(table.body)).toBe(200);
    const inForced = await run(admin, {
      database_id: lab,
      sql: 'SELECT count(*) AS c FROM forced.t_forced',
    });
    expect(inForced.body.data).toEqual([{ c: 4 }]);
    const badName = await run(admin, {
      database_id: lab,
      sql: 'SELECT 1',
      select_as_cta: true,
      tmp_table_name: 'x; DROP TABLE big',
    });
    expect(badName.status).toBe(400);
    await admin.put(`/api/v1/database/${lab}`, { allow_cvas: false, extra: '{}' });
  });

  it('runs asynchronous queries on the queue, polled until they end', async () => {
    const id = clientId();
    const res = await admin.post<{ query: QueryDto }>('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: lab,
      sql: 'SELECT n FROM big ORDER BY n DESC',
      runAsync: true,
      queryLimit: 1000,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(['pending', 'running', 'success']).toContain(res.body.query.state);
    const done = await waitFor(admin, id, ['success', 'failed']);
    expect(done.state).toBe('success');
    expect(done.rows).toBe(1000);
    const page = await results(admin, { key: done.resultsKey!, rows: 2 });
    expect(page.body.data).toEqual([{ n: 24_999 }, { n: 24_998 }]);
  });

  it('shows the first rows of a long query while the rest streams in', async () => {
    const id = clientId();
    const started = await admin.post<{ query: QueryDto }>('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: lab,
      sql: 'SELECT range AS n, md5(range::VARCHAR) AS h, md5(h) AS h2 FROM range(1000000)',
      runAsync: true,
      queryLimit: 1_000_000,
    });
    expect(started.status).toBe(202);
    let early: QueryDto | null = null;
    for (let i = 0; i < 400 && !early; i += 1) {
      const res = await admin.get<{ result: QueryDto[] }>(
        `/api/v1/query/updated_since?q=${encodeURIComponent(risonEncode({ last_updated_ms: 0 }))}`,
      );
      const q = res.body.result.find((r) => r.id === id);
      if (q?.state === 'running' && q.resultsKey) early = q;
      else if (q && q.state !== 'pending' && q.state !== 'running') break;
      else await sleep(20);
    }
    expect(early, 'the results key is known while the query runs').not.toBeNull();
    const first = await results(admin, { key: early!.resultsKey!, rows: 3 });
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('running');
    expect(first.body.data.map((r) => r.n)).toEqual([0, 1, 2]);
    expect(first.body.total_rows).toBeLessThan(1_000_000);
    await admin.post('/api/v1/query/stop', { client_id: id });
    const q = await waitFor(admin, id, ['stopped', 'success']);
    if (q.state === 'stopped') {
      expect(q.resultsKey).toBeNull();
      expect((await results(admin, { key: early!.resultsKey!, rows: 3 })).status).toBe(404);
    }
  });

  it('stops a running query on the database', async () => {
    const id = clientId();
    const started = await admin.post<{ query: QueryDto }>('/api/v1/sqllab/execute/', {
      client_id: id,
      database_id: lab,
      sql: 'SELECT count(*) FROM range(100000000000) a',
      runAsync: true,
    });
    expect(started.status).toBe(202);
    await waitFor(admin, id, ['running']);
    // Only the owner may stop it.
    expect((await other.post('/api/v1/query/stop', { client_id: id })).status).toBe(404);
    const t0 = Date.now();
    const stop = await admin.post('/api/v1/query/stop', { client_id: id });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ result: 'OK' });
    const q = await waitFor(admin, id, ['stopped', 'success', 'failed']);
    expect(q.state).toBe('stopped');
    expect(Date.now() - t0).toBeLessThan(5000);

    // A synchronous query is stopped from another request, and its answer says so.
    const syncId = clientId();
    const pending = admin.post<ErrorsBody>('/api/v1/sqllab/execute/', {
      client_id: syncId,
      database_id: readOnly,
      sql: 'WITH RECURSIVE r(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM r) SELECT count(*) FROM r',
    });
    await waitFor(admin, syncId, ['running']);
    await admin.post('/api/v1/query/stop', { client_id: syncId });
    const answer = await pending;
    expect(answer.status).toBe(400);
    expect(answer.body.query).toMatchObject({ state: 'stopped' });
  });

  it('estimates cost and validates SQL with line numbers', async () => {
    const cost = await admin.post<{ result: Array<Record<string, unknown>> }>(
      '/api/v1/sqllab/estimate/',
      { database_id: lab, sql: 'SELECT * FROM big WHERE k = 1', schema: null },
    );
    expect(cost.status, JSON.stringify(cost.body)).toBe(200);
    expect(cost.body.result.length).toBeGreaterThan(0);

    const valid = await admin.post<{ result: unknown[] }>(`/api/v1/database/${lab}/validate_sql/`, {
      sql: 'SELECT n FROM big',
      schema: null,
    });
    expect(valid.status, JSON.stringify(valid.body)).toBe(200);
    expect(valid.body.result).toEqual([]);
    const invalid = await admin.post<{
      result: Array<{ line_number: number; start_column: number | null; message: string }>;
    }>(`/api/v1/database/${lab}/validate_sql/`, {
      sql: 'SELECT 1;\nSELECT n FROM big;\nSELECT nope FROM big',
    });
    expect(invalid.body.result).toHaveLength(1);
    expect(invalid.body.result[0]).toMatchObject({ line_number: 3 });
    expect(invalid.body.result[0]!.message).toMatch(/nope/);
    const dml = await admin.post<{ result: Array<{ line_number: number; message: string }> }>(
      `/api/v1/database/${readOnly}/validate_sql/`,
      { sql: 'SELECT 1;\n\nDELETE FROM customers' },
    );
    expect(dml.body.result).toEqual([
      expect.objectContaining({
        line_number: 3,
        message: 'Only SELECT statements are allowed against this database.',
      }),
    ]);
    // Nothing was deleted: validation never runs a statement.
    const count = await run(admin, {
      database_id: readOnly,
      sql: 'SELECT count(*) AS n FROM customers',
    });
    expect(count.body.data).toEqual([{ n: 3 }]);
  });

  it('checks permissions and input', async () => {
    expect((await run(gamma, { database_id: lab, sql: 'SELECT 1' })).status).toBe(403);
    expect((await run(admin, { database_id: 999_999, sql: 'SELECT 1' })).status).toBe(404);
    // Ids beyond an integer column are unknown ids, not database errors.
    expect((await admin.get('/api/v1/query/99999999999')).status).toBe(404);
    expect((await admin.get('/api/v1/dashboard/2147483648')).status).toBe(404);
    expect(
      (await run(admin, { database_id: lab, sql: 'SELECT 1', client_id: 'bad id!' })).status,
    ).toBe(400);
    const missing = await admin.post('/api/v1/sqllab/execute/', { client_id: clientId() });
    expect(missing.status).toBe(400);
    const dupId = clientId();
    expect((await run(admin, { database_id: lab, sql: 'SELECT 1', client_id: dupId })).status).toBe(
      200,
    );
    expect((await run(other, { database_id: lab, sql: 'SELECT 1', client_id: dupId })).status).toBe(
      400,
    );
    expect((await run(admin, { database_id: lab, sql: '  -- nothing' })).status).toBe(400);
    await emptyDuckdbFile(server.dataDir, 'hidden.duckdb');
    const hidden = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'hidden',
      sqlalchemy_uri: 'duckdb:///hidden.duckdb',
      expose_in_sqllab: false,
    });
    expect((await run(admin, { database_id: hidden.body.id, sql: 'SELECT 1' })).status).toBe(400);
    // Polling shows only one's own queries.
    const mine = await other.get<{ result: QueryDto[] }>(
      `/api/v1/query/updated_since?q=${encodeURIComponent(risonEncode({ last_updated_ms: 0 }))}`,
    );
    expect(mine.body.result.every((q) => q.userId !== 1)).toBe(true);
  });
});

describe('SQL Lab time-out', () => {
  let server: TestServer;
  let admin: ApiClient;
  let lab: number;

  beforeAll(async () => {
    const [sqlite] = await metadataTargets();
    server = await startServer(sqlite!, { STRATA_SQLLAB_TIMEOUT_SECONDS: '1' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await emptyDuckdbFile(server.dataDir, 'slow.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'slow',
      sqlalchemy_uri: 'duckdb:///slow.duckdb',
      expose_in_sqllab: true,
    });
    lab = created.body.id;
  });
  afterAll(async () => server?.close());

  it('stops a query that runs past the time-out and marks it timed_out', async () => {
    const res = await admin.post<ErrorsBody>('/api/v1/sqllab/execute/', {
      client_id: 'timeout1',
      database_id: lab,
      sql: 'SELECT count(*) FROM range(100000000000) a',
    });
    expect(res.status).toBe(408);
    expect(res.body.errors[0]!.error_type).toBe('SQLLAB_TIMEOUT_ERROR');
    expect(res.body.query).toMatchObject({ state: 'timed_out' });
  });
});

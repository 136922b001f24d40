/**
 * Issue 16 point 2 (memory): chart data bombs against the built server in its own process. Row
 * multipliers (a cross join in a virtual dataset, `unnest(range(…))`, `generate_series`), one
 * 400 MB value (`repeat`, `lpad`) and aggregates of huge text (`string_agg`, `list`) on DuckDB
 * and PostgreSQL, several at once from two Gamma users: the server stays up and answers
 * `/health` within 1 s throughout, each bomb is answered 422 (or 400 when the database itself
 * refuses or times out), and a normal chart query works afterwards.
 *
 * Functions the bombs use: range, unnest, generate_series, repeat, lpad, string_agg, list (the
 * multipliers' cross join and series are in virtual datasets written by the admin, so an allow
 * list of adhoc functions does not keep the bombs from reaching the byte cap).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, watchHealth, type ChildServer } from '../helpers/child-server.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { signedInGammaUser } from '../helpers/users.js';

const CI = process.env.CI === 'true';
const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MAX_BYTES = 32 * 1024 * 1024;
const HUGE = 2 ** 53 - 1;

async function pgProblem(): Promise<string | null> {
  try {
    const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
    await c.connect();
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
const pgDown = await pgProblem();
if (pgDown && CI) throw new Error(`PostgreSQL is required with CI=true but unreachable: ${pgDown}`);
if (pgDown) console.warn(`PostgreSQL unreachable (${pgDown}): its bombs are left out`);

const targets = await metadataTargets();

type Answer = { result?: Array<{ rowcount: number; data: unknown[] }>; message?: string };

const sql = (sqlExpression: string, label: string) => ({
  expressionType: 'SQL',
  sqlExpression,
  label,
});

for (const target of targets) {
  describe(`memory bombs (${target.name} metadata, server in its own process)`, () => {
    let server: ChildServer;
    let admin: ApiClient;
    let gamma: ApiClient;
    let gamma2: ApiClient;
    const ds: Record<string, number> = {};

    beforeAll(async () => {
      server = await startChildServer(target, {
        STRATA_CHART_DATA_MAX_BYTES: String(MAX_BYTES),
        STRATA_CHART_QUERY_TIMEOUT_SECONDS: '120',
      });
      admin = new ApiClient(server.baseUrl);
      await admin.loginWithToken('admin', ADMIN_PASSWORD);
      gamma = await signedInGammaUser(admin, server.baseUrl, 'bomber');
      gamma2 = await signedInGammaUser(admin, server.baseUrl, 'bomber2');
      const owners = [
        (await gamma.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id,
        (await gamma2.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id,
      ];
      const database = async (name: string, uri: string) => {
        const res = await admin.post<{ id: number }>('/api/v1/database/', {
          database_name: name,
          sqlalchemy_uri: uri,
          expose_in_sqllab: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.id;
      };
      const virtual = async (database: number, schema: string, name: string, text: string) => {
        const res = await admin.post<{ id: number }>('/api/v1/dataset/', {
          database,
          schema,
          table_name: name,
          sql: text,
          owners,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        ds[name] = res.body.id;
      };
      const duck = await database('bombs', 'duckdb:///bombs.duckdb');
      await virtual(duck, 'main', 'one', "SELECT 1 AS id, 'abc' AS name");
      await virtual(duck, 'main', 'few', "SELECT range AS id, 'abc' AS name FROM range(2000)");
      await virtual(duck, 'main', 'many', "SELECT range AS id, 'abc' AS name FROM range(1000000)");
      // A row multiplier written into the dataset: 10^11 rows.
      await virtual(
        duck,
        'main',
        'cross',
        "SELECT a.range AS x, b.range AS y, 'abcdefghij' AS name FROM range(1000000) a, range(100000) b",
      );
      if (!pgDown) {
        const pgdb = await database('pgbombs', PG_URL);
        await virtual(pgdb, 'public', 'pg_one', "SELECT 1 AS id, 'abc'::text AS name");
        await virtual(
          pgdb,
          'public',
          'pg_few',
          "SELECT g AS id, 'abc'::text AS name FROM generate_series(1, 2000) g",
        );
        await virtual(
          pgdb,
          'public',
          'pg_series',
          "SELECT g AS id, 'abcdefghij'::text AS name FROM generate_series(1, 100000000) g",
        );
      }
    }, 180_000);
    afterAll(async () => server?.close());

    const chartData = (client: ApiClient, dataset: string, query: Record<string, unknown>) =>
      client.post<Answer>('/api/v1/chart/data', {
        datasource: { id: ds[dataset], type: 'table' },
        queries: [{ row_limit: HUGE, ...query }],
        force: true,
      });

    /** Each bomb: who sends it, on what, and the query. */
    function bombs(): Array<{ name: string; run: () => ReturnType<typeof chartData> }> {
      const list = [
        {
          name: 'DuckDB cross join multiplier, 2^53 rows asked',
          run: () => chartData(gamma, 'cross', { columns: ['x', 'y', 'name'] }),
        },
        {
          name: 'DuckDB unnest(range(80)) multiplier',
          run: () =>
            chartData(gamma2, 'many', {
              columns: ['id', 'name', sql('unnest(range(80))', 'u')],
            }),
        },
        {
          name: "DuckDB repeat('x', 400000000)",
          run: () => chartData(gamma, 'one', { columns: [sql("repeat('x', 400000000)", 'big')] }),
        },
        {
          name: "DuckDB lpad('x', 400000000, 'y')",
          run: () =>
            chartData(gamma2, 'one', { columns: [sql("lpad('x', 400000000, 'y')", 'big')] }),
        },
        {
          name: 'DuckDB string_agg of 2000 × 300 KB',
          run: () =>
            chartData(gamma, 'few', {
              metrics: [sql("string_agg(repeat(name, 100000), ',')", 'agg')],
            }),
        },
        {
          name: 'DuckDB list of 2000 × 30 KB',
          run: () =>
            chartData(gamma2, 'few', { metrics: [sql('list(repeat(name, 10000))', 'agg')] }),
        },
      ];
      if (!pgDown)
        list.push(
          {
            name: 'PostgreSQL generate_series multiplier',
            run: () =>
              chartData(gamma, 'pg_series', {
                columns: ['id', 'name', sql('generate_series(1, 1000)', 'g')],
              }),
          },
          {
            name: "PostgreSQL lpad('x', 300000000, 'y')",
            run: () =>
              chartData(gamma, 'pg_one', { columns: [sql("lpad('x', 300000000, 'y')", 'big')] }),
          },
        );
      return list;
    }

    /**
     * PostgreSQL values of hundreds of MB: node-postgres reads a row's message whole and makes
     * its strings on the event loop before any caller can count them (see the report / security
     * notes), so these are refused after a pause of the event loop, not before.
     */
    function pgHugeValues(): Array<{ name: string; run: () => ReturnType<typeof chartData> }> {
      if (pgDown) return [];
      return [
        {
          name: "PostgreSQL repeat('x', 400000000)",
          run: () =>
            chartData(gamma2, 'pg_one', { columns: [sql("repeat('x', 400000000)", 'big')] }),
        },
        {
          name: 'PostgreSQL string_agg of 2000 × 100 KB',
          run: () =>
            chartData(gamma, 'pg_few', {
              metrics: [sql("string_agg(repeat(name, 33000), ',')", 'agg')],
            }),
        },
      ];
    }

    it('stays up and answers /health within 1 s while the bombs go off at once; each is refused', async () => {
      const watch = watchHealth(server.baseUrl, 1000);
      const list = bombs();
      const answers = await Promise.all(list.map((b) => b.run()));
      const health = await watch.stop();
      expect(server.alive(), server.output()).toBe(true);
      expect(health.failures, JSON.stringify(health)).toEqual([]);
      expect(health.polls).toBeGreaterThan(5);
      answers.forEach((answer, i) => {
        const what = `${list[i]!.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        // 422 is the byte cap; 400 a database that refused (or a function an allow list refused).
        expect([422, 400], what).toContain(answer.status);
        expect(typeof answer.body.message, what).toBe('string');
      });
      // The byte cap itself answered the row multipliers and the huge values.
      const capped = answers.filter((a) => a.status === 422);
      expect(capped.length).toBeGreaterThanOrEqual(Math.ceil(list.length / 2));
      expect(capped[0]!.body.message).toMatch(/larger than the 32 MB a chart query may bring/);
      // A normal chart query still works.
      const normal = await chartData(gamma, 'many', {
        metrics: [sql('COUNT(*)', 'n')],
        row_limit: 10,
      });
      expect(normal.status, JSON.stringify(normal.body)).toBe(200);
      expect(normal.body.result![0]!.data).toEqual([{ n: 1000000 }]);
    }, 600_000);

    it('stays up through PostgreSQL values of hundreds of MB, refused with 422', async () => {
      const list = pgHugeValues();
      if (list.length === 0) return;
      // Polls wait up to 15 s: a poll that gets no answer at all fails the test.
      const watch = watchHealth(server.baseUrl, 3000);
      const answers = await Promise.all(list.map((b) => b.run()));
      const health = await watch.stop();
      expect(server.alive(), server.output()).toBe(true);
      // The process answered throughout, if late (the driver's pause; see pgHugeValues).
      expect(
        health.failures.filter((f) => f.startsWith('failed') || f.startsWith('status')),
        JSON.stringify(health),
      ).toEqual([]);
      answers.forEach((answer, i) => {
        const what = `${list[i]!.name}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
        expect(answer.status, what).toBe(422);
      });
      const normal = await chartData(gamma2, 'pg_few', {
        metrics: [sql('COUNT(*)', 'n')],
        row_limit: 10,
      });
      expect(normal.status, JSON.stringify(normal.body)).toBe(200);
      expect(normal.body.result![0]!.data).toEqual([{ n: 2000 }]);
    }, 600_000);

    it('refuses the same bombs one by one, from the batch endpoint too', async () => {
      const res = await gamma.request('POST', '/api/v1/chart/data/batch', {
        contexts: [
          {
            datasource: { id: ds.cross, type: 'table' },
            queries: [{ columns: ['x', 'y', 'name'], row_limit: HUGE }],
            force: true,
          },
          {
            datasource: { id: ds.one, type: 'table' },
            queries: [{ columns: [sql("repeat('x', 400000000)", 'big')], row_limit: HUGE }],
            force: true,
          },
        ],
      });
      expect(res.status).toBe(200);
      const lines = String(res.body)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: number; body: { message: string } });
      expect(lines.map((l) => l.status)).toEqual([422, 422]);
      expect(server.alive()).toBe(true);
    }, 300_000);

    it('caps samples pages by bytes too', async () => {
      // The samples of a dataset whose rows are 4 MB each: 10 rows pass the 32 MB cap.
      const db = await admin.get<{ result: Array<{ id: number; database_name: string }> }>(
        '/api/v1/database/?q=(page_size:100)',
      );
      const duck = db.body.result.find((d) => d.database_name === 'bombs')!.id;
      const wide = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database: duck,
        schema: 'main',
        table_name: 'wide',
        sql: "SELECT range AS id, repeat('w', 4000000) AS pad FROM range(100)",
      });
      expect(wide.status, JSON.stringify(wide.body)).toBe(201);
      const res = await admin.request<{ message: string }>(
        'POST',
        `/datasource/samples?datasource_type=table&datasource_id=${wide.body.id}&per_page=100`,
        {},
      );
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(422);
      expect(res.body.message).toMatch(/larger than the 32 MB/);
      const page = await admin.request<{ result: { data: unknown[] } }>(
        'POST',
        `/datasource/samples?datasource_type=table&datasource_id=${wide.body.id}&per_page=5`,
        {},
      );
      expect(page.status).toBe(200);
      expect(page.body.result.data).toHaveLength(5);
      expect(server.alive()).toBe(true);
    }, 300_000);
  });
}

/**
 * Issue 16 point 2 (memory): chart data bombs against the built server in its own process. Row
 * multipliers (a cross join, `unnest(range(…))`, `generate_series` in a virtual dataset), 400 MB
 * values (`repeat`, `lpad`), wide rows and `string_agg` over them, on DuckDB and PostgreSQL,
 * several at once from two Gamma users: the server stays up and answers `/health` within 1 s
 * throughout, each bomb is answered 422 (or 400 when the database itself refuses or times out),
 * and a normal chart query works afterwards.
 *
 * The functions that multiply rows or build huge values are not on a non-admin's allow list
 * (point 1), so the bombs are virtual datasets written by the admin (an analyst's heavy
 * dataset); the Gamma users select their columns or aggregate them with `string_agg`, which is
 * allowed. The byte cap holds whoever wrote the SQL.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, watchHealth, type ChildServer } from '../helpers/child-server.js';
import { ApiClient } from '../helpers/client.js';
import { PG_ADMIN_URL, metadataTargets, requirePostgres } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { emptyDuckdbFile } from '../helpers/table-dataset.js';
import { signedInGammaUser } from '../helpers/users.js';

const PG_URL = PG_ADMIN_URL;
const MAX_BYTES = 32 * 1024 * 1024;
const HUGE = 2 ** 53 - 1;

const pgDown = await requirePostgres();

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
      await emptyDuckdbFile(server.dataDir, 'bombs.duckdb');
      const duck = await database('bombs', 'duckdb:///bombs.duckdb');
      await virtual(duck, 'main', 'many', "SELECT range AS id, 'abc' AS name FROM range(1000000)");
      // A row multiplier written into the dataset: 10^11 rows.
      await virtual(
        duck,
        'main',
        'cross',
        "SELECT a.range AS x, b.range AS y, 'abcdefghij' AS name FROM range(1000000) a, range(100000) b",
      );
      // The functions that multiply rows or make huge values (unnest, range, repeat, lpad) are
      // not on a non-admin's allow list (point 1): the bombs are datasets an analyst wrote, and
      // the Gamma users only select their columns or aggregate them with allowed functions.
      // Huge values sit past the first two rows (reading a dataset's columns fetches those).
      await virtual(
        duck,
        'main',
        'unnested',
        "SELECT range AS id, 'abc' AS name, unnest(range(80)) AS u FROM range(1000000)",
      );
      await virtual(
        duck,
        'main',
        'repeated',
        "SELECT range AS id, CASE WHEN range >= 2 THEN repeat('x', 400000000) ELSE 'a' END AS big FROM range(4)",
      );
      await virtual(
        duck,
        'main',
        'padded',
        "SELECT range AS id, CASE WHEN range >= 2 THEN lpad('x', 400000000, 'y') ELSE 'a' END AS big FROM range(4)",
      );
      // 2000 rows of 300 KB.
      await virtual(
        duck,
        'main',
        'wide_text',
        "SELECT range AS id, repeat('abc', 100000) AS name FROM range(2000)",
      );
      if (!pgDown) {
        const pgdb = await database('pgbombs', PG_URL);
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
          "SELECT g AS id, 'abcdefghij'::text AS name, generate_series(1, 1000) AS k FROM generate_series(1, 100000) g",
        );
        await virtual(
          pgdb,
          'public',
          'pg_wide',
          "SELECT g AS id, repeat('abc', 33000) AS name FROM generate_series(1, 2000) g",
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
          run: () => chartData(gamma2, 'unnested', { columns: ['id', 'name', 'u'] }),
        },
        {
          name: "DuckDB repeat('x', 400000000)",
          run: () => chartData(gamma, 'repeated', { columns: ['big'] }),
        },
        {
          name: "DuckDB lpad('x', 400000000, 'y')",
          run: () => chartData(gamma2, 'padded', { columns: ['big'] }),
        },
        {
          name: 'DuckDB string_agg of 2000 × 300 KB',
          run: () =>
            chartData(gamma, 'wide_text', { metrics: [sql("string_agg(name, ',')", 'agg')] }),
        },
        {
          name: 'DuckDB 2000 rows of 300 KB',
          run: () => chartData(gamma2, 'wide_text', { columns: ['id', 'name'] }),
        },
      ];
      if (!pgDown)
        list.push(
          {
            name: 'PostgreSQL generate_series multiplier',
            run: () => chartData(gamma, 'pg_series', { columns: ['id', 'name', 'k'] }),
          },
          {
            name: 'PostgreSQL string_agg of 2000 × 100 KB',
            run: () =>
              chartData(gamma, 'pg_wide', { metrics: [sql("string_agg(name, ',')", 'agg')] }),
          },
        );
      return list;
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
        // Every bomb reaches the byte cap (none is stopped earlier by an allow list).
        expect(answer.status, what).toBe(422);
        expect(answer.body.message, what).toMatch(/larger than the 32 MB a chart query may bring/);
      });
      // A normal chart query still works.
      const normal = await chartData(gamma, 'many', {
        metrics: [sql('COUNT(*)', 'n')],
        row_limit: 10,
      });
      expect(normal.status, JSON.stringify(normal.body)).toBe(200);
      expect(normal.body.result![0]!.data).toEqual([{ n: 1000000 }]);
    }, 600_000);

    it.runIf(process.platform === 'linux')(
      "runs every thread but the event loop's at nice 10 (query threads yield the CPU to requests)",
      async () => {
        // The bombs' DuckDB database is open: its worker threads exist; the keeper looks at new
        // threads every second.
        await new Promise((r) => setTimeout(r, 1500));
        const pid = server.child.pid!;
        const niceOf = (tid: string) => {
          const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          // Fields after the command's closing parenthesis; nice is field 19 (index 16 here).
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        };
        const tids = fs.readdirSync(`/proc/${pid}/task`);
        expect(tids.length).toBeGreaterThan(4);
        const nices = new Map(tids.map((t) => [t, niceOf(t)]));
        expect(nices.get(String(pid))).toBe(0);
        for (const [tid, nice] of nices) if (tid !== String(pid)) expect(nice, tid).toBe(10);
      },
    );

    // PostgreSQL values of hundreds of MB (refused before the driver reads them):
    // pg-large-values.test.ts.

    it('refuses the same bombs one by one, from the batch endpoint too', async () => {
      const res = await gamma.request('POST', '/api/v1/chart/data/batch', {
        contexts: [
          {
            datasource: { id: ds.cross, type: 'table' },
            queries: [{ columns: ['x', 'y', 'name'], row_limit: HUGE }],
            force: true,
          },
          {
            datasource: { id: ds.repeated, type: 'table' },
            queries: [{ columns: ['big'], row_limit: HUGE }],
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

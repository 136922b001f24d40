/**
 * Issue 16 point 2, PostgreSQL's remaining gap: one huge value. node-postgres makes each field's
 * string in the socket's data handler, so a value longer than V8's longest string (600 M
 * characters) threw there, uncaught, and ended the process; values of 300 M characters were
 * read whole and blocked the event loop for seconds. Now each DataRow message's length is read
 * from the connection before pg parses it (engines/postgresql/guarded-client.ts): chart data
 * and SQL Lab answer 422, the server in its own process stays up and answers /health within 1 s
 * throughout, and a normal query works afterwards.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer, watchHealth, type ChildServer } from '../helpers/child-server.js';
import { ApiClient } from '../helpers/client.js';
import { PG_ADMIN_URL, metadataTargets, requirePostgres } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD } from '../helpers/server.js';
import { signedInGammaUser } from '../helpers/users.js';

const PG_URL = PG_ADMIN_URL;
const MAX_BYTES = 32 * 1024 * 1024;

const pgDown = await requirePostgres();

const targets = await metadataTargets();

type ChartAnswer = { result?: Array<{ data: unknown[] }>; message?: string };
type SqlLabAnswer = { status?: string; data?: unknown[]; errors?: Array<{ message: string }> };

/**
 * Values of 600 M and 300 M characters in admin-written virtual datasets, in their third row
 * (reading a dataset's columns fetches two rows, the chart query all three).
 */
const hugeRow = (n: number) =>
  `SELECT g AS id, CASE WHEN g > 2 THEN repeat('x', ${n}) ELSE 'small' END AS big FROM generate_series(1, 3) g`;
const HUGE = [
  { name: 'huge_600m', sql: hugeRow(600_000_000), size: '600 M' },
  { name: 'huge_300m', sql: hugeRow(300_000_000), size: '300 M' },
];
/** SQL Lab's statements. */
const HUGE_SQLLAB = [
  "SELECT repeat('x', 600000000) AS big",
  "SELECT repeat('x', 300000000) AS big",
];

for (const target of targets) {
  describe.skipIf(pgDown !== null)(
    `one huge PostgreSQL value (${target.name} metadata, server in its own process)`,
    () => {
      let server: ChildServer;
      let admin: ApiClient;
      let gamma: ApiClient;
      let database = 0;
      const ds: Record<string, number> = {};

      beforeAll(async () => {
        server = await startChildServer(target, {
          STRATA_CHART_DATA_MAX_BYTES: String(MAX_BYTES),
          STRATA_RESULTS_MAX_BYTES_PER_QUERY: String(MAX_BYTES),
          STRATA_CHART_QUERY_TIMEOUT_SECONDS: '300',
          STRATA_SQLLAB_TIMEOUT_SECONDS: '300',
        });
        admin = new ApiClient(server.baseUrl);
        await admin.loginWithToken('admin', ADMIN_PASSWORD);
        gamma = await signedInGammaUser(admin, server.baseUrl, 'largevalues');
        const owner = (await gamma.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
        const db = await admin.post<{ id: number }>('/api/v1/database/', {
          database_name: 'pglarge',
          sqlalchemy_uri: PG_URL,
          expose_in_sqllab: true,
        });
        expect(db.status, JSON.stringify(db.body)).toBe(201);
        database = db.body.id;
        for (const [name, sql] of [
          ['one', "SELECT 1 AS id, 'abc'::text AS name"],
          ['small', "SELECT g AS id, 'abc'::text AS name FROM generate_series(1, 50) g"],
          ...HUGE.map((h) => [h.name, h.sql] as const),
        ] as const) {
          const res = await admin.post<{ id: number }>('/api/v1/dataset/', {
            database,
            schema: 'public',
            table_name: `pglarge_${name}`,
            sql,
            owners: [owner],
          });
          expect(res.status, JSON.stringify(res.body)).toBe(201);
          ds[name] = res.body.id;
        }
      }, 180_000);
      afterAll(async () => server?.close());

      const chartData = (dataset: string, query: Record<string, unknown>) =>
        gamma.post<ChartAnswer>('/api/v1/chart/data', {
          datasource: { id: ds[dataset], type: 'table' },
          queries: [{ row_limit: 10, ...query }],
          force: true,
        });

      const normalQueryWorks = async () => {
        const normal = await chartData('small', {
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
        });
        expect(normal.status, JSON.stringify(normal.body)).toBe(200);
        expect(normal.body.result![0]!.data).toEqual([{ n: 50 }]);
      };

      it('refuses chart data with values of 600 M and 300 M characters, 422, /health answering within 1 s', async () => {
        const watch = watchHealth(server.baseUrl, 1000);
        const bombs = HUGE.map(({ name, size }) => ({
          what: size,
          run: () => chartData(name, { columns: ['id', 'big'] }),
        }));
        const answers = await Promise.all(bombs.map((b) => b.run()));
        const health = await watch.stop();
        expect(server.alive(), server.output()).toBe(true);
        expect(health.failures, JSON.stringify(health)).toEqual([]);
        answers.forEach((answer, i) => {
          const what = `${bombs[i]!.what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
          expect(answer.status, what).toBe(422);
          expect(answer.body.message, what).toMatch(/larger than the 32 MB/);
        });
        await normalQueryWorks();
      }, 600_000);

      it('refuses the same values in SQL Lab without ending the process', async () => {
        const watch = watchHealth(server.baseUrl, 1000);
        for (const sql of HUGE_SQLLAB) {
          const res = await admin.post<SqlLabAnswer>('/api/v1/sqllab/execute/', {
            client_id: randomBytes(5).toString('hex').slice(0, 10),
            database_id: database,
            sql,
            runAsync: false,
            queryLimit: 10,
          });
          const what = `${sql}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`;
          expect(res.status, what).toBe(422);
          expect(JSON.stringify(res.body), what).toMatch(
            /larger than the 32 MiB one query may store/,
          );
          expect(server.alive(), server.output()).toBe(true);
        }
        const health = await watch.stop();
        expect(health.failures, JSON.stringify(health)).toEqual([]);
        const small = await admin.post<SqlLabAnswer>('/api/v1/sqllab/execute/', {
          client_id: randomBytes(5).toString('hex').slice(0, 10),
          database_id: database,
          sql: "SELECT 'still here' AS answer",
          runAsync: false,
          queryLimit: 10,
        });
        expect(small.status, JSON.stringify(small.body)).toBe(200);
        expect(JSON.stringify(small.body.data)).toContain('still here');
        await normalQueryWorks();
      }, 600_000);
    },
  );
}

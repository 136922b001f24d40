/**
 * Issue 16 point 2 (memory), the limits on every entry point, in-process: row limits clamped at
 * STRATA_SQL_MAX_ROW as Superset clamps them (chart data, batch, saved chart GET, explore_json,
 * samples pages, series limits, time offsets), and each user's chart queries limited to a few at
 * once with a bounded queue (429 past it) while a dashboard's 30-chart batch still loads. The
 * bombs against a server in its own process are in memory.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { emptyDuckdbFile } from '../helpers/table-dataset.js';
import { signedInGammaUser } from '../helpers/users.js';

const targets = await metadataTargets();
const MAX_ROW = 2000;
const HUGE = 2 ** 53 - 1;

interface Payload {
  data: Array<Record<string, unknown>>;
  rowcount: number;
  colnames: string[];
}
type Answer = { result: Payload[]; message?: string };

for (const target of targets) {
  describe(`chart query limits (${target.name} metadata)`, () => {
    let server: TestServer;
    let admin: ApiClient;
    let gamma: ApiClient;
    let other: ApiClient;
    let big: number;
    let slow: number;
    let bigChart: number;

    beforeAll(async () => {
      server = await startServer(target, {
        STRATA_SQL_MAX_ROW: String(MAX_ROW),
        STRATA_CHART_QUERIES_PER_USER: '2',
        STRATA_CHART_QUERY_QUEUE_PER_USER: '3',
      });
      admin = new ApiClient(server.baseUrl);
      await admin.loginWithToken('admin', ADMIN_PASSWORD);
      gamma = await signedInGammaUser(admin, server.baseUrl, 'limited');
      other = await signedInGammaUser(admin, server.baseUrl, 'neighbour');
      const gammaId = (await gamma.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
      const otherId = (await other.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;
      await emptyDuckdbFile(server.dataDir, 'limits.duckdb');
      const db = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'limits',
        sqlalchemy_uri: 'duckdb:///limits.duckdb',
        expose_in_sqllab: true,
      });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      const dataset = async (name: string, sql: string) => {
        const res = await admin.post<{ id: number }>('/api/v1/dataset/', {
          database: db.body.id,
          schema: 'main',
          table_name: name,
          sql,
          owners: [gammaId, otherId],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body.id;
      };
      big = await dataset(
        'big',
        "SELECT range AS x, range % 7 AS k, TIMESTAMP '2024-01-01' + to_seconds(range) AS ts FROM range(1000000)",
      );
      // Some tenths of a second a query (more on a busy machine): enough for queries of one user to overlap.
      slow = await dataset(
        'slow',
        'SELECT count(*) AS n FROM range(60000000) a WHERE hash(a.range) % 3 = 0',
      );
      const chart = await gamma.post<{ id: number }>('/api/v1/chart/', {
        slice_name: 'Everything',
        viz_type: 'table',
        datasource_id: big,
        datasource_type: 'table',
        params: JSON.stringify({ datasource: `${big}__table`, viz_type: 'table' }),
        query_context: JSON.stringify({
          datasource: { id: big, type: 'table' },
          queries: [{ columns: ['x'], row_limit: HUGE }],
        }),
      });
      expect(chart.status, JSON.stringify(chart.body)).toBe(201);
      bigChart = chart.body.id;
    }, 120_000);
    afterAll(async () => server?.close());

    const context = (id: number, query: Record<string, unknown>, extra = {}) => ({
      datasource: { id, type: 'table' },
      queries: [query],
      ...extra,
    });

    it('clamps row limits at STRATA_SQL_MAX_ROW on every entry point, as Superset does', async () => {
      // The single endpoint: 2^53 - 1, and 0 (= as many as allowed).
      for (const row_limit of [HUGE, 0, MAX_ROW + 1]) {
        const res = await gamma.post<Answer>(
          '/api/v1/chart/data',
          context(big, { columns: ['x'], row_limit }),
        );
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
        expect(res.body.result[0]!.rowcount).toBe(MAX_ROW);
      }
      // Smaller limits are kept.
      const small = await gamma.post<Answer>(
        '/api/v1/chart/data',
        context(big, { columns: ['x'], row_limit: 5 }),
      );
      expect(small.body.result[0]!.rowcount).toBe(5);
      // Result types: results and samples (samples at most 1000, Superset's SAMPLES_ROW_LIMIT).
      const results = await gamma.post<{ result: Array<{ rowcount: number }> }>(
        '/api/v1/chart/data',
        context(big, { columns: ['x'], row_limit: HUGE }, { result_type: 'results' }),
      );
      expect(results.body.result[0]!.rowcount).toBe(MAX_ROW);
      const samples = await gamma.post<Answer>(
        '/api/v1/chart/data',
        context(big, { row_limit: HUGE }, { result_type: 'samples' }),
      );
      expect(samples.body.result[0]!.rowcount).toBe(1000);
      // CSV.
      const csv = await gamma.request(
        'POST',
        '/api/v1/chart/data',
        context(big, { columns: ['x'], row_limit: HUGE }, { result_format: 'csv' }),
      );
      expect(csv.status).toBe(200);
      expect(String(csv.body).trim().split('\n')).toHaveLength(MAX_ROW + 1);
      // The batch.
      const batch = await gamma.request('POST', '/api/v1/chart/data/batch', {
        contexts: [context(big, { columns: ['x'], row_limit: HUGE })],
      });
      // One NDJSON line is one JSON value: the client has parsed it already.
      const line = (typeof batch.body === 'string' ? JSON.parse(batch.body) : batch.body) as {
        status: number;
        body: Answer;
      };
      expect(line.status).toBe(200);
      expect(line.body.result[0]!.rowcount).toBe(MAX_ROW);
      // A saved chart's data.
      const saved = await gamma.get<Answer>(`/api/v1/chart/${bigChart}/data/`);
      expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
      expect(saved.body.result[0]!.rowcount).toBe(MAX_ROW);
      // Legacy explore_json.
      const legacy = await gamma.get<{ data: unknown[] }>(
        `/superset/explore_json/?form_data=${encodeURIComponent(
          JSON.stringify({
            datasource: `${big}__table`,
            viz_type: 'table',
            all_columns: ['x'],
            query_mode: 'raw',
            row_limit: HUGE,
          }),
        )}`,
      );
      expect(legacy.status, JSON.stringify(legacy.body).slice(0, 300)).toBe(200);
      expect(legacy.body.data).toHaveLength(MAX_ROW);
      // A series limit past the maximum is clamped too (and still answers).
      const series = await gamma.post<Answer>(
        '/api/v1/chart/data',
        context(big, {
          columns: ['k'],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
          series_limit: HUGE,
          series_limit_metric: { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' },
          row_limit: HUGE,
        }),
      );
      expect(series.status, JSON.stringify(series.body).slice(0, 300)).toBe(200);
      expect(series.body.result[0]!.rowcount).toBe(7);
      // Time offsets run the same clamped query again.
      const offsets = await gamma.post<Answer>(
        '/api/v1/chart/data',
        context(big, {
          columns: [
            { label: 'ts', sqlExpression: 'ts', columnType: 'BASE_AXIS', timeGrain: 'PT1S' },
          ],
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
          time_offsets: ['1 day ago'],
          row_limit: HUGE,
        }),
      );
      expect(offsets.status, JSON.stringify(offsets.body).slice(0, 300)).toBe(200);
      expect(offsets.body.result[0]!.rowcount).toBe(MAX_ROW);
    });

    it('clamps the samples page at STRATA_SQL_MAX_ROW', async () => {
      for (const body of [undefined, { filters: [] as unknown[] }]) {
        const res = await gamma.request<{ result: { data: unknown[] } }>(
          'POST',
          `/datasource/samples?datasource_type=table&datasource_id=${big}&per_page=10000`,
          body ?? {},
        );
        expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
        expect(res.body.result.data).toHaveLength(MAX_ROW);
      }
    });

    it("runs a user's queries a few at a time, refuses past the queue bound, leaves other users alone", async () => {
      const ask = (client: ApiClient) =>
        client.post<Answer>(
          '/api/v1/chart/data',
          context(slow, { metrics: ['count'], force: true }, { force: true }),
        );
      // 2 run, 3 wait, the rest are refused at once with a clear 429.
      const answers = await Promise.all([
        ...Array.from({ length: 8 }, () => ask(gamma)),
        ask(other),
      ]);
      const statuses = answers.map((a) => a.status);
      const refused = answers.filter((a) => a.status === 429);
      expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(6);
      expect(refused).toHaveLength(3);
      expect(refused[0]!.body.message).toMatch(/Too many chart queries at once/);
      // The other user's query was not refused.
      expect(answers[8]!.status).toBe(200);
    });

    it("loads a dashboard's 30 charts in one batch within the user's slots", async () => {
      const res = await gamma.request('POST', '/api/v1/chart/data/batch', {
        contexts: Array.from({ length: 30 }, (_, i) =>
          context(big, { columns: ['k'], metrics: ['count'], row_limit: i + 1 }, { force: true }),
        ),
      });
      expect(res.status).toBe(200);
      const lines = String(res.body)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { status: number });
      expect(lines).toHaveLength(30);
      expect(lines.every((l) => l.status === 200)).toBe(true);
    });
  });
}

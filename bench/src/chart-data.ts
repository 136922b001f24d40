// Chart data on the embedded examples (`birth_names`): the server's overhead on a grouped time
// series (the request's time minus the database's own time for the same compiled SQL), cache
// hits (latency, and throughput with 50 requests in flight), and the compiler alone in-process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { Worker } from 'node:worker_threads';
import {
  buildApp,
  compileDatasetFrom,
  compileDialectFor,
  compileQuery,
  defaultEngineRegistry,
  loadConfig,
  loadDatasetRecords,
  resolveTimeRange,
  withTimeBounds,
} from '@strata/server';
import type { LoadJob, LoadResult } from './chart-data-load.js';

export interface ChartDataFigure {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

type QueryObject = Parameters<typeof compileQuery>[0];

function stats(name: string, samples: number[], digits = 2): ChartDataFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    name,
    runs: samples.length,
    medianMs: +at(0.5).toFixed(digits),
    p95Ms: +at(0.95).toFixed(digits),
  };
}

/** What Superset's ECharts time series sends: SUM(num) by gender, `ds` by year, pivoted. */
export function timeseriesQuery(): QueryObject {
  return {
    time_range: 'No filter',
    filters: [],
    extras: { having: '', where: '', time_grain_sqla: 'P1Y' },
    applied_time_extras: {},
    columns: [
      {
        timeGrain: 'P1Y',
        columnType: 'BASE_AXIS',
        sqlExpression: 'ds',
        label: 'ds',
        expressionType: 'SQL',
      },
      'gender',
    ],
    metrics: ['sum__num'],
    orderby: [['sum__num', false]],
    annotation_layers: [],
    row_limit: 10000,
    series_columns: ['gender'],
    series_limit: 0,
    order_desc: true,
    url_params: {},
    custom_params: {},
    custom_form_data: {},
    post_processing: [
      {
        operation: 'pivot',
        options: {
          index: ['ds'],
          columns: ['gender'],
          aggregates: { sum__num: { operator: 'mean' } },
          drop_missing_columns: false,
        },
      },
      { operation: 'flatten' },
    ],
  };
}

export async function benchChartData(): Promise<ChartDataFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-chart-data-'));
  const loadStart = performance.now();
  const strata = await buildApp(
    loadConfig({
      STRATA_DATA_DIR: dataDir,
      STRATA_ADMIN_PASSWORD: 'bench-password',
      STRATA_LOG_LEVEL: 'error',
      STRATA_WEB_DIST: '',
      STRATA_LOAD_EXAMPLES: 'true',
    }),
    { logger: false },
  );
  console.log(
    `chart-data: app with examples ready in ${Math.round(performance.now() - loadStart)} ms`,
  );
  await strata.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = strata.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const figures: ChartDataFigure[] = [];
  try {
    const login = await fetch(`${base}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-password', provider: 'db' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const get = async (url: string) => {
      const res = await fetch(base + url, { headers });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const post = async (url: string, body: string) => {
      const res = await fetch(base + url, { method: 'POST', headers, body });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };

    const list = (await get(
      `/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))')}`,
    )) as { result: Array<{ id: number; database: { id: number } }> };
    const found = list.result[0];
    if (!found) throw new Error('birth_names dataset not found among the examples');
    const database = (await get(`/api/v1/database/${found.database.id}`)) as {
      result: { sqlalchemy_uri: string };
    };
    const uri = database.result.sqlalchemy_uri;
    const rec = (await loadDatasetRecords(strata.store.db, [found.id])).get(found.id);
    if (!rec) throw new Error('birth_names dataset record not found');

    const context = (force: boolean, resultType: 'full' | 'query' = 'full') =>
      JSON.stringify({
        datasource: { id: found.id, type: 'table' },
        force,
        queries: [timeseriesQuery()],
        form_data: { viz_type: 'echarts_timeseries_line', time_range: 'No filter' },
        result_format: 'json',
        result_type: resultType,
      });

    // The SQL the server runs for this query.
    const compiled = (await post('/api/v1/chart/data', context(false, 'query'))) as {
      result: Array<{ query: string }>;
    };
    const sql = compiled.result[0]?.query;
    if (!sql) throw new Error('no SQL in the result_type=query answer');
    console.log(`chart-data: birth_names dataset ${found.id}, database ${uri}\n${sql}`);

    // (a) Forced (cache bypassed) request vs the same SQL on the engine client.
    const forced = context(true);
    const first = (await post('/api/v1/chart/data', forced)) as {
      result: Array<{ rowcount: number; sql_rowcount: number; is_cached: boolean }>;
    };
    console.log(
      `chart-data: ${first.result[0]?.sql_rowcount} rows from the database, ${first.result[0]?.rowcount} after pivot`,
    );
    const requestSamples: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const t = performance.now();
      await post('/api/v1/chart/data', forced);
      if (i >= 20) requestSamples.push(performance.now() - t);
    }
    const client = await defaultEngineRegistry().forUri(uri).connect(uri, { dataDir });
    const dbSamples: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const t = performance.now();
      await client.execute(sql, { schema: rec.row.schema, maxRows: 10000 });
      if (i >= 20) dbSamples.push(performance.now() - t);
    }
    await client.close();
    const req = stats('grouped time series, force: whole request', requestSamples);
    const dbTime = stats('the same SQL run directly on the engine client', dbSamples);
    figures.push(req, dbTime, {
      name: 'server overhead (median request − median database)',
      runs: requestSamples.length,
      medianMs: +(req.medianMs - dbTime.medianMs).toFixed(2),
      p95Ms: NaN,
    });

    // (b) Cache hits: sequential latency, then throughput with 50 in flight.
    const cachedBody = context(false);
    await post('/api/v1/chart/data', cachedBody);
    const check = (await post('/api/v1/chart/data', cachedBody)) as {
      result: Array<{ is_cached: boolean }>;
    };
    if (check.result[0]?.is_cached !== true) throw new Error('second request was not a cache hit');
    // STRATA_BENCH_PROFILE=<file>: a CPU profile of the sequential cache hits (server and client).
    const profileFile = process.env['STRATA_BENCH_PROFILE'];
    const session = profileFile ? new Session() : null;
    if (session) {
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
    }
    const hitSamples: number[] = [];
    for (let i = 0; i < 1020; i += 1) {
      const t = performance.now();
      await post('/api/v1/chart/data', cachedBody);
      if (i >= 20) hitSamples.push(performance.now() - t);
    }
    if (session && profileFile) {
      const { profile } = await session.post('Profiler.stop');
      fs.writeFileSync(profileFile, JSON.stringify(profile));
      session.disconnect();
    }
    figures.push(stats('cache hit: whole request (sequential)', hitSamples));

    // Throughput: 50 requests in flight for ~5 s, sent from a worker thread (the client's own
    // fetch work on the other core, not on the server's event loop).
    const job: LoadJob = {
      url: `${base}/api/v1/chart/data`,
      headers,
      body: cachedBody,
      inFlight: 50,
      durationMs: 5000,
    };
    const loadResult = await new Promise<LoadResult>((resolve, reject) => {
      const w = new Worker(new URL('./chart-data-load.js', import.meta.url), { workerData: job });
      w.once('message', (m: LoadResult | { error: string }) => {
        if ('error' in m) reject(new Error(m.error));
        else resolve(m);
        void w.terminate();
      });
      w.once('error', reject);
    });
    if (loadResult.failed > 0) throw new Error(`${loadResult.failed} cache-hit requests failed`);
    const perSecond = Math.round(loadResult.completed / loadResult.seconds);
    figures.push(stats(`cache hit, ${job.inFlight} in flight: latency`, loadResult.latenciesMs), {
      name: `cache hit, ${job.inFlight} in flight: requests/s (in medianMs; ${loadResult.completed} in ${loadResult.seconds.toFixed(1)} s)`,
      runs: loadResult.completed,
      medianMs: perSecond,
      p95Ms: NaN,
    });

    // (c) The compiler alone, in-process: the query object as the service hands it over.
    const dataset = compileDatasetFrom(rec);
    const dialect = compileDialectFor(defaultEngineRegistry().forUri(uri));
    const now = new Date();
    const query = withTimeBounds(timeseriesQuery(), 'No filter', now);
    const options = { resolveTimeRange: (text: string) => resolveTimeRange(text, now) };
    const check2 = compileQuery(query, dataset, dialect, options);
    if (check2.sql !== sql) console.log('chart-data: note: in-process SQL differs from the server');
    const batch = 100;
    const batchSamples: number[] = [];
    let sink = 0;
    for (let i = 0; i < 1000; i += 1)
      sink += compileQuery(query, dataset, dialect, options).sql.length; // warm-up
    for (let b = 0; b < 10_000 / batch; b += 1) {
      const t = performance.now();
      for (let i = 0; i < batch; i += 1)
        sink += compileQuery(query, dataset, dialect, options).sql.length;
      batchSamples.push((performance.now() - t) / batch);
    }
    if (sink === 0) throw new Error('compile produced no SQL');
    figures.push(
      stats('compileQuery, per compile (batches of 100, 10,000 in all)', batchSamples, 4),
    );
  } finally {
    await strata.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

// SQL Lab: a large result (1,000,000 rows × 10 columns from the embedded DuckDB) through
// execute and the paged results endpoint, and the server's own overhead on a small query
// (the request's time minus the database's own time for the same statement).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, defaultEngineRegistry, loadConfig } from '@strata/server';

export interface SqlLabFigure {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

const WIDE_SQL = `SELECT * FROM wide`;

function stats(name: string, samples: number[]): SqlLabFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { name, runs: samples.length, medianMs: +at(0.5).toFixed(2), p95Ms: +at(0.95).toFixed(2) };
}

export async function benchSqlLab(): Promise<SqlLabFigure[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-sqllab-'));
  const strata = await buildApp(
    loadConfig({
      STRATA_DATA_DIR: dataDir,
      STRATA_ADMIN_PASSWORD: 'bench-password',
      STRATA_LOG_LEVEL: 'error',
      STRATA_WEB_DIST: '',
      STRATA_LOAD_EXAMPLES: 'false',
    }),
    { logger: false },
  );
  await strata.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = strata.app.server.address();
  const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const figures: SqlLabFigure[] = [];
  let n = 0;
  const clientId = () => `b${(n++).toString(36).padStart(9, '0')}`;
  try {
    const login = await fetch(`${base}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'bench-password', provider: 'db' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (url: string, body: unknown) => {
      const res = await fetch(base + url, { method: 'POST', headers, body: JSON.stringify(body) });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const get = async (url: string) => {
      const res = await fetch(base + url, { headers });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status >= 300) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const db = (await post('/api/v1/database/', {
      database_name: 'bench',
      sqlalchemy_uri: 'duckdb:///uploads/bench.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
      allow_run_async: true,
    })) as { id: number };
    await post('/api/v1/sqllab/execute/', {
      client_id: clientId(),
      database_id: db.id,
      sql: `CREATE TABLE wide AS SELECT range AS id, range * 2 AS c1, range / 3.0 AS c2,
        'name ' || (range % 1000) AS c3, TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND AS c4,
        range % 2 = 0 AS c5, (range % 97)::INTEGER AS c6, md5(range::VARCHAR) AS c7,
        DATE '2020-01-01' + (range % 1000)::INTEGER AS c8, range * 1.5 AS c9
        FROM range(1000000)`,
    });

    // 1. Synchronous execute of the whole million (answer carries the first page).
    const syncSamples: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const t = performance.now();
      await post('/api/v1/sqllab/execute/', {
        client_id: clientId(),
        database_id: db.id,
        sql: WIDE_SQL,
        queryLimit: 1_000_000,
      });
      syncSamples.push(performance.now() - t);
    }
    figures.push(
      stats('execute (sync) 1,000,000 × 10: answer with the first 10,000 rows', syncSamples),
    );

    // 2. Asynchronous execute: time until the first rows can be read, and until all are stored.
    const firstRows: number[] = [];
    const allStored: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const id = clientId();
      const t = performance.now();
      await post('/api/v1/sqllab/execute/', {
        client_id: id,
        database_id: db.id,
        sql: WIDE_SQL,
        queryLimit: 1_000_000,
        runAsync: true,
      });
      let seenFirst = false;
      for (;;) {
        const q = (await get(
          `/api/v1/query/updated_since?q=${encodeURIComponent('(last_updated_ms:0)')}`,
        )) as { result: Array<{ id: string; state: string; resultsKey: string | null }> };
        const mine = q.result.find((r) => r.id === id);
        if (mine?.resultsKey && !seenFirst) {
          const page = (await get(
            `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${mine.resultsKey}',rows:1000)`)}`,
          )) as { data: unknown[] };
          if (page.data.length > 0) {
            seenFirst = true;
            firstRows.push(performance.now() - t);
          }
        }
        if (mine?.state === 'success') {
          allStored.push(performance.now() - t);
          if (!seenFirst) firstRows.push(performance.now() - t);
          break;
        }
        if (mine && ['failed', 'stopped', 'timed_out'].includes(mine.state)) {
          throw new Error(`async query ended ${mine.state}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    figures.push(stats('execute (async) 1,000,000 × 10: first 1,000 rows readable', firstRows));
    figures.push(stats('execute (async) 1,000,000 × 10: all rows stored', allStored));

    // 3. Reading the stored result back page by page (what the grid does while scrolling).
    const last = (await post('/api/v1/sqllab/execute/', {
      client_id: clientId(),
      database_id: db.id,
      sql: WIDE_SQL,
      queryLimit: 1_000_000,
    })) as { query: { resultsKey: string } };
    const pageSamples: number[] = [];
    for (let offset = 0; offset < 1_000_000; offset += 50_000) {
      const t = performance.now();
      await get(
        `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${last.query.resultsKey}',rows:10000,offset:${offset})`)}`,
      );
      pageSamples.push(performance.now() - t);
    }
    figures.push(stats('GET results: a page of 10,000 rows at any offset', pageSamples));

    // 4. Server overhead of a small query: request time minus the database's own time.
    const small = 'SELECT id, c3 FROM wide WHERE id < 10';
    const requestSamples: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const t = performance.now();
      await post('/api/v1/sqllab/execute/', {
        client_id: clientId(),
        database_id: db.id,
        sql: small,
      });
      if (i >= 20) requestSamples.push(performance.now() - t);
    }
    // The statement SQL Lab runs (with its row limit), on a client of the same DuckDB file.
    const uri = 'duckdb:///uploads/bench.duckdb';
    const client = await defaultEngineRegistry().forUri(uri).connect(uri, { dataDir });
    const dbSamples: number[] = [];
    for (let i = 0; i < 220; i += 1) {
      const t = performance.now();
      await client.execute(`${small}\nLIMIT 1000`);
      if (i >= 20) dbSamples.push(performance.now() - t);
    }
    await client.close();
    const req = stats('execute (sync) small query: whole request', requestSamples);
    const dbTime = stats('the same statement run directly on the engine client', dbSamples);
    figures.push(req, dbTime);
    figures.push({
      name: 'server overhead of a small query (median request − median database)',
      runs: requestSamples.length,
      medianMs: +(req.medianMs - dbTime.medianMs).toFixed(2),
      p95Ms: NaN,
    });
  } finally {
    await strata.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return figures;
}

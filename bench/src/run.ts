// Benchmarks of the foundation's hot paths, against a real server on loopback.
// Figures go to bench/RESULTS.md by hand, with the date and machine; they are never test limits.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, loadConfig } from '@strata/server';
import { benchChartData } from './chart-data.js';
import { benchCsvExport } from './csv-export.js';
import { benchExamplesLoad } from './examples.js';
import { benchSqlLab } from './sqllab.js';
import { benchSqlLabBrowser } from './sqllab-browser.js';
import { benchExploreBrowser } from './explore-browser.js';
import { benchDashboardBrowser } from './dashboard-browser.js';
import { benchScaleOut } from './scale-out.js';
import { benchReports } from './reports.js';

interface Figure {
  name: string;
  runs: number;
  medianMs: number;
  p95Ms: number;
}

function summarize(name: string, samples: number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { name, runs: samples.length, medianMs: +at(0.5).toFixed(3), p95Ms: +at(0.95).toFixed(3) };
}

async function time(runs: number, fn: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < Math.min(20, runs); i += 1) await fn(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples;
}

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only === 'sqllab') {
    console.table(await benchSqlLab());
    console.table(await benchSqlLabBrowser());
    return;
  }
  if (only === 'csv-export') {
    console.table(await benchCsvExport());
    return;
  }
  if (only === 'chart-data') {
    console.table(await benchChartData());
    return;
  }
  if (only === 'explore') {
    console.table(await benchExploreBrowser());
    return;
  }
  if (only === 'dashboard') {
    console.table(await benchDashboardBrowser());
    return;
  }
  if (only === 'scale-out') {
    console.table(await benchScaleOut());
    return;
  }
  if (only === 'reports') {
    console.table(await benchReports());
    return;
  }
  if (only === 'sqllab-browser') {
    console.table(await benchSqlLabBrowser());
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-'));
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
  try {
    const now = new Date().toISOString();
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      uuid: randomUUID(),
      dashboard_title: `Dashboard ${i} ${i % 7 === 0 ? 'sales' : 'ops'}`,
      slug: null,
      position_json: null,
      json_metadata: null,
      css: null,
      description: null,
      published: i % 3 !== 0,
      certified_by: null,
      certification_details: null,
      is_managed_externally: false,
      external_url: null,
      created_on: now,
      changed_on: new Date(Date.now() - i * 60_000).toISOString(),
      created_by_fk: 1,
      changed_by_fk: 1,
    }));
    for (let i = 0; i < rows.length; i += 200) {
      await strata.store.db
        .insertInto('dashboards')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    const login = async () => {
      const res = await fetch(`${base}/api/v1/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'bench-password', provider: 'db' }),
      });
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const token = await login();
    const auth = { authorization: `Bearer ${token}` };
    const get = (url: string) => async () => {
      const res = await fetch(base + url, { headers: auth });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      await res.arrayBuffer();
    };
    const figures: Figure[] = [];
    figures.push(
      summarize(
        'GET /health (no auth)',
        await time(1000, async () => void (await (await fetch(`${base}/health`)).text())),
      ),
    );
    figures.push(
      summarize(
        'GET /api/v1/me/ (bearer: verify JWT, load user and permissions)',
        await time(1000, get('/api/v1/me/')),
      ),
    );
    figures.push(
      summarize(
        'GET /api/v1/dashboard/ (2000 rows, page of 25)',
        await time(500, get('/api/v1/dashboard/')),
      ),
    );
    figures.push(
      summarize(
        'GET /api/v1/dashboard/ filtered (ct) and sorted by title',
        await time(
          500,
          get(
            `/api/v1/dashboard/?q=${encodeURIComponent('(filters:!((col:dashboard_title,opr:ct,value:sales)),order_column:dashboard_title,order_direction:asc)')}`,
          ),
        ),
      ),
    );
    figures.push(
      summarize(
        'POST /api/v1/security/login (argon2id verify)',
        await time(30, async () => void (await login())),
      ),
    );
    console.log(
      `Strata benchmark, ${new Date().toISOString()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    );
    console.table(figures);
    console.table(await benchExamplesLoad());
    console.table(await benchSqlLab());
    console.table(await benchSqlLabBrowser());
    console.table(await benchChartData());
    console.table(await benchCsvExport());
  } finally {
    await strata.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

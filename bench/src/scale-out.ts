// Scale-out (issue 17): the built server as separate OS processes (`main.js init`, then web and
// worker roles) on a fresh PostgreSQL metadata database and Redis, measured three ways:
// 1. cache-hit chart data requests/s with one web process and with two, the load coming from a
//    separate process (scale-out-load.ts) that round-robins over the web processes;
// 2. async chart data (GLOBAL_ASYNC_QUERIES): the worker appends the event → the event is in a
//    page of Debian's Chromium, over the WebSocket and by polling every 500 ms;
// 3. SQL Lab async `SELECT 1`: queue pickup and POST → success, web + worker on Redis/BullMQ
//    against one embedded all-in-one process (in-process queue, no Redis).
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, launchBenchBrowser, PASSWORD, REPO } from './browser-server.js';
import { timeseriesQuery } from './chart-data.js';
import type { ScaleOutLoadJob, ScaleOutLoadResult } from './scale-out-load.js';
import { runWrk, wrkInstalled } from './scale-out-wrk.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER_MAIN = path.join(REPO, 'packages/server/dist/main.js');
const REDIS_URL = process.env.STRATA_BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PG_HOST = ['-h', '127.0.0.1', '-p', '5432', '-U', 'postgres'];

export interface ScaleOutFigure {
  name: string;
  runs: number;
  median: number;
  p95: number;
  unit: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stats(name: string, samples: number[], unit = 'ms'): ScaleOutFigure {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return {
    name,
    runs: samples.length,
    median: +at(0.5).toFixed(1),
    p95: +at(0.95).toFixed(1),
    unit,
  };
}

/** Runs one SQL statement with psql on the local PostgreSQL (trust); returns its rows as text. */
function psql(database: string, sql: string): string {
  return execFileSync('psql', [...PG_HOST, '-d', database, '-At', '-F', '\t', '-c', sql], {
    encoding: 'utf8',
  });
}

interface Install {
  env: Record<string, string>;
  metadataUrl: string;
  /** Drops the database, the data dir and the Redis keys. */
  drop(): void;
}

/** A fresh PostgreSQL database, data dir and Redis prefix (Redis only when `redis`). */
function newInstall(env: Record<string, string>, redis: boolean): Install {
  const name = `strata_bench_${randomBytes(5).toString('hex')}`;
  psql('postgres', `CREATE DATABASE ${name}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-scale-'));
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const metadataUrl = `postgresql://postgres@127.0.0.1:5432/${name}`;
  return {
    metadataUrl,
    env: {
      STRATA_DATA_DIR: dataDir,
      STRATA_METADATA_URL: metadataUrl,
      STRATA_ADMIN_PASSWORD: PASSWORD,
      STRATA_LOG_LEVEL: 'warn',
      // As the supervisor (`npm start`) starts the server.
      UV_THREADPOOL_SIZE: '16',
      STRATA_WEB_DIST: path.join(REPO, 'packages/web/dist'),
      STRATA_LOAD_EXAMPLES: 'false',
      STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
      ...(redis ? { STRATA_REDIS_URL: REDIS_URL, STRATA_REDIS_PREFIX: prefix } : {}),
      ...env,
    },
    drop() {
      psql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (redis) {
        const keys = execFileSync(
          'redis-cli',
          ['-u', REDIS_URL, '--scan', '--pattern', `${prefix}*`],
          {
            encoding: 'utf8',
          },
        )
          .split('\n')
          .filter(Boolean);
        for (let i = 0; i < keys.length; i += 500) {
          execFileSync('redis-cli', ['-u', REDIS_URL, 'DEL', ...keys.slice(i, i + 500)]);
        }
      }
    },
  };
}

interface Proc {
  name: string;
  base: string | null;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** `main.js init` (migrations, first admin, examples when asked); resolves when it exits 0. */
async function runInit(env: Record<string, string>): Promise<number> {
  const t = performance.now();
  const child = spawn(process.execPath, [SERVER_MAIN, 'init'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`init exited with ${code}:\n${out}`);
  return performance.now() - t;
}

/** Starts `main.js` with STRATA_ROLES = `roles` (none: the embedded default) and waits for it. */
async function startRole(
  name: string,
  roles: string | null,
  env: Record<string, string>,
): Promise<Proc> {
  const web = roles === null || roles.split(',').includes('web');
  const port = web ? await freePort() : 0;
  // STRATA_BENCH_CPU_PROF_DIR: each server writes a CPU profile there when it stops.
  const profileDir = process.env.STRATA_BENCH_CPU_PROF_DIR;
  const nodeArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...nodeArgs, SERVER_MAIN], {
    env: {
      ...process.env,
      ...env,
      ...(roles ? { STRATA_ROLES: roles } : {}),
      ...(web ? { STRATA_PORT: String(port), STRATA_HOST: '127.0.0.1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const proc: Proc = {
    name,
    base: web ? `http://127.0.0.1:${port}` : null,
    child,
    output: () => out,
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (!alive()) throw new Error(`${name} exited early:\n${out}`);
    if (Date.now() > deadline) {
      await proc.stop();
      throw new Error(`${name} did not start:\n${out}`);
    }
    if (!proc.base && /Strata is running/.test(out)) break;
    if (proc.base) {
      try {
        if ((await fetch(`${proc.base}/health`)).ok) break;
      } catch {
        // not listening yet
      }
    }
    await sleep(100);
  }
  return proc;
}

async function bearerHeaders(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/api/v1/security/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
  });
  const token = ((await res.json()) as { access_token: string }).access_token;
  return { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
}

async function call<T>(
  base: string,
  headers: Record<string, string>,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as T;
  if (res.status >= 300 && res.status !== 202) {
    throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  }
  return { status: res.status, body: json };
}

async function birthNamesContext(base: string, headers: Record<string, string>) {
  const list = await call<{ result: Array<{ id: number }> }>(
    base,
    headers,
    'GET',
    `/api/v1/dataset/?q=${encodeURIComponent('(filters:!((col:table_name,opr:eq,value:birth_names)))')}`,
  );
  const ds = list.body.result[0];
  if (!ds) throw new Error('birth_names dataset not found among the examples');
  return (force: boolean) => ({
    datasource: { id: ds.id, type: 'table' },
    force,
    queries: [timeseriesQuery()],
    form_data: { viz_type: 'echarts_timeseries_line', time_range: 'No filter' },
    result_format: 'json',
    result_type: 'full',
  });
}

/**
 * Runs the load generator in its own process and returns what it measured: wrk when it is
 * installed (STRATA_BENCH_LOAD=node asks for the Node generator), else the Node one.
 */
function loadFromChild(job: ScaleOutLoadJob): Promise<ScaleOutLoadResult> {
  if (process.env.STRATA_BENCH_LOAD !== 'node' && wrkInstalled()) return runWrk(job);
  const child = fork(path.join(here, 'scale-out-load.js'), [], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m: ScaleOutLoadResult | { error: string }) =>
      'error' in m ? reject(new Error(m.error)) : resolve(m),
    );
    child.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load generator exited with ${code}`));
    });
    child.send(job);
  });
}

/** CPU time (user + system) a process has used so far, ms, from /proc (Linux). */
function cpuMsOf(pid: number | undefined): number {
  if (pid === undefined) return NaN;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, 12 and 13 after the command's ')'.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time (ms) used so far by every process named `comm` (PostgreSQL's backends, Redis). */
function cpuMsOfAll(comm: string): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === comm)
        total += cpuMsOf(Number(pid));
    } catch {
      // the process ended meanwhile
    }
  }
  return total;
}

/** The machine's busy and total CPU time so far (all cores), from /proc/stat, in ticks. */
function machineCpu(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

const loadAvg = () => os.loadavg()[0]!.toFixed(2);

// 1. Cache-hit chart data throughput, one web process vs two.
async function benchThroughput(
  install: Install,
  figures: ScaleOutFigure[],
  clients: number,
  seconds: number,
): Promise<void> {
  const env = { ...install.env, STRATA_FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES":false}' };
  const procs: Proc[] = [];
  try {
    const [web1, web2] = await Promise.all([
      startRole('web 1', 'web', env),
      startRole('web 2', 'web', env),
    ]);
    procs.push(web1, web2);
    const headers = await bearerHeaders(web1.base!);
    const context = await birthNamesContext(web1.base!, headers);
    await call(web1.base!, headers, 'POST', '/api/v1/chart/data', context(true));
    const body = JSON.stringify(context(false));
    for (const base of [web1.base!, web2.base!]) {
      const hit = await call<{ result: Array<{ is_cached: boolean }> }>(
        base,
        headers,
        'POST',
        '/api/v1/chart/data',
        context(false),
      );
      if (hit.status !== 200 || !hit.body.result[0]?.is_cached) {
        throw new Error(
          `expected a cache hit on ${base}: ${JSON.stringify(hit.body).slice(0, 300)}`,
        );
      }
    }
    const job = (baseUrls: string[], durationMs: number): ScaleOutLoadJob => ({
      baseUrls,
      path: '/api/v1/chart/data',
      headers,
      body,
      clients,
      durationMs,
    });
    const rates: Record<string, number[]> = { one: [], two: [] };
    // Alternating rounds, each after a short warm-up of the same set.
    for (let round = 0; round < Number(process.env.STRATA_BENCH_ROUNDS ?? 2); round += 1) {
      for (const [label, bases] of [
        ['one', [web1.base!]],
        ['two', [web1.base!, web2.base!]],
      ] as const) {
        await loadFromChild(job([...bases], 2000));
        const before = loadAvg();
        const cpuBefore = [web1, web2].map((p) => cpuMsOf(p.child.pid));
        const machineBefore = machineCpu();
        const servicesBefore = [cpuMsOfAll('postgres'), cpuMsOfAll('redis-server')];
        const r = await loadFromChild(job([...bases], seconds * 1000));
        const webCpu = [web1, web2].map((p, i) => cpuMsOf(p.child.pid) - cpuBefore[i]!);
        const machineAfter = machineCpu();
        const services = [cpuMsOfAll('postgres'), cpuMsOfAll('redis-server')].map(
          (v, i) => v - servicesBefore[i]!,
        );
        const busyPct = Math.round(
          (100 * (machineAfter.busy - machineBefore.busy)) /
            (machineAfter.total - machineBefore.total),
        );
        const perReq = (ms: number) => (ms / r.completed).toFixed(2);
        console.log(
          `scale-out: ${label} web process(es), round ${round + 1}: ${r.requestsPerSecond} req/s, p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms, ${r.completed} ok / ${r.failed} failed in ${r.seconds} s, per process ${r.perBase.join(' / ')}; CPU ms web 1 / web 2 / load generator (${process.env.STRATA_BENCH_LOAD !== 'node' && wrkInstalled() ? 'wrk' : 'node'}) ${webCpu.join(' / ')} / ${r.cpuMs} (per request: web ${perReq(webCpu[0]! + webCpu[1]!)}, generator ${perReq(r.cpuMs)}, PostgreSQL ${perReq(services[0]!)}, Redis ${perReq(services[1]!)}); machine CPU busy ${busyPct} %; load average ${before} → ${loadAvg()}`,
        );
        if (r.failed > 0) throw new Error(`${r.failed} requests failed`);
        rates[label]!.push(r.requestsPerSecond);
        figures.push({
          name: `cache hit, ${clients} clients, ${label === 'one' ? '1 web process' : '2 web processes'} (round ${round + 1}): req/s | p50 / p95 ms`,
          runs: r.completed,
          median: r.requestsPerSecond,
          p95: NaN,
          unit: `req/s; p50 ${r.p50Ms} ms, p95 ${r.p95Ms} ms`,
        });
      }
    }
    const best = (xs: number[]) => Math.max(...xs);
    figures.push({
      name: 'cache hit: two web processes / one (best round of each)',
      runs: rates.one!.length,
      median: +(best(rates.two!) / best(rates.one!)).toFixed(2),
      p95: NaN,
      unit: '×',
    });
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
  }
}

/** The in-page measurement: events of `samples` forced chart data jobs, received how `transport` says. */
const PAGE_SCRIPT = `async ({ transport, context, samples }) => {
  const csrf = (await (await fetch('/api/v1/security/csrf_token/')).json()).result;
  const seen = new Map();
  const waiters = new Map();
  const got = (event) => {
    const at = Date.now();
    if (!event.job_id || seen.has(event.job_id)) return;
    seen.set(event.job_id, { at, event });
    waiters.get(event.job_id)?.();
  };
  let stop = () => undefined;
  if (transport === 'ws') {
    const ws = new WebSocket(location.origin.replace(/^http/, 'ws') + '/ws');
    await new Promise((resolve, reject) => { ws.onopen = resolve; ws.onerror = reject; });
    ws.onmessage = (m) => got(JSON.parse(m.data));
    stop = () => ws.close();
  } else {
    let lastId = null;
    let on = true;
    // Only the events after the newest one now, as the app does once it has read the list.
    const first = (await (await fetch('/api/v1/async_event/')).json()).result;
    if (first.length) lastId = first[first.length - 1].id;
    const poll = async () => {
      while (on) {
        const q = lastId ? '?last_id=' + encodeURIComponent(lastId) : '';
        const res = await fetch('/api/v1/async_event/' + q);
        const list = (await res.json()).result;
        for (const e of list) { got(e); lastId = e.id; }
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const running = poll();
    stop = () => { on = false; return running; };
  }
  const latencies = [];
  const statuses = [];
  for (let i = 0; i < samples; i += 1) {
    const res = await fetch('/api/v1/chart/data', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-CSRFToken': csrf },
      body: JSON.stringify(context),
    });
    const meta = await res.json();
    if (res.status !== 202) throw new Error('chart data answered ' + res.status + ': ' + JSON.stringify(meta));
    if (!seen.has(meta.job_id)) {
      await new Promise((resolve, reject) => {
        waiters.set(meta.job_id, resolve);
        setTimeout(() => reject(new Error('no event for job ' + meta.job_id)), 15000);
      });
    }
    const { at, event } = seen.get(meta.job_id);
    statuses.push(event.status);
    latencies.push(at - Number(event.id.split('-')[0]));
    // A pause, so the next job does not start in step with a poll.
    await new Promise((r) => setTimeout(r, 150 + Math.random() * 400));
  }
  await stop();
  return { latencies, statuses };
}`;

// 2. Async chart data: event appended by the worker → event in the browser page.
async function benchAsyncEvents(
  install: Install,
  figures: ScaleOutFigure[],
  samples: number,
): Promise<void> {
  const procs: Proc[] = [];
  const browser = await launchBenchBrowser();
  try {
    const env = { ...install.env, STRATA_FEATURE_FLAGS: '{"GLOBAL_ASYNC_QUERIES":true}' };
    const worker = await startRole('worker', 'worker', env);
    procs.push(worker);
    for (const transport of ['ws', 'polling'] as const) {
      const web = await startRole(`web (${transport})`, 'web', {
        ...env,
        STRATA_GLOBAL_ASYNC_QUERIES_TRANSPORT: transport,
      });
      procs.push(web);
      const headers = await bearerHeaders(web.base!);
      const context = await birthNamesContext(web.base!, headers);
      const page = await browser.newPage();
      await page.goto(`${web.base!}/login/`);
      await page.fill('#username', 'admin');
      await page.fill('#password', PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${web.base!}/`);
      // Any same-origin page carries the session cookie; a small one keeps the app's own code
      // (and its own event listener) out of the measurement.
      await page.goto(`${web.base!}/health`);
      const before = loadAvg();
      const out = (await page.evaluate(
        `(${PAGE_SCRIPT})(${JSON.stringify({
          transport,
          context: context(true),
          samples,
        })})`,
      )) as { latencies: number[]; statuses: string[] };
      const errors = out.statuses.filter((s) => s !== 'done').length;
      console.log(
        `scale-out: ${transport}: ${out.latencies.length} events (${errors} not done), load average ${before} → ${loadAvg()}; latencies ${out.latencies.join(' ')}`,
      );
      figures.push(
        stats(
          `async chart data: worker appends the event → event in the page (${transport === 'ws' ? 'WebSocket' : 'polling every 500 ms'})`,
          out.latencies,
        ),
      );
      await page.close();
      await web.stop();
    }
  } finally {
    await browser.close();
    await Promise.all(procs.map((p) => p.stop()));
  }
}

interface QueryRowTimes {
  client_id: string;
  pickup: number;
}

/** Many tiny async SQL Lab queries through `base`; POST → success seen, POST → first rows read. */
async function sqlLabRound(
  base: string,
  metadataUrl: string,
  label: string,
  count: number,
  figures: ScaleOutFigure[],
): Promise<void> {
  const headers = await bearerHeaders(base);
  const db = await call<{ id: number }>(base, headers, 'POST', '/api/v1/database/', {
    database_name: `bench ${randomBytes(3).toString('hex')}`,
    // The metadata database itself: the same target for both installs.
    sqlalchemy_uri: metadataUrl,
    expose_in_sqllab: true,
    allow_run_async: true,
  });
  const toSuccess: number[] = [];
  const toRows: number[] = [];
  const ids: string[] = [];
  const before = loadAvg();
  for (let i = 0; i < count + 10; i += 1) {
    const clientId = `b${randomBytes(5).toString('hex')}`;
    const since = Date.now() - 1;
    const t = performance.now();
    const res = await call<{ query: { id: string } }>(
      base,
      headers,
      'POST',
      '/api/v1/sqllab/execute/',
      {
        client_id: clientId,
        database_id: db.body.id,
        sql: 'SELECT 1 AS one',
        runAsync: true,
      },
    );
    if (res.status !== 202) throw new Error(`execute answered ${res.status}`);
    let key: string | null;
    for (;;) {
      const q = await call<{
        result: Array<{ id: string; state: string; resultsKey: string | null }>;
      }>(
        base,
        headers,
        'GET',
        `/api/v1/query/updated_since?q=${encodeURIComponent(`(last_updated_ms:${since})`)}`,
      );
      const mine = q.body.result.find((r) => r.id === clientId);
      if (mine?.state === 'success') {
        key = mine.resultsKey;
        break;
      }
      if (mine && ['failed', 'stopped', 'timed_out'].includes(mine.state)) {
        throw new Error(`query ended ${mine.state}`);
      }
      await sleep(2);
    }
    const tSuccess = performance.now() - t;
    const rows = await call<{ data: unknown[] }>(
      base,
      headers,
      'GET',
      `/api/v1/sqllab/results/?q=${encodeURIComponent(`(key:'${key}',rows:1000)`)}`,
    );
    if (rows.body.data.length !== 1) throw new Error('expected one row');
    if (i >= 10) {
      toSuccess.push(tSuccess);
      toRows.push(performance.now() - t);
      ids.push(clientId);
    }
    await sleep(20);
  }
  const name = metadataUrl.replace(/^.*\//, '');
  const rows = psql(
    name,
    `SELECT client_id, start_running_time - start_time FROM query WHERE client_id IN (${ids.map((i) => `'${i}'`).join(',')})`,
  )
    .split('\n')
    .filter(Boolean)
    .map((line): QueryRowTimes => {
      const [client_id, pickup] = line.split('\t');
      return { client_id: client_id!, pickup: Number(pickup) };
    });
  console.log(`scale-out: SQL Lab ${label}: load average ${before} → ${loadAvg()}`);
  figures.push(
    stats(
      `SQL Lab async SELECT 1, ${label}: queue pickup (start_running_time − start_time)`,
      rows.map((r) => r.pickup),
    ),
    stats(`SQL Lab async SELECT 1, ${label}: POST → success seen (polling every 2 ms)`, toSuccess),
    stats(`SQL Lab async SELECT 1, ${label}: POST → first rows read`, toRows),
  );
}

// 3. SQL Lab async queries: web + worker on Redis/BullMQ vs one embedded process.
async function benchSqlLabQueue(
  install: Install,
  figures: ScaleOutFigure[],
  count: number,
): Promise<void> {
  const procs: Proc[] = [];
  try {
    const [web, worker] = await Promise.all([
      startRole('web', 'web', install.env),
      startRole('worker', 'worker', install.env),
    ]);
    procs.push(web, worker);
    await sqlLabRound(
      web.base!,
      install.metadataUrl,
      'web + worker on Redis (BullMQ)',
      count,
      figures,
    );
  } finally {
    await Promise.all(procs.map((p) => p.stop()));
  }
  const embedded = newInstall({}, false);
  let proc: Proc | null = null;
  try {
    proc = await startRole('embedded', null, embedded.env);
    await sqlLabRound(
      proc.base!,
      embedded.metadataUrl,
      'embedded (in-process queue)',
      count,
      figures,
    );
  } finally {
    await proc?.stop();
    embedded.drop();
  }
}

export async function benchScaleOut(): Promise<ScaleOutFigure[]> {
  const figures: ScaleOutFigure[] = [];
  const only = process.env.STRATA_BENCH_SCALE_OUT_ONLY; // throughput | events | sqllab
  const install = newInstall({ STRATA_LOAD_EXAMPLES: 'true' }, true);
  try {
    const initMs = await runInit(install.env);
    console.log(
      `scale-out: init with examples in ${Math.round(initMs)} ms (load average ${loadAvg()})`,
    );
    if (!only || only === 'throughput') {
      await benchThroughput(
        install,
        figures,
        Number(process.env.STRATA_BENCH_CLIENTS ?? 32),
        Number(process.env.STRATA_BENCH_SECONDS ?? 10),
      );
    }
    if (!only || only === 'events') await benchAsyncEvents(install, figures, 40);
    if (!only || only === 'sqllab') await benchSqlLabQueue(install, figures, 100);
  } finally {
    install.drop();
  }
  return figures;
}

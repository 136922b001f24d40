/**
 * The built server (`packages/server/dist/main.js`) in its own OS process, for tests that attack
 * it (memory, CPU and parser bombs) and must see it stay up. `scripts/test.sh` builds before the
 * API tests run; run `npx tsc -b packages/core packages/charts packages/server` first when running
 * one of these tests alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MetadataTarget } from './metadata-targets.js';
import { ADMIN_PASSWORD } from './server.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_MAIN = path.resolve(here, '../../dist/main.js');
/** The supervisor `npm start` runs (it runs SERVER_MAIN in a child of its own). */
export const SERVER_SUPERVISOR = path.resolve(here, '../../dist/supervisor.js');

export interface ChildServer {
  baseUrl: string;
  dataDir: string;
  /** The metadata store's URL (a test may act on the store behind the server's back). */
  metadataUrl: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** True while the process has not exited. */
  alive(): boolean;
  /** Stops the process (SIGTERM, then SIGKILL after 10 s) and drops its store. */
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Waits until `GET /health` answers OK, the process exits, or `timeoutMs` passes. */
export async function waitHealthy(
  baseUrl: string,
  isAlive: () => boolean,
  output: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!isAlive()) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Starts the built server on a free port with a fresh store of `target` (SQLite or PostgreSQL
 * metadata). `env` is added to the defaults (no examples, no web app, warnings only).
 * `script` runs another entry point of the build instead of `main.js` (the supervisor).
 */
export async function startChildServer(
  target: MetadataTarget,
  env: Record<string, string> = {},
  script = SERVER_MAIN,
): Promise<ChildServer> {
  if (!fs.existsSync(script)) {
    throw new Error(
      `${script} is missing: build the server first (npx tsc -b packages/core packages/charts packages/server)`,
    );
  }
  const store = await target.create();
  const port = await freePort();
  let out = '';
  // STRATA_TEST_CPU_PROF=1: each child server writes a CPU profile to /tmp/prof when it exits.
  const child = spawn(
    process.execPath,
    [
      ...(process.env.STRATA_TEST_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []),
      script,
    ],
    {
      env: {
        ...process.env,
        STRATA_PORT: String(port),
        STRATA_HOST: '127.0.0.1',
        STRATA_DATA_DIR: store.dataDir,
        STRATA_METADATA_URL: store.url,
        STRATA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        STRATA_LOG_LEVEL: 'warn',
        // As the supervisor (`npm start`) starts the server; the supervisor's own test sees
        // that it sets it.
        UV_THREADPOOL_SIZE: script === SERVER_SUPERVISOR ? undefined : '16',
        STRATA_WEB_DIST: '',
        STRATA_LOAD_EXAMPLES: 'false',
        STRATA_LOAD_EXAMPLE_DASHBOARDS: 'false',
        // As the in-process test servers: the tests' file databases live in temp folders.
        STRATA_FILE_DATABASE_DIRS: os.tmpdir(),
        STRATA_REDIS_PREFIX: `test-${path
          .basename(store.dataDir)
          .replace(/[^A-Za-z0-9_-]/g, '')
          .slice(-30)}`,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const alive = () => child.exitCode === null && child.signalCode === null;
  try {
    await waitHealthy(baseUrl, alive, () => out);
  } catch (e) {
    if (alive()) child.kill('SIGKILL');
    await store.drop();
    throw e;
  }
  return {
    baseUrl,
    dataDir: store.dataDir,
    metadataUrl: store.url,
    child,
    output: () => out,
    alive,
    async close() {
      if (alive()) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await store.drop();
    },
  };
}

export interface HealthWatch {
  /** Stops polling and reports: the slowest answer, how many polls failed or took over `limitMs`. */
  stop(): Promise<{ polls: number; maxMs: number; failures: string[] }>;
}

/**
 * Polls `GET /health` every `everyMs` while an attack runs. A poll that fails, answers non-200
 * or takes longer than `limitMs` is recorded as a failure.
 */
export function watchHealth(baseUrl: string, limitMs = 1000, everyMs = 100): HealthWatch {
  let running = true;
  let polls = 0;
  let maxMs = 0;
  const failures: string[] = [];
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(limitMs * 5) });
        await res.text();
        const ms = performance.now() - started;
        maxMs = Math.max(maxMs, ms);
        if (res.status !== 200) failures.push(`status ${res.status}`);
        else if (ms > limitMs) failures.push(`answered in ${Math.round(ms)} ms`);
      } catch (e) {
        const ms = performance.now() - started;
        maxMs = Math.max(maxMs, ms);
        failures.push(`failed after ${Math.round(ms)} ms: ${e instanceof Error ? e.message : e}`);
      }
      polls += 1;
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { polls, maxMs, failures };
    },
  };
}

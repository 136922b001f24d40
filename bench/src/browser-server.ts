// What the browser benchmarks share: the built server as a child process on a free port with a
// fresh data dir, Debian's Chromium, and an admin's bearer token for setting data up.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO = path.resolve(here, '../..');
export const PASSWORD = 'bench-password';

export interface BrowserFigure {
  name: string;
  value: number;
  unit: string;
}

export interface BenchServer {
  base: string;
  dataDir: string;
  process: ChildProcess;
  /** Headers with an admin's bearer token (JSON body). */
  headers: Record<string, string>;
  stop(): void;
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

/** Starts the built server (no examples unless `env` asks), waits for it and logs the admin in. */
export async function startBenchServer(
  prefix: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // STRATA_BENCH_SERVER_LOG=<file>: the server's info log there (diagnostics of a figure).
  const logFile = process.env.STRATA_BENCH_SERVER_LOG;
  const child = spawn(process.execPath, [path.join(REPO, 'packages/server/dist/main.js')], {
    env: {
      ...process.env,
      STRATA_PORT: String(port),
      STRATA_HOST: '127.0.0.1',
      STRATA_DATA_DIR: dataDir,
      STRATA_ADMIN_PASSWORD: PASSWORD,
      STRATA_LOG_LEVEL: logFile ? 'info' : 'warn',
      // As the supervisor (`npm start`) starts the server.
      UV_THREADPOOL_SIZE: '16',
      STRATA_LOAD_EXAMPLES: 'false',
      STRATA_WEB_DIST: path.join(REPO, 'packages/web/dist'),
      ...env,
    },
    stdio: logFile ? ['ignore', fs.openSync(logFile, 'a'), fs.openSync(logFile, 'a')] : 'ignore',
  });
  const stop = () => {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let i = 0; i < 600; i += 1) {
      try {
        if ((await fetch(`${base}/health`)).ok) break;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const login = await fetch(`${base}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD, provider: 'db' }),
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    return {
      base,
      dataDir,
      process: child,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      stop,
    };
  } catch (e) {
    stop();
    throw e;
  }
}

export function launchBenchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Two animation frames: what the page drew is on screen. */
export const painted = (page: Page) =>
  page.evaluate(
    'new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))))',
  );

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Logs the admin in through the login page. */
export async function loginInBrowser(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login/`);
  await page.fill('#username', 'admin');
  await page.fill('#password', PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/`);
}

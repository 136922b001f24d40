/**
 * The processes of a scaled-out install (issue 17), each a real OS process running the built
 * `packages/server/dist/main.js`: `init` once, then web, worker and scheduler processes on one
 * metadata store, one data dir and one Redis. Build the server first when running a test of
 * these alone (`npx tsc -b packages/core packages/charts packages/server`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort, SERVER_MAIN, waitHealthy } from './child-server.js';

export interface RoleProcess {
  name: string;
  roles: string;
  child: ChildProcess;
  /** The web role's address; null for a process without it. */
  baseUrl: string | null;
  output(): string;
  alive(): boolean;
  /** SIGKILL: the process ends at once, nothing of it cleans up. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL after 10 s. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

function assertBuilt(): void {
  if (!fs.existsSync(SERVER_MAIN)) {
    throw new Error(
      `${SERVER_MAIN} is missing: build the server first (npx tsc -b packages/core packages/charts packages/server)`,
    );
  }
}

/** Runs `main.js init` with `env`; resolves with its output when it exits 0. */
export async function runInitProcess(
  env: Record<string, string>,
  timeoutMs = 180_000,
): Promise<string> {
  assertBuilt();
  const child = spawn(process.execPath, [SERVER_MAIN, 'init'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`init exited with ${code}:\n${out}`);
  return out;
}

/**
 * Starts `main.js` with STRATA_ROLES = `roles`. A process with the web role is ready when
 * `/health` answers; one without it when it prints that it is running.
 */
export async function startRoleProcess(
  name: string,
  roles: string,
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<RoleProcess> {
  assertBuilt();
  const web = roles.split(',').includes('web');
  const port = web ? await freePort() : 0;
  const child = spawn(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      ...env,
      STRATA_ROLES: roles,
      ...(web ? { STRATA_PORT: String(port), STRATA_HOST: '127.0.0.1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const baseUrl = web ? `http://127.0.0.1:${port}` : null;
  const proc: RoleProcess = {
    name,
    roles,
    child,
    baseUrl,
    output: () => out,
    alive,
    async kill() {
      if (alive()) child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (!alive()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
  try {
    if (baseUrl) await waitHealthy(baseUrl, alive, () => out, timeoutMs);
    else {
      const deadline = Date.now() + timeoutMs;
      while (!/Strata is running/.test(out)) {
        if (!alive()) throw new Error(`${name} exited early:\n${out}`);
        if (Date.now() > deadline) throw new Error(`${name} did not start:\n${out}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (e) {
    await proc.kill();
    throw e;
  }
  return proc;
}

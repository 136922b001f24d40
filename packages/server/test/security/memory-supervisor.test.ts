/**
 * Issue 16 point 2: `npm start` runs the server under a supervisor that brings it back when it
 * dies. The server is killed (SIGKILL, as the kernel's OOM killer does) and comes back on
 * /health, the supervisor saying why; SIGTERM to the supervisor stops both; a configuration
 * error (exit code 2) is not restarted.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SERVER_SUPERVISOR,
  startChildServer,
  waitHealthy,
  type ChildServer,
} from '../helpers/child-server.js';
import { metadataTargets } from '../helpers/metadata-targets.js';

const targets = await metadataTargets();

function serverPids(output: string): number[] {
  return [...output.matchAll(/server started \(pid (\d+)\)/g)].map((m) => Number(m[1]));
}

async function until(check: () => boolean, what: () => string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

for (const target of targets) {
  describe(`the supervisor (${target.name} metadata)`, () => {
    let supervised: ChildServer;

    beforeAll(async () => {
      supervised = await startChildServer(target, {}, SERVER_SUPERVISOR);
    }, 120_000);
    afterAll(async () => supervised?.close());

    it('restarts the server killed with SIGKILL, logging why, then stops on SIGTERM', async () => {
      const [first] = serverPids(supervised.output());
      expect(first, supervised.output()).toBeGreaterThan(0);
      if (process.platform === 'linux') {
        // The server gets libuv's pool of 16 threads (one per running DuckDB statement), which
        // only its environment at start can give it.
        const environ = fs.readFileSync(`/proc/${first}/environ`, 'utf8').split('\0');
        expect(environ).toContain('UV_THREADPOOL_SIZE=16');
        expect(fs.readdirSync(`/proc/${first}/task`).length).toBeGreaterThanOrEqual(16 + 2);
      }
      process.kill(first!, 'SIGKILL');
      await until(
        () => serverPids(supervised.output()).length >= 2,
        () => supervised.output(),
      );
      expect(supervised.output()).toMatch(/the server was killed by SIGKILL after [\d.]+ s/);
      expect(supervised.output()).toMatch(/restarting in 1\.0 s/);
      await waitHealthy(supervised.baseUrl, supervised.alive, supervised.output, 90_000);
      const second = serverPids(supervised.output())[1]!;
      expect(second).not.toBe(first);
      expect(processAlive(second)).toBe(true);
      const res = await fetch(`${supervised.baseUrl}/health`);
      expect(res.status).toBe(200);

      // SIGTERM: the server stops cleanly, then the supervisor exits 0.
      const exited = new Promise<number | null>((r) => supervised.child.once('exit', r));
      supervised.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      await until(
        () => !processAlive(second),
        () => `server ${second} still running`,
      );
      expect(supervised.output()).toMatch(/SIGTERM: stopping the server/);
    }, 180_000);
  });
}

describe('the supervisor and a configuration error', () => {
  it('does not restart it, and exits with its code 2', async () => {
    const child = spawn(process.execPath, [SERVER_SUPERVISOR], {
      env: { ...process.env, STRATA_PORT: 'eighty', STRATA_WEB_DIST: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((r) => child.once('exit', r));
    expect(code, out).toBe(2);
    expect(out).toMatch(/Configuration error: STRATA_PORT/);
    expect(out).toMatch(/exited with code 2 .*a configuration error, not restarted/);
    expect(serverPids(out)).toHaveLength(1);
  }, 60_000);
});

/**
 * `npm start`: the server (`main.js`) in a child process, restarted when it dies (issue 16
 * point 2). Each end is logged to stderr with why (exit code or signal, out of memory) and the
 * last lines the server wrote to stderr; the restart policy is `supervisor-policy.ts`. SIGINT and
 * SIGTERM to the supervisor are passed to the server, which stops cleanly, then the supervisor
 * exits. `node packages/server/dist/main.js` still runs the server alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { decideRestart, DEFAULT_RESTART_POLICY, LineTail } from './supervisor-policy.js';

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'main.js');
/** After SIGINT/SIGTERM, the server gets this long to stop before it is killed. */
const STOP_GRACE_MS = 15_000;

function log(message: string): void {
  process.stderr.write(`[strata-supervisor] ${message}\n`);
}

/**
 * libuv's thread pool for the server: each running DuckDB statement holds one of its threads,
 * and the default 4 would let four long queries stall file reads and password hashing. It must
 * be in the environment when the process starts: an ES module entry has used the pool (and
 * fixed its size) before its first line runs. An operator's own setting wins.
 */
const SERVER_THREAD_POOL = { UV_THREADPOOL_SIZE: '16' };

let child: ChildProcess | null = null;
let stopping = false;
let quickCrashes = 0;
let restartTimer: ReturnType<typeof setTimeout> | null = null;

function start(): void {
  const started = Date.now();
  const tail = new LineTail(20);
  const proc = spawn(process.execPath, [...process.execArgv, MAIN], {
    stdio: ['inherit', 'inherit', 'pipe'],
    env: { ...SERVER_THREAD_POOL, ...process.env },
  });
  child = proc;
  log(`server started (pid ${proc.pid})`);
  proc.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail.push(chunk.toString('utf8'));
  });
  proc.on('error', (err) => log(`could not start the server: ${err.message}`));
  proc.on('exit', (code, signal) => {
    child = null;
    const lines = tail.take();
    const decision = decideRestart(
      { code, signal, uptimeMs: Date.now() - started, stderrTail: lines },
      quickCrashes,
      stopping,
      DEFAULT_RESTART_POLICY,
    );
    const lastLines = lines.length
      ? `; its last lines of stderr:\n${lines.map((l) => `  | ${l}`).join('\n')}`
      : '';
    if (decision.action === 'stop') {
      log(`${decision.reason}${stopping ? '' : lastLines}`);
      process.exit(decision.exitCode);
    }
    quickCrashes = decision.quickCrashes;
    log(`${decision.reason}${lastLines}`);
    log(`restarting in ${(decision.delayMs / 1000).toFixed(1)} s`);
    restartTimer = setTimeout(() => {
      restartTimer = null;
      if (!stopping) start();
    }, decision.delayMs);
  });
}

function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  if (restartTimer) clearTimeout(restartTimer);
  if (!child) {
    log(`${signal}: stopped`);
    process.exit(0);
  }
  log(`${signal}: stopping the server (pid ${child.pid})`);
  child.kill(signal);
  const proc = child;
  setTimeout(() => {
    if (proc.exitCode === null && proc.signalCode === null) {
      log(`the server did not stop within ${STOP_GRACE_MS / 1000} s: killing it`);
      proc.kill('SIGKILL');
    }
  }, STOP_GRACE_MS).unref();
}

process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
start();

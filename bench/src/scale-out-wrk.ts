// The scale-out throughput load from Debian's `wrk` (a C load generator), when it is installed:
// one `wrk` process per web process, each with its share of the connections, all at once. The
// Node generator (scale-out-load.ts) costs the two cores it shares with the servers 0.23–0.28 ms
// of CPU per request, as much as PostgreSQL and Redis together; wrk costs a small part of that,
// so the figure says more about the servers and less about the generator.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScaleOutLoadJob, ScaleOutLoadResult } from './scale-out-load.js';

export const WRK = '/usr/bin/wrk';

/** Whether this machine has wrk (the Node generator is used otherwise). */
export function wrkInstalled(): boolean {
  return existsSync(WRK);
}

/** A Lua string literal of `text`. */
function lua(text: string): string {
  return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`;
}

/** The wrk script: the job's POST, and a summary line of JSON when done. */
function script(job: ScaleOutLoadJob): string {
  const headers = Object.entries({ ...job.headers, 'content-type': 'application/json' })
    .map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`)
    .join('\n');
  return `wrk.method = "POST"
wrk.path = ${lua(job.path)}
wrk.body = ${lua(job.body)}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK {"requests":%d,"bytes":%d,"us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d,"p50":%d,"p95":%d}\\n',
    summary.requests, summary.bytes, summary.duration, e.connect, e.read, e.write, e.status, e.timeout,
    latency:percentile(50), latency:percentile(95)))
end
`;
}

interface WrkSummary {
  requests: number;
  bytes: number;
  us: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
  p50: number;
  p95: number;
}

/** Runs one wrk under `sh` so that the shell's `times` reports wrk's CPU. */
function runOne(
  base: string,
  scriptPath: string,
  connections: number,
  seconds: number,
): Promise<{ summary: WrkSummary; cpuMs: number }> {
  const cmd = `${WRK} -t1 -c${connections} -d${seconds}s --timeout 10s -s "$1" "$2"; times`;
  const child = spawn('sh', ['-c', cmd, 'sh', scriptPath, base], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('WRK '));
      if (code !== 0 || !line) {
        reject(new Error(`wrk exited with ${code}: ${out.slice(-500)}`));
        return;
      }
      // `times`: the shell's user and system time, then its children's (wrk's).
      const times = out.trim().split('\n').slice(-1)[0]!.trim().split(/\s+/);
      const seconds = (t: string) => {
        const m = /^(\d+)m([\d.]+)s$/.exec(t);
        return m ? Number(m[1]) * 60 + Number(m[2]) : 0;
      };
      resolve({
        summary: JSON.parse(line.slice(4)) as WrkSummary,
        cpuMs: Math.round((seconds(times[0] ?? '') + seconds(times[1] ?? '')) * 1000),
      });
    });
  });
}

/** The job run with wrk: the connections split evenly over the base URLs. */
export async function runWrk(job: ScaleOutLoadJob): Promise<ScaleOutLoadResult> {
  const dir = mkdtempSync(path.join(tmpdir(), 'strata-wrk-'));
  try {
    const scriptPath = path.join(dir, 'post.lua');
    writeFileSync(scriptPath, script(job));
    const per = Math.max(1, Math.floor(job.clients / job.baseUrls.length));
    const seconds = Math.max(1, Math.round(job.durationMs / 1000));
    const runs = await Promise.all(
      job.baseUrls.map((base) => runOne(base, scriptPath, per, seconds)),
    );
    const bytes = runs.reduce((n, r) => n + r.summary.bytes, 0);
    const requests = runs.reduce((n, r) => n + r.summary.requests, 0);
    // What each answer weighed (status line and headers included): a check that the answers
    // are the chart data and not short errors.
    console.log(`wrk: ${Math.round(bytes / Math.max(1, requests))} bytes per answer`);
    const completed = runs.reduce((n, r) => n + r.summary.requests - r.summary.status, 0);
    const failed = runs.reduce(
      (n, r) =>
        n +
        r.summary.status +
        r.summary.connect +
        r.summary.read +
        r.summary.write +
        r.summary.timeout,
      0,
    );
    const elapsed = Math.max(...runs.map((r) => r.summary.us)) / 1e6;
    // Percentiles of the processes weighted by their requests (each wrk knows only its own).
    const weighted = (key: 'p50' | 'p95') =>
      +(
        runs.reduce((s, r) => s + r.summary[key] * r.summary.requests, 0) /
        Math.max(
          1,
          runs.reduce((s, r) => s + r.summary.requests, 0),
        ) /
        1000
      ).toFixed(2);
    return {
      completed,
      failed,
      seconds: +elapsed.toFixed(2),
      requestsPerSecond: Math.round(completed / elapsed),
      p50Ms: weighted('p50'),
      p95Ms: weighted('p95'),
      perBase: runs.map((r) => r.summary.requests - r.summary.status),
      cpuMs: runs.reduce((n, r) => n + r.cpuMs, 0),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Load generator for the scale-out throughput figure, run as its own OS process (`fork` from
// scale-out.ts) so its work shares neither event loop with the servers: `clients` keep-alive HTTP
// clients, each sending one request at a time, round-robin over the base URLs for `durationMs`.
// The job comes as the first IPC message; the result goes back the same way.
import http from 'node:http';

export interface ScaleOutLoadJob {
  baseUrls: string[];
  path: string;
  headers: Record<string, string>;
  body: string;
  clients: number;
  durationMs: number;
}

export interface ScaleOutLoadResult {
  completed: number;
  failed: number;
  seconds: number;
  requestsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  /** Completed requests per base URL, in the job's order. */
  perBase: number[];
  /** CPU time the generator itself used (user + system), ms. */
  cpuMs: number;
}

function post(agent: http.Agent, base: URL, job: ScaleOutLoadJob, body: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: job.path,
        method: 'POST',
        headers: { ...job.headers, 'content-length': String(body.length) },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function runLoad(job: ScaleOutLoadJob): Promise<ScaleOutLoadResult> {
  const bases = job.baseUrls.map((u) => new URL(u));
  // One keep-alive agent per server, with a socket per client at most.
  const agents = bases.map(() => new http.Agent({ keepAlive: true, maxSockets: job.clients }));
  const body = Buffer.from(job.body);
  const latencies: number[] = [];
  const perBase = bases.map(() => 0);
  let completed = 0;
  let failed = 0;
  let next = 0;
  const cpuStart = process.cpuUsage();
  const tStart = performance.now();
  const client = async () => {
    while (performance.now() - tStart < job.durationMs) {
      const i = next;
      next = (next + 1) % bases.length;
      const t = performance.now();
      try {
        const status = await post(agents[i]!, bases[i]!, job, body);
        if (status === 200) {
          completed += 1;
          perBase[i]! += 1;
          latencies.push(performance.now() - t);
        } else failed += 1;
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.clients }, client));
  const seconds = (performance.now() - tStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  for (const a of agents) a.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    latencies.length
      ? +latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(2)
      : NaN;
  return {
    completed,
    failed,
    seconds: +seconds.toFixed(2),
    requestsPerSecond: Math.round(completed / seconds),
    p50Ms: at(0.5),
    p95Ms: at(0.95),
    perBase,
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

if (process.send) {
  process.once('message', (job: ScaleOutLoadJob) => {
    runLoad(job).then(
      (result) => process.send!(result, () => process.exit(0)),
      (e: unknown) => process.send!({ error: String(e) }, () => process.exit(1)),
    );
  });
}

// Load generator for the chart data cache-hit throughput, run in a worker thread so the client's
// own work (fetch, JSON) does not share the server's event loop.
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  url: string;
  headers: Record<string, string>;
  body: string;
  inFlight: number;
  durationMs: number;
}

export interface LoadResult {
  completed: number;
  failed: number;
  seconds: number;
  latenciesMs: number[];
}

async function load(job: LoadJob): Promise<LoadResult> {
  let completed = 0;
  let failed = 0;
  const latenciesMs: number[] = [];
  const tStart = performance.now();
  const worker = async () => {
    while (performance.now() - tStart < job.durationMs) {
      const t = performance.now();
      const res = await fetch(job.url, { method: 'POST', headers: job.headers, body: job.body });
      await res.arrayBuffer();
      if (res.status === 200) completed += 1;
      else failed += 1;
      latenciesMs.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: job.inFlight }, worker));
  return { completed, failed, seconds: (performance.now() - tStart) / 1000, latenciesMs };
}

if (parentPort) {
  const port = parentPort;
  load(workerData as LoadJob).then(
    (result) => port.postMessage(result),
    (e: unknown) => port.postMessage({ error: String(e) }),
  );
}

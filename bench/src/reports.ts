// Alerts & reports (issue 18): a 30-chart dashboard sent as a PNG by e-mail, measured from the
// job's start (its log row's start_dttm, written by the worker) to the mail accepted by an SMTP
// server in this process; cold (the worker's first capture: Chromium's start included) and warm
// (the browser kept). Then 100 report jobs in a row: failures, and the server process's RSS (and
// its Chromium's) after 10 and after 100. The server is the embedded all-in-one process (the
// README's first command) on the examples.
import fs from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { apiCaller, thirtyChartDashboard } from './dashboard-browser.js';
import { startBenchServer, type BrowserFigure } from './browser-server.js';

const WARM_RUNS = 10;
const ROW_RUNS = 100;

interface Sink {
  port: number;
  accepted: number[];
  close(): Promise<void>;
}

async function startSink(): Promise<Sink> {
  const accepted: number[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        accepted.push(Date.now());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { port, accepted, close: () => new Promise((r) => server.close(() => r())) };
}

/** Resident memory of a process (MB), from /proc. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Every process under `pid` (its Chromium and Chromium's helpers). */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: number[] = [];
  const walk = (p: number) => {
    for (const c of children.get(p) ?? []) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))]!;

export async function benchReports(): Promise<BrowserFigure[]> {
  const sink = await startSink();
  const server = await startBenchServer('strata-bench-reports-', {
    STRATA_LOAD_EXAMPLES: 'true',
    STRATA_SMTP_HOST: '127.0.0.1',
    STRATA_SMTP_PORT: String(sink.port),
    STRATA_SMTP_STARTTLS: 'false',
  });
  const { base, headers } = server;
  const call = apiCaller(base, headers);
  const figures: BrowserFigure[] = [];
  try {
    const found = await call<{ result: Array<{ id: number }> }>(
      'GET',
      `/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))`,
    );
    const datasetId = found.result[0]!.id;
    const dashboard = { id: await thirtyChartDashboard(call, datasetId, 1) };
    const report = await call<{ id: number }>('POST', '/api/v1/report/', {
      type: 'Report',
      name: 'Thirty charts',
      crontab: '0 9 * * *',
      dashboard: dashboard.id,
      report_format: 'PNG',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'bench@example.com' } }],
    });

    /** One run asked for now: job start → mail accepted (ms), and its final state. */
    const runOnce = async (): Promise<{ ms: number; state: string; error: string | null }> => {
      const mails = sink.accepted.length;
      const run = await call<{ log_id: number }>('POST', `/api/v1/report/${report.id}/run`, {});
      for (;;) {
        const log = await call<{
          result: { state: string; start_dttm: string; error_message: string | null };
        }>('GET', `/api/v1/report/${report.id}/log/${run.log_id}`);
        if (log.result.state !== 'Working') {
          if (log.result.state !== 'Success')
            return { ms: NaN, state: log.result.state, error: log.result.error_message };
          // The mail is accepted before the run ends.
          const at = sink.accepted[mails];
          if (at === undefined) throw new Error('the run succeeded but no mail arrived');
          return { ms: at - Date.parse(log.result.start_dttm), state: 'Success', error: null };
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const cold = await runOnce();
    if (cold.state !== 'Success') throw new Error(`cold run: ${cold.state} ${cold.error}`);
    figures.push({
      name: '30-chart dashboard PNG by e-mail, cold (browser start)',
      value: cold.ms,
      unit: 'ms',
    });
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i += 1) {
      const r = await runOnce();
      if (r.state !== 'Success') throw new Error(`warm run: ${r.state} ${r.error}`);
      warm.push(r.ms);
    }
    figures.push({
      name: `30-chart dashboard PNG by e-mail, warm (median of ${WARM_RUNS})`,
      value: median(warm),
      unit: 'ms',
    });
    figures.push({
      name: `30-chart dashboard PNG by e-mail, warm (p95 of ${WARM_RUNS})`,
      value: p95(warm),
      unit: 'ms',
    });

    const pid = server.process.pid!;
    const chromiumRss = () => descendants(pid).reduce((sum, p) => sum + rssMb(p), 0);
    let failures = 0;
    let rss10 = 0;
    let chromium10 = 0;
    const times: number[] = [];
    for (let i = 1; i <= ROW_RUNS; i += 1) {
      const r = await runOnce();
      if (r.state !== 'Success') failures += 1;
      else times.push(r.ms);
      if (i === 10) {
        rss10 = rssMb(pid);
        chromium10 = chromiumRss();
      }
    }
    const rss100 = rssMb(pid);
    figures.push({
      name: `${ROW_RUNS} report jobs in a row: failures`,
      value: failures,
      unit: 'runs',
    });
    figures.push({
      name: `${ROW_RUNS} jobs: median job start → mail`,
      value: median(times),
      unit: 'ms',
    });
    figures.push({
      name: 'server process RSS after 10 jobs',
      value: +rss10.toFixed(1),
      unit: 'MB',
    });
    figures.push({
      name: 'server process RSS after 100 jobs',
      value: +rss100.toFixed(1),
      unit: 'MB',
    });
    figures.push({
      name: 'its Chromium processes RSS after 10 jobs',
      value: +chromium10.toFixed(1),
      unit: 'MB',
    });
    figures.push({
      name: 'its Chromium processes RSS after 100 jobs',
      value: +chromiumRss().toFixed(1),
      unit: 'MB',
    });
  } finally {
    server.stop();
    await sink.close();
  }
  return figures;
}

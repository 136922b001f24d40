// Issue 21 point 12: SQL Lab's full-result "Download to CSV" of 10,000,000 rows. The built
// server runs as a child process (embedded: the export job runs in it, through the in-memory
// channel); the download is read as fast as this process can, and the server's resident memory
// (VmRSS in /proc/<pid>/status) is sampled every 20 ms while it runs.
import fs from 'node:fs';
import { startBenchServer, type BrowserFigure } from './browser-server.js';

const ROWS = 10_000_000;

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) : 0;
}

export async function benchCsvExport(): Promise<BrowserFigure[]> {
  const server = await startBenchServer('strata-bench-csv-');
  const figures: BrowserFigure[] = [];
  try {
    const post = async <T>(url: string, body: unknown): Promise<T> => {
      const res = await fetch(`${server.base}${url}`, {
        method: 'POST',
        headers: server.headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const db = await post<{ id: number }>('/api/v1/database/', {
      database_name: 'bench_csv',
      sqlalchemy_uri: `duckdb:///${server.dataDir}/uploads/bench-csv.duckdb`,
      expose_in_sqllab: true,
      allow_dml: true,
    });
    let n = 0;
    const run = (sql: string) =>
      post<{ query: { id: string } }>('/api/v1/sqllab/execute/', {
        client_id: `csv${(n += 1)}`,
        database_id: db.id,
        sql,
        queryLimit: 1000,
        runAsync: false,
        schema: null,
      });
    // A bench-own table shaped like the `events` example (ids, a time, a user, a kind, a
    // value), 10,000,000 rows made with range().
    await run(
      `CREATE TABLE events10m AS SELECT range AS event_id,
         TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND AS event_time,
         'user_' || (range % 50000) AS user_name,
         ['view', 'click', 'purchase', 'signup'][1 + range % 4] AS event_type,
         round((range % 1000) * 1.37, 2) AS amount
       FROM range(${ROWS})`,
    );
    // No ORDER BY: a sort would gather the 10M rows in DuckDB's memory before the first one.
    const query = await run('SELECT * FROM events10m');
    const pid = server.process.pid!;
    // Twice: the first export also fills DuckDB's buffer cache with the table's blocks (memory
    // the engine keeps, up to its limit); the second shows what the export itself takes.
    for (const label of ['first export', 'second export']) {
      // Settle, then the baseline.
      await new Promise((r) => setTimeout(r, 2000));
      const before = rssKb(pid);
      let peak = before;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rssKb(pid));
      }, 20);
      const started = process.hrtime.bigint();
      const res = await fetch(`${server.base}/api/v1/sqllab/export/${query.query.id}/`, {
        headers: server.headers,
      });
      if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
      const reader = res.body!.getReader();
      let bytes = 0;
      let newlines = 0;
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        bytes += chunk.value.length;
        for (let i = chunk.value.indexOf(10); i !== -1; i = chunk.value.indexOf(10, i + 1))
          newlines += 1;
      }
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      clearInterval(sampler);
      peak = Math.max(peak, rssKb(pid));
      if (newlines !== ROWS + 1) throw new Error(`export had ${newlines - 1} rows, not ${ROWS}`);
      figures.push(
        { name: `${label}: rows (header apart)`, value: newlines - 1, unit: 'rows' },
        { name: `${label}: CSV size`, value: +(bytes / 1e6).toFixed(1), unit: 'MB' },
        { name: `${label}: download time`, value: +seconds.toFixed(2), unit: 's' },
        { name: `${label}: speed`, value: +(bytes / 1e6 / seconds).toFixed(1), unit: 'MB/s' },
        { name: `${label}: server VmRSS before`, value: +(before / 1024).toFixed(1), unit: 'MB' },
        { name: `${label}: server VmRSS peak`, value: +(peak / 1024).toFixed(1), unit: 'MB' },
        { name: `${label}: RSS growth`, value: +((peak - before) / 1024).toFixed(1), unit: 'MB' },
      );
    }
  } finally {
    server.stop();
  }
  return figures;
}

// SQL Lab in a real browser: a query returning 1,000,000 rows × 10 columns from the embedded
// DuckDB, from the click on Run to the first rows on screen and to the whole result, then a
// scroll through the grid; the page's JavaScript heap is read at each step (bounded memory).
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import {
  launchBenchBrowser,
  PASSWORD,
  REPO,
  startBenchServer,
  type BrowserFigure,
} from './browser-server.js';

export type { BrowserFigure };

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = (await cdp.send('Performance.getMetrics')) as {
    metrics: Array<{ name: string; value: number }>;
  };
  await cdp.detach();
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  return +(used / 1024 / 1024).toFixed(1);
}

export async function benchSqlLabBrowser(): Promise<BrowserFigure[]> {
  const server = await startBenchServer('strata-bench-browser-');
  const { base, headers } = server;
  const browser = await launchBenchBrowser();
  const figures: BrowserFigure[] = [];
  try {
    const db = (await (
      await fetch(`${base}/api/v1/database/`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          database_name: 'bench',
          sqlalchemy_uri: 'duckdb:///uploads/bench.duckdb',
          expose_in_sqllab: true,
          allow_dml: true,
          allow_run_async: true,
        }),
      })
    ).json()) as { id: number };
    const created = await fetch(`${base}/api/v1/sqllab/execute/`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        client_id: 'benchsetup',
        database_id: db.id,
        sql: `CREATE TABLE wide AS SELECT range AS id, range * 2 AS c1, range / 3.0 AS c2,
          'name ' || (range % 1000) AS c3, TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND AS c4,
          range % 2 = 0 AS c5, (range % 97)::INTEGER AS c6, md5(range::VARCHAR) AS c7,
          DATE '2020-01-01' + (range % 1000)::INTEGER AS c8, range * 1.5 AS c9
          FROM range(1000000)`,
      }),
    });
    if (created.status >= 300) throw new Error(`setup: ${created.status}`);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${base}/login/`);
    await page.fill('#username', 'admin');
    await page.fill('#password', PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${base}/`);
    await page.goto(
      `${base}/sqllab/?dbid=${db.id}&schema=main&name=Million&sql=${encodeURIComponent('SELECT * FROM wide')}`,
    );
    await page.locator('.cm-content', { hasText: 'SELECT * FROM wide' }).waitFor();
    // The row limit: 1,000,000.
    await page.getByLabel('Row limit').click();
    await page.locator('.ant-select-item-option', { hasText: '1,000,000' }).click();
    figures.push({ name: 'JS heap before running', value: await heapMb(page), unit: 'MB' });

    const t0 = performance.now();
    if (process.env.BENCH_TRACE) {
      page.on('response', (r) => {
        if (r.url().includes('/api/'))
          console.log(Math.round(performance.now() - t0), r.status(), r.url().slice(0, 120));
      });
    }
    const prof = process.env.BENCH_PROFILE ? await page.context().newCDPSession(page) : null;
    if (prof) {
      await prof.send('Profiler.enable');
      await prof.send('Profiler.start');
    }
    await page.getByRole('button', { name: /^(caret-right )?Run$/ }).click();
    const grid = page.getByRole('grid', { name: 'Query results' });
    await grid.locator('[role="row"][aria-rowindex="2"]').waitFor({ timeout: 60_000 });
    if (prof) {
      const { profile } = (await prof.send('Profiler.stop')) as { profile: unknown };
      fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
    }
    if (process.env.BENCH_SCREENSHOTS) {
      await page.screenshot({ path: path.join(REPO, 'bench', 'streaming.png') });
    }
    figures.push({
      name: 'click Run → first rows on screen (1,000,000 × 10)',
      value: Math.round(performance.now() - t0),
      unit: 'ms',
    });
    await page.getByText(/1,000,000 rows returned/).waitFor({ timeout: 120_000 });
    figures.push({
      name: 'click Run → the whole result stored, count shown',
      value: Math.round(performance.now() - t0),
      unit: 'ms',
    });
    figures.push({ name: 'JS heap with the result shown', value: await heapMb(page), unit: 'MB' });

    // Scroll through the whole grid: jumps to 40 places, waiting for each page's rows.
    const t1 = performance.now();
    const scroller = grid;
    const height = await scroller.evaluate((el) => el.scrollHeight);
    for (let k = 1; k <= 40; k += 1) {
      await scroller.evaluate(
        (el, top) => {
          el.scrollTop = top;
        },
        (height * k) / 40,
      );
      // Cells waiting for their page are marked busy: wait until none is.
      await grid
        .locator('[aria-busy="true"]')
        .first()
        .waitFor({ state: 'detached', timeout: 30_000 });
    }
    figures.push({
      name: 'scroll to 40 places across the million rows, each page loaded',
      value: Math.round(performance.now() - t1),
      unit: 'ms',
    });
    const last = await grid.locator('[role="row"]').last().getAttribute('aria-rowindex');
    figures.push({ name: 'last row index reached', value: Number(last) - 1, unit: 'row' });
    figures.push({ name: 'JS heap after scrolling it all', value: await heapMb(page), unit: 'MB' });
    figures.push({
      name: 'grid rows in the DOM',
      value: await grid.locator('[role="row"]').count(),
      unit: 'rows',
    });
    if (process.env.BENCH_SCREENSHOTS) {
      await page.screenshot({ path: path.join(REPO, 'bench', 'million.png') });
    }
  } finally {
    await browser.close();
    server.stop();
  }
  return figures;
}

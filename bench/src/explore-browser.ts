// Explore in a real browser: a line chart of 100,000 points (one per minute) — the time from
// the chart data answer to the chart drawn, and from the click to the chart on screen; then a
// control changed back to a query the cache holds — click to the new chart on screen.
import fs from 'node:fs';
import path from 'node:path';
import {
  launchBenchBrowser,
  loginInBrowser,
  median,
  painted,
  REPO,
  startBenchServer,
  type BrowserFigure,
} from './browser-server.js';

export type { BrowserFigure };

const POINTS = 100_000;

export async function benchExploreBrowser(): Promise<BrowserFigure[]> {
  const server = await startBenchServer('strata-bench-explore-');
  const { base, headers } = server;
  const browser = await launchBenchBrowser();
  const figures: BrowserFigure[] = [];
  try {
    const post = async <T>(p: string, body: unknown): Promise<T> => {
      const res = await fetch(`${base}${p}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const db = await post<{ id: number }>('/api/v1/database/', {
      database_name: 'bench',
      sqlalchemy_uri: 'duckdb:///uploads/bench.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
    });
    await post('/api/v1/sqllab/execute/', {
      client_id: 'benchpoints',
      database_id: db.id,
      sql: `CREATE TABLE points AS SELECT TIMESTAMP '2024-01-01' + INTERVAL (range) MINUTE AS ds,
        sin(range / 500.0) * 100 + (range % 37) AS value FROM range(${POINTS})`,
    });
    const ds = await post<{ id: number }>('/api/v1/dataset/', {
      database: db.id,
      schema: 'main',
      table_name: 'points',
    });
    const formData = {
      datasource: `${ds.id}__table`,
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      time_grain_sqla: 'PT1M',
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(value)', label: 'value' }],
      groupby: [],
      time_range: 'No filter',
      row_limit: POINTS,
    };
    const { key } = await post<{ key: string }>('/api/v1/explore/form_data', {
      datasource_id: ds.id,
      datasource_type: 'table',
      form_data: JSON.stringify(formData),
    });

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginInBrowser(page, base);

    const chartDrawn = async () => {
      await page
        .locator('[data-test="chart-container"] canvas')
        .first()
        .waitFor({ timeout: 60_000 });
      await painted(page);
    };
    // First load: the query runs on open.
    const openTimes: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const t0 = performance.now();
      await page.goto(`${base}/explore/?form_data_key=${key}`);
      await chartDrawn();
      openTimes.push(performance.now() - t0);
    }
    const points = await page.locator('[data-test="row-count"]').innerText();
    // On the open page: a new query each time (the row limit changes), from the answer to the
    // chart drawn — the chart's own rendering of 100,000 points.
    const rowLimit = page.getByRole('combobox', { name: 'Row limit' });
    const answerTimes: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await rowLimit.click();
      await page.keyboard.type(String(POINTS + 1 + run));
      await page.keyboard.press('Enter');
      const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/chart/data'), {
        timeout: 60_000,
      });
      await page.getByRole('button', { name: /Update chart/ }).click();
      await answered;
      const t1 = performance.now();
      await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
      await painted(page);
      answerTimes.push(performance.now() - t1);
    }
    figures.push({
      name: `line chart of ${points}: chart data answer → chart drawn (median of 3)`,
      value: Math.round(median(answerTimes)),
      unit: 'ms',
    });
    figures.push({
      name: 'open Explore on that chart → chart on screen (median of 3; the first a cache miss)',
      value: Math.round(median(openTimes)),
      unit: 'ms',
    });

    // A control changed to a query the cache already holds: hour grain, then back to minutes.
    const grain = page.getByRole('combobox', { name: 'Time grain' });
    const pick = async (label: string) => {
      await grain.click();
      await page
        .locator('.ant-select-item-option', { hasText: new RegExp(`^${label}$`) })
        .first()
        .click();
    };
    const changeTimes: number[] = [];
    const answerTimes2: number[] = [];
    const inPageTimes: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      await pick('Hour');
      let answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/chart/data'));
      await page.getByRole('button', { name: /Update chart/ }).click();
      await answered;
      await painted(page);
      await pick('Minute');
      answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/chart/data'));
      const prof =
        process.env.BENCH_PROFILE && run === 2 ? await page.context().newCDPSession(page) : null;
      if (prof) {
        await prof.send('Profiler.enable');
        await prof.send('Profiler.start');
      }
      const t0 = performance.now();
      // The user's click as the page sees it, to the frame with the new chart painted.
      await page.evaluate(
        "window.__clicked = 0; document.addEventListener('click', () => { window.__clicked = performance.now(); }, { capture: true, once: true })",
      );
      await page.getByRole('button', { name: /Update chart/ }).click();
      const res = await answered;
      answerTimes2.push(performance.now() - t0);
      await page.locator('[data-chart-status="rendered"]').waitFor({ timeout: 60_000 });
      await painted(page);
      changeTimes.push(performance.now() - t0);
      inPageTimes.push((await page.evaluate('performance.now() - window.__clicked')) as number);
      // Read the answer only now: fetching its body through the browser protocol takes time.
      const cached = ((await res.json()) as { result: Array<{ is_cached: boolean }> }).result[0]!
        .is_cached;
      if (prof) {
        const { profile } = (await prof.send('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      }
      if (!cached) throw new Error('expected a cache hit');
    }
    figures.push({
      name: 'change the time grain back to a cached query: click → answer received (median of 3)',
      value: Math.round(median(answerTimes2)),
      unit: 'ms',
    });
    figures.push({
      name: 'change the time grain back to a cached query: click event in the page → new chart painted (median of 3)',
      value: Math.round(median(inPageTimes)),
      unit: 'ms',
    });
    figures.push({
      name: "the same, from the test driver's click call (adds its actionability checks) (median of 3)",
      value: Math.round(median(changeTimes)),
      unit: 'ms',
    });
    if (process.env.BENCH_SCREENSHOTS)
      await page.screenshot({ path: path.join(REPO, 'bench', 'explore-line.png') });
  } finally {
    await browser.close();
    server.stop();
  }
  return figures;
}

// A dashboard of 30 charts on the embedded examples, in a real browser: navigation → every chart
// drawn, with a cold chart data cache (each run's charts get new queries) and a warm one (the
// same dashboard opened again); then entering and leaving edit mode.
import fs from 'node:fs';
import {
  launchBenchBrowser,
  loginInBrowser,
  median,
  painted,
  startBenchServer,
  type BrowserFigure,
} from './browser-server.js';

const CHARTS = 30;
/** Warm opens of each dashboard (three dashboards): the warm figure is the median of all. */
const WARM_OPENS = 5;

/** Thirty charts of the usual kinds on birth_names; `salt` makes every query new. */
function chartParams(datasource: string, i: number, salt: number): Record<string, unknown> {
  const filter = [
    {
      expressionType: 'SQL',
      clause: 'WHERE',
      sqlExpression: `num >= ${salt * 100 + (i % 3)}`,
    },
  ];
  const base = { datasource, time_range: 'No filter', adhoc_filters: filter };
  switch (i % 5) {
    case 0:
      return {
        ...base,
        viz_type: 'table',
        groupby: ['state'],
        metrics: ['sum__num'],
        row_limit: 20,
      };
    case 1:
      return {
        ...base,
        viz_type: 'echarts_timeseries_line',
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['sum__num'],
        groupby: ['gender'],
      };
    case 2:
      return { ...base, viz_type: 'pie', groupby: ['state'], metric: 'sum__num', row_limit: 10 };
    case 3:
      return {
        ...base,
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        metrics: ['count'],
        groupby: [],
      };
    default:
      return { ...base, viz_type: 'big_number_total', metric: 'sum__num' };
  }
}

/** JSON calls to the bench server as its admin; a status ≥ 300 throws with the body. */
export type ApiCall = <T>(method: string, p: string, body?: unknown) => Promise<T>;

export function apiCaller(base: string, headers: Record<string, string>): ApiCall {
  return async <T>(method: string, p: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}

/** A dashboard of 30 new charts on `birth_names` (dataset `datasetId`) in rows of three. */
export async function thirtyChartDashboard(
  call: ApiCall,
  datasetId: number,
  salt: number,
): Promise<number> {
  const datasource = `${datasetId}__table`;
  const ids: number[] = [];
  for (let i = 0; i < CHARTS; i += 1) {
    const p = chartParams(datasource, i, salt);
    const c = await call<{ id: number }>('POST', '/api/v1/chart/', {
      slice_name: `Bench ${salt}-${i}`,
      viz_type: p.viz_type,
      datasource_id: datasetId,
      datasource_type: 'table',
      params: JSON.stringify(p),
    });
    ids.push(c.id);
  }
  const position: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] },
  };
  const grid = position.GRID_ID as { children: string[] };
  for (let r = 0; r < CHARTS / 3; r += 1) {
    const rowId = `ROW-r${r}`;
    grid.children.push(rowId);
    const children = ids.slice(r * 3, r * 3 + 3).map((id) => `CHART-c${id}`);
    position[rowId] = { id: rowId, type: 'ROW', children, parents: ['ROOT_ID', 'GRID_ID'] };
    for (const [k, cid] of children.entries())
      position[cid] = {
        id: cid,
        type: 'CHART',
        children: [],
        parents: ['ROOT_ID', 'GRID_ID', rowId],
        meta: { chartId: ids[r * 3 + k], width: 4, height: 50 },
      };
  }
  const d = await call<{ id: number }>('POST', '/api/v1/dashboard/', {
    dashboard_title: `Bench ${salt}`,
    position_json: JSON.stringify(position),
    published: true,
  });
  return d.id;
}

export async function benchDashboardBrowser(): Promise<BrowserFigure[]> {
  const server = await startBenchServer('strata-bench-dashboard-', {
    STRATA_LOAD_EXAMPLES: 'true',
  });
  const { base, headers } = server;
  const browser = await launchBenchBrowser();
  const figures: BrowserFigure[] = [];
  const call = apiCaller(base, headers);
  try {
    const found = await call<{ result: Array<{ id: number }> }>(
      'GET',
      `/api/v1/dataset/?q=(filters:!((col:table_name,opr:eq,value:birth_names)))`,
    );
    const datasetId = found.result[0]!.id;
    const makeDashboard = (salt: number) => thirtyChartDashboard(call, datasetId, salt);

    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await loginInBrowser(page, base);

    /** Navigation → every chart of the dashboard drawn (the page is tall: the charts all load). */
    const open = async (id: number): Promise<number> => {
      await page.goto(`${base}/`);
      const t0 = performance.now();
      await page.goto(`${base}/superset/dashboard/${id}/`);
      // Polled with evaluate (the page's CSP forbids waitForFunction's string evaluation).
      const allDrawn = `(() => {
        const charts = document.querySelectorAll('[data-test="dashboard-chart"]');
        if (charts.length < ${CHARTS}) return false;
        return [...charts].every((c) =>
          c.querySelector('canvas, [data-test="table-chart"], [data-test="big-number"]'));
      })()`;
      const deadline = Date.now() + 60_000;
      while (!(await page.evaluate(allDrawn))) {
        if (Date.now() > deadline) throw new Error('the charts were not all drawn within 60 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      await painted(page);
      if (process.env.BENCH_DEBUG)
        console.log(
          await page.evaluate(
            `JSON.stringify(performance.getEntriesByType('resource').filter(r => r.name.includes('/api/')).map(r => [r.name.replace(/^.*\\/api\\/v1\\//, '').slice(0, 30), Math.round(r.startTime), Math.round(r.responseEnd)]))`,
          ),
          Math.round(performance.now() - t0),
        );
      return performance.now() - t0;
    };
    const cold: number[] = [];
    const warm: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const id = await makeDashboard(run + 1);
      cold.push(await open(id));
      const prof =
        process.env.BENCH_PROFILE_LOAD && run === 2
          ? await page.context().newCDPSession(page)
          : null;
      if (prof) {
        await prof.send('Profiler.enable');
        await prof.send('Profiler.start');
      }
      // A Chrome trace of the warm load on request (open it in DevTools' Performance panel).
      const trace = process.env.BENCH_TRACE_LOAD && run === 2 ? process.env.BENCH_TRACE_LOAD : null;
      if (trace)
        await browser.startTracing(page, {
          path: trace,
          categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'],
        });
      warm.push(await open(id));
      if (trace) await browser.stopTracing();
      // More warm samples: a single load varies by ±15 % on this kind of machine.
      for (let again = 1; again < WARM_OPENS; again += 1) warm.push(await open(id));
      if (prof) {
        const { profile } = (await prof.send('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env.BENCH_PROFILE_LOAD!, JSON.stringify(profile));
      }
    }
    figures.push({
      name: `dashboard of ${CHARTS} charts, navigation → all drawn, cold cache (median of 3)`,
      value: Math.round(median(cold)),
      unit: 'ms',
    });
    figures.push({
      name: `dashboard of ${CHARTS} charts, navigation → all drawn, warm cache (median of ${warm.length})`,
      value: Math.round(median(warm)),
      unit: 'ms',
    });
    const sorted = [...warm].sort((a, b) => a - b);
    const at = (q: number) => Math.round(sorted[Math.floor(q * (sorted.length - 1))]!);
    figures.push({
      name: `dashboard of ${CHARTS} charts, warm cache: 25th / 75th percentile`,
      value: at(0.25),
      unit: `ms / ${at(0.75)} ms`,
    });

    // Edit mode: click → the builder panel drawn, and Discard → back to view mode.
    const enter: number[] = [];
    const leave: number[] = [];
    const enterInPage: number[] = [];
    const leaveInPage: number[] = [];
    /**
     * In the page: from the click event to the frame after the one that first shows `selector`
     * (that frame has been painted when the next animation frame starts).
     */
    const watchClickToPaint = (selector: string) =>
      page.evaluate(`(() => {
        window.__paintedAfterClick = null;
        document.addEventListener('click', () => {
          const t0 = performance.now();
          const check = () => {
            if (document.querySelector(${JSON.stringify(selector)}))
              requestAnimationFrame(() => { window.__paintedAfterClick = performance.now() - t0; });
            else requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }, { capture: true, once: true });
      })()`);
    const inPageResult = async (): Promise<number> => {
      for (let i = 0; i < 500; i += 1) {
        const v = (await page.evaluate('window.__paintedAfterClick')) as number | null;
        if (typeof v === 'number') return v;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('no paint after the click');
    };
    for (let run = 0; run < 5; run += 1) {
      const prof =
        process.env.BENCH_PROFILE && run === 4 ? await page.context().newCDPSession(page) : null;
      if (prof) {
        await prof.send('Profiler.enable');
        await prof.send('Profiler.start');
      }
      await watchClickToPaint('[data-test="dashboard-builder"]');
      let t0 = performance.now();
      await page.locator('[data-test="dashboard-edit"]').click();
      await page.locator('[data-test="dashboard-builder"]').waitFor();
      await painted(page);
      enter.push(performance.now() - t0);
      enterInPage.push(await inPageResult());
      if (prof) {
        const { profile } = (await prof.send('Profiler.stop')) as { profile: unknown };
        fs.writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      }
      await watchClickToPaint('[data-test="dashboard-edit"]');
      t0 = performance.now();
      await page.getByRole('button', { name: 'Discard' }).click();
      await page.locator('[data-test="dashboard-edit"]').waitFor();
      await painted(page);
      leave.push(performance.now() - t0);
      leaveInPage.push(await inPageResult());
    }
    figures.push({
      name: 'enter edit mode: test driver click() → builder panel painted (median of 5)',
      value: Math.round(median(enter)),
      unit: 'ms',
    });
    figures.push({
      name: 'leave edit mode: test driver click() → view mode painted (median of 5)',
      value: Math.round(median(leave)),
      unit: 'ms',
    });
    figures.push({
      name: 'enter edit mode: click event in the page → builder panel painted (median of 5)',
      value: Math.round(median(enterInPage)),
      unit: 'ms',
    });
    figures.push({
      name: 'leave edit mode: click event in the page → view mode painted (median of 5)',
      value: Math.round(median(leaveInPage)),
      unit: 'ms',
    });
    return figures;
  } finally {
    await browser.close();
    server.stop();
  }
}

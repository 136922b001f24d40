import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_PASSWORD,
  collectPageErrors,
  createDashboardOfCharts,
  csrfTokenOf,
  datasetIdOf,
  launchBrowser,
  loginAs,
  genderSelectFilter,
  saveChart,
  snap,
  startServer,
  type RunningServer,
} from './harness.js';

interface SeenEvent {
  id: string;
  job_id: string;
  status: string;
  errors: Array<{ message: string }>;
}

/**
 * What the page said and heard about async jobs: the chart data calls' statuses and the jobs
 * they started, the events read by polling, the sockets opened and the events they carried.
 */
class AsyncTraffic {
  chartDataStatuses: number[] = [];
  /** Jobs started by the filter bar's choice queries. */
  filterJobs = 0;
  jobs: string[] = [];
  batchCalls = 0;
  pollCalls = 0;
  polled: SeenEvent[] = [];
  sockets: string[] = [];
  socketEvents: SeenEvent[] = [];
  private reads: Array<Promise<void>> = [];

  constructor(page: Page) {
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/v1/chart/data/batch') this.batchCalls += 1;
      if (url.pathname === '/api/v1/chart/data' && r.request().method() === 'POST') {
        this.chartDataStatuses.push(r.status());
        if (r.status() === 202 && (r.request().postData() ?? '').includes('"filter_select"'))
          this.filterJobs += 1;
        if (r.status() === 202)
          this.reads.push(r.json().then((b: { job_id: string }) => void this.jobs.push(b.job_id)));
      }
      if (url.pathname === '/api/v1/async_event/' && r.status() === 200) {
        this.pollCalls += 1;
        this.reads.push(
          r.json().then((b: { result: SeenEvent[] }) => void this.polled.push(...b.result)),
        );
      }
    });
    page.on('websocket', (ws) => {
      this.sockets.push(ws.url());
      ws.on('framereceived', ({ payload }) => {
        try {
          this.socketEvents.push(JSON.parse(String(payload)) as SeenEvent);
        } catch {
          // not an event
        }
      });
    });
  }

  /** Waits for the answers being read. */
  async settled(): Promise<void> {
    await Promise.all(this.reads);
  }

  /** The final events heard for `jobs`, by the socket or by polling. */
  eventsOf(jobs: readonly string[], via: 'socket' | 'poll' | 'any'): SeenEvent[] {
    const pool =
      via === 'socket'
        ? this.socketEvents
        : via === 'poll'
          ? this.polled
          : [...this.socketEvents, ...this.polled];
    return pool.filter((e) => jobs.includes(e.job_id) && e.status !== 'pending');
  }

  mark(): { statuses: number; jobs: number } {
    return { statuses: this.chartDataStatuses.length, jobs: this.jobs.length };
  }
}

/** A metric the database refuses when the query runs (not when it is built). */
function brokenMetric(column: string) {
  return { expressionType: 'SQL', sqlExpression: `SUM(${column})`, label: `broken ${column}` };
}

for (const transport of ['polling', 'ws'] as const) {
  describe(`GLOBAL_ASYNC_QUERIES over ${transport}: Explore and a dashboard draw charts from async jobs, in Chromium`, () => {
    let server: RunningServer;
    let browser: Browser;
    let page: Page;
    let errors: string[];
    let traffic: AsyncTraffic;
    let dashboardUrl: string;
    let exploreChart: number;
    let exploreBroken: number;

    before(async () => {
      server = await startServer({
        STRATA_FEATURE_FLAGS: JSON.stringify({ GLOBAL_ASYNC_QUERIES: true }),
        STRATA_GLOBAL_ASYNC_QUERIES_TRANSPORT: transport,
      });
      browser = await launchBrowser();
      page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      errors = collectPageErrors(page);
      traffic = new AsyncTraffic(page);
      await loginAs(page, server.baseUrl, 'admin', ADMIN_PASSWORD);
      const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
      const token = await csrfTokenOf(page, server.baseUrl);
      dashboardUrl = await createDashboardOfCharts(
        page,
        server.baseUrl,
        token,
        datasetId,
        'Async births',
        [
          {
            name: 'Async births by gender',
            params: { viz_type: 'table', groupby: ['gender'], metrics: ['sum__num'] },
          },
          {
            name: 'Async broken chart',
            params: {
              viz_type: 'table',
              groupby: ['gender'],
              metrics: [brokenMetric('no_such_column_on_dashboard')],
            },
          },
        ],
      );
      exploreChart = await saveChart(page, server.baseUrl, token, datasetId, 'Async names', {
        viz_type: 'table',
        groupby: ['name'],
        metrics: ['sum__num'],
        row_limit: 7,
      });
      exploreBroken = await saveChart(page, server.baseUrl, token, datasetId, 'Async broken', {
        viz_type: 'table',
        groupby: ['state'],
        metrics: [brokenMetric('no_such_column_in_explore')],
      });
    });

    after(async () => {
      await browser?.close();
      await server?.stop();
    });

    it('draws a dashboard: each chart a job of its own, its event heard, a failed job shown as the chart error', async () => {
      await page.goto(dashboardUrl);
      const chart = (name: string) =>
        page.locator('[data-test="dashboard-chart"]', { hasText: name });
      await chart('Async births by gender').getByText('boy').waitFor({ timeout: 30_000 });
      await chart('Async births by gender').getByText('girl').waitFor();
      const broken = chart('Async broken chart');
      await broken.getByText('An error occurred while loading this chart').waitFor();
      await broken.getByText(/no_such_column_on_dashboard/).waitFor();
      await traffic.settled();
      // No batch call with async queries: one call per chart, each answered with a job.
      assert.equal(traffic.batchCalls, 0);
      assert.deepEqual(traffic.chartDataStatuses, [202, 202]);
      assert.equal(traffic.jobs.length, 2);
      const heard = traffic.eventsOf(traffic.jobs, 'any');
      assert.equal(heard.length, 2, JSON.stringify(heard));
      assert.deepEqual(heard.map((e) => e.status).sort(), ['done', 'error'], JSON.stringify(heard));
      const failed = heard.find((e) => e.status === 'error')!;
      assert.match(failed.errors.map((e) => e.message).join(' '), /no_such_column_on_dashboard/);
      if (transport === 'ws') {
        assert.equal(traffic.sockets.length, 1, traffic.sockets.join());
        assert.match(traffic.sockets[0]!, /^ws:\/\/127\.0\.0\.1:\d+\/ws(\?|$)/);
        // Every event came over the socket: no polling.
        assert.equal(traffic.pollCalls, 0);
        assert.equal(traffic.eventsOf(traffic.jobs, 'socket').length, 2);
      } else {
        assert.equal(traffic.sockets.length, 0);
        assert.equal(traffic.eventsOf(traffic.jobs, 'poll').length, 2);
      }
      await page.waitForTimeout(500);
      await snap(page, `async-${transport}-01-dashboard`);
    });

    it('refreshes the dashboard: new jobs, their events heard over the transport', async () => {
      const before = traffic.mark();
      const pollsBefore = traffic.pollCalls;
      await page.locator('[data-test="dashboard-menu"]').click();
      await page.getByRole('menuitem', { name: 'Refresh dashboard' }).click();
      const deadline = Date.now() + 30_000;
      for (;;) {
        await traffic.settled();
        const jobs = traffic.jobs.slice(before.jobs);
        if (jobs.length === 2 && traffic.eventsOf(jobs, 'any').length === 2) break;
        if (Date.now() > deadline)
          throw new Error(
            `refresh: ${jobs.length} jobs, ${traffic.eventsOf(jobs, 'any').length} events`,
          );
        await page.waitForTimeout(100);
      }
      const jobs = traffic.jobs.slice(before.jobs);
      assert.deepEqual(traffic.chartDataStatuses.slice(before.statuses), [202, 202]);
      if (transport === 'ws') {
        // The socket was open before these jobs started: their events came over it.
        assert.equal(traffic.eventsOf(jobs, 'socket').length, 2);
        assert.equal(traffic.pollCalls, pollsBefore);
        assert.equal(traffic.sockets.length, 1);
      } else {
        assert.equal(traffic.eventsOf(jobs, 'poll').length, 2);
        assert.ok(traffic.pollCalls > pollsBefore);
      }
      await page
        .locator('[data-test="dashboard-chart"]', { hasText: 'Async births by gender' })
        .getByText('boy')
        .waitFor();
      await page.locator('[data-test="dashboard-chart"] .ant-spin-spinning').first().waitFor({
        state: 'detached',
      });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').waitFor({ state: 'hidden' });
      await snap(page, `async-${transport}-02-dashboard-refreshed`);
    });

    it("offers a native filter's choices from a job, and applies one to the charts", async () => {
      const id = /\/superset\/dashboard\/(\d+)\//.exec(dashboardUrl)![1]!;
      const token = await csrfTokenOf(page, server.baseUrl);
      const datasetId = await datasetIdOf(page, server.baseUrl, 'birth_names');
      const put = await page.request.put(`${server.baseUrl}/api/v1/dashboard/${id}`, {
        headers: { 'X-CSRFToken': token },
        data: {
          json_metadata: JSON.stringify({
            native_filter_configuration: [genderSelectFilter(datasetId)],
          }),
        },
      });
      assert.equal(put.status(), 200, await put.text());
      const before = traffic.mark();
      const filterJobsBefore = traffic.filterJobs;
      await page.goto(dashboardUrl);
      const expand = page.locator('[data-test="filter-bar__expand-button"]');
      if (await expand.isVisible()) await expand.click();
      await page.getByLabel('Gender', { exact: true }).click();
      await page
        .locator('.ant-select-item-option', { hasText: /^girl$/ })
        .first()
        .click();
      await page.keyboard.press('Escape');
      assert.equal(traffic.filterJobs, filterJobsBefore + 1, 'the choices came from a job');
      // The unfiltered charts were answered from the cache (200, as without the flag).
      await traffic.settled();
      assert.ok(traffic.chartDataStatuses.slice(before.statuses).includes(200));
      const applied = traffic.mark();
      await page.locator('[data-test="filter-bar__apply-button"]').click();
      const chart = page.locator('[data-test="dashboard-chart"]', {
        hasText: 'Async births by gender',
      });
      await page.locator('[data-test="applied-filter"]', { hasText: 'Gender' }).waitFor();
      await chart.getByText('girl').waitFor();
      await chart.getByText('boy').waitFor({ state: 'detached' });
      await traffic.settled();
      // The filtered charts: queries not seen before, each answered with a job.
      assert.deepEqual(traffic.chartDataStatuses.slice(applied.statuses), [202, 202]);
      await page.locator('[data-test="dashboard-chart"] .ant-spin-spinning').first().waitFor({
        state: 'detached',
      });
      await snap(page, `async-${transport}-03-filter-applied`);
    });

    it('draws an Explore chart from its job', async () => {
      const before = traffic.mark();
      await page.goto(`${server.baseUrl}/explore/?slice_id=${exploreChart}`);
      const table = page.locator('[data-test="table-chart"]');
      await table.waitFor({ timeout: 30_000 });
      await page.getByText('7 rows').waitFor();
      await traffic.settled();
      assert.deepEqual(traffic.chartDataStatuses.slice(before.statuses), [202]);
      const job = traffic.jobs.slice(before.jobs);
      assert.equal(job.length, 1);
      const heard = traffic.eventsOf(job, transport === 'ws' ? 'socket' : 'poll');
      assert.deepEqual(
        heard.map((e) => e.status),
        ['done'],
      );
      if (transport === 'ws') {
        assert.equal(traffic.sockets.length, 3);
        assert.equal(traffic.pollCalls, 0);
      } else assert.equal(traffic.sockets.length, 0);
      await snap(page, `async-${transport}-04-explore`);
    });

    it("shows a failed job's error as the chart's error in Explore", async () => {
      const before = traffic.mark();
      await page.goto(`${server.baseUrl}/explore/?slice_id=${exploreBroken}`);
      const alert = page.locator('[data-test="chart-error"]');
      await alert.waitFor({ timeout: 30_000 });
      await alert.getByText(/no_such_column_in_explore/).waitFor();
      await traffic.settled();
      assert.deepEqual(traffic.chartDataStatuses.slice(before.statuses), [202]);
      const heard = traffic.eventsOf(
        traffic.jobs.slice(before.jobs),
        transport === 'ws' ? 'socket' : 'poll',
      );
      assert.deepEqual(
        heard.map((e) => e.status),
        ['error'],
      );
      await snap(page, `async-${transport}-05-explore-error`);
      assert.deepEqual(errors, []);
    });
  });
}

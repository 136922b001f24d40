/**
 * Report screenshots (issue 18) against the real server serving the built web app, through
 * Debian's Chromium (playwright-core; never a downloaded browser). One browser for the file.
 * Needs `npm run build` first (packages/web/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserKeeper, browserPid } from '../src/reports/screenshots/browser.js';
import {
  createScreenshotter,
  type PlaywrightScreenshotter,
} from '../src/reports/screenshots/capture.js';
import { CAPTURE_USER_AGENT } from '../src/reports/screenshots/session.js';
import { CaptureError, type CaptureRequest } from '../src/reports/screenshots/types.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset, saveTableChart } from './helpers/table-dataset.js';
import { roleId } from './helpers/users.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST = path.resolve(here, '../../web/dist');
const CHROMIUM = process.env.STRATA_CHROMIUM ?? '/usr/bin/chromium';
/** Screenshots looked at are kept here (ignored by git). */
const ARTIFACTS = path.resolve(here, '../../../e2e/artifacts');

if (!fs.existsSync(path.join(WEB_DIST, 'index.html')))
  throw new Error(`The built web app is missing (${WEB_DIST}): run npm run build first`);
if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium is missing at ${CHROMIUM}`);

const targets = await metadataTargets();
const keeper = new BrowserKeeper({ executablePath: CHROMIUM, maxJobs: 100 });
afterAll(() => keeper.close());

const FILTER_ID = 'NATIVE_FILTER-region';
const eastMask = {
  [FILTER_ID]: {
    extraFormData: { filters: [{ col: 'region', op: 'IN', val: ['east'] }] },
    filterState: { value: ['east'], label: 'east' },
    ownState: {},
  },
};

/** A chart component of the layout, `width` columns wide. */
function chartCell(id: number, parents: string[], width: number) {
  return {
    id: `CHART-${id}`,
    type: 'CHART',
    children: [],
    parents,
    meta: { chartId: id, width, height: 50 },
  };
}

/** Root → top-level tabs: TAB-one holds `first` in a row, TAB-two `second` two per row. */
function tabbedLayout(first: number[], second: number[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-top'] },
    // A tabbed dashboard keeps an empty grid (as Superset's layouts do).
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: [], parents: ['ROOT_ID'] },
    'TABS-top': {
      id: 'TABS-top',
      type: 'TABS',
      children: ['TAB-one', 'TAB-two'],
      parents: ['ROOT_ID'],
    },
    'TAB-one': {
      id: 'TAB-one',
      type: 'TAB',
      children: ['ROW-one'],
      parents: ['ROOT_ID', 'TABS-top'],
      meta: { text: 'Overview' },
    },
    'TAB-two': {
      id: 'TAB-two',
      type: 'TAB',
      children: [] as string[],
      parents: ['ROOT_ID', 'TABS-top'],
      meta: { text: 'Details' },
    },
    'ROW-one': {
      id: 'ROW-one',
      type: 'ROW',
      children: first.map((c) => `CHART-${c}`),
      parents: ['ROOT_ID', 'TABS-top', 'TAB-one'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    },
  };
  for (const c of first)
    layout[`CHART-${c}`] = chartCell(c, ['ROOT_ID', 'TABS-top', 'TAB-one', 'ROW-one'], 6);
  const tabTwo = layout['TAB-two'] as { children: string[] };
  for (let i = 0; i < second.length; i += 2) {
    const row = `ROW-two-${i / 2}`;
    tabTwo.children.push(row);
    const cells = second.slice(i, i + 2);
    layout[row] = {
      id: row,
      type: 'ROW',
      children: cells.map((c) => `CHART-${c}`),
      parents: ['ROOT_ID', 'TABS-top', 'TAB-two'],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    for (const c of cells)
      layout[`CHART-${c}`] = chartCell(c, ['ROOT_ID', 'TABS-top', 'TAB-two', row], 6);
  }
  return layout;
}

function decode(png: Buffer): PNG {
  return PNG.sync.read(png);
}

/** How many distinct colours a band of rows holds (a blank band has one). */
function coloursIn(img: PNG, fromRow: number, toRow: number): number {
  const seen = new Set<number>();
  for (let y = Math.max(0, fromRow); y < Math.min(img.height, toRow); y += 2)
    for (let x = 0; x < img.width; x += 2) {
      const i = (y * img.width + x) * 4;
      seen.add((img.data[i]! << 16) | (img.data[i + 1]! << 8) | img.data[i + 2]!);
      if (seen.size > 50) return seen.size;
    }
  return seen.size;
}

function keep(name: string, file: Buffer): void {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  fs.writeFileSync(path.join(ARTIFACTS, name), file);
}

describe.each(targets)('report screenshots on $name metadata', (target) => {
  // What depends on the metadata store (sessions, permalinks, access) runs on each; what only
  // exercises the browser runs once, on the first store, to keep the file's time down.
  const once = it.runIf(target.name === targets[0]!.name);
  let server: TestServer;
  let shots: PlaywrightScreenshotter;
  let admin: ApiClient;
  let adminId: number;
  let gusId: number;
  let idleId: number;
  let chartId: number;
  let brokenChartId: number;
  let dashboardId: number;
  let privateDashboardId: number;
  let tabOne: number[];
  let tabTwo: number[];
  const logs: Array<{ message: string; data?: Record<string, unknown> }> = [];
  /** Chart data requests the captured pages made (bodies). */
  const chartQueries: string[] = [];
  /** Capture sessions alive when each page opened, with their lifetimes. */
  const sessionsDuring: number[] = [];
  const sessionLifetimes: Array<{ seconds: number; slides: boolean }> = [];
  let pageHook: ((page: Page) => void) | null = null;

  const captureSessions = async () =>
    (
      await server.strata.store.db
        .selectFrom('strata_session')
        .select('id')
        .where('user_agent', '=', CAPTURE_USER_AGENT)
        .execute()
    ).length;

  const capture = (req: CaptureRequest, signal?: AbortSignal) => shots.capture(req, signal);
  const captureError = async (req: CaptureRequest): Promise<CaptureError> => {
    try {
      await capture(req);
    } catch (e) {
      expect(e).toBeInstanceOf(CaptureError);
      return e as CaptureError;
    }
    throw new Error('the capture succeeded');
  };

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_WEB_DIST: WEB_DIST,
      STRATA_SCREENSHOT_LOAD_WAIT: '40',
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    adminId = (await admin.get<{ result: { id: number } }>('/api/v1/me/')).body.result.id;

    const { datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      `shots_${target.name}`,
      'sales',
      `CREATE TABLE sales AS SELECT i AS id, CASE WHEN i % 3 = 0 THEN 'east' ELSE 'west' END AS region,
         CASE WHEN i % 2 = 0 THEN 'retail' ELSE 'online' END AS channel, i * 10 AS amount
       FROM range(1, 61) t(i)`,
    );
    const chart = (name: string, params: Record<string, unknown>) =>
      saveTableChart(admin, datasetId, name, params);
    const sumAmount = {
      expressionType: 'SIMPLE',
      column: { column_name: 'amount' },
      aggregate: 'SUM',
      label: 'Total amount',
    };
    chartId = await chart('Amount by channel', {
      viz_type: 'pie',
      groupby: ['channel'],
      metric: sumAmount,
    });
    brokenChartId = await chart('Broken chart', {
      viz_type: 'big_number_total',
      metric: sumAmount,
      adhoc_filters: [
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'no_such_column = 1' },
      ],
    });
    tabOne = [
      await chart('Overview total', { viz_type: 'big_number_total', metric: sumAmount }),
      await chart('Overview table', {
        viz_type: 'table',
        groupby: ['region'],
        metrics: [sumAmount],
        row_limit: 10,
      }),
    ];
    tabTwo = [];
    const kinds: Array<Record<string, unknown>> = [
      { viz_type: 'big_number_total', metric: sumAmount },
      { viz_type: 'pie', groupby: ['channel'], metric: sumAmount },
      { viz_type: 'table', groupby: ['region', 'channel'], metrics: [sumAmount], row_limit: 10 },
      { viz_type: 'pie', groupby: ['region'], metric: sumAmount },
    ];
    for (let i = 0; i < 12; i += 1)
      tabTwo.push(await chart(`Detail ${i + 1}`, kinds[i % kinds.length]!));

    const filter = {
      id: FILTER_ID,
      type: 'NATIVE_FILTER',
      name: 'Region',
      filterType: 'filter_select',
      targets: [{ datasetId, column: { name: 'region' } }],
      controlValues: { multiSelect: true },
      defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    };
    const dash = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Tall tabbed dashboard',
      published: true,
      position_json: JSON.stringify(tabbedLayout(tabOne, tabTwo)),
      json_metadata: JSON.stringify({ native_filter_configuration: [filter] }),
    });
    expect(dash.status, JSON.stringify(dash.body)).toBe(201);
    dashboardId = dash.body.id;
    const priv = await admin.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: 'Private dashboard',
      published: false,
      position_json: JSON.stringify(tabbedLayout(tabOne, [])),
    });
    expect(priv.status, JSON.stringify(priv.body)).toBe(201);
    privateDashboardId = priv.body.id;

    const user = async (username: string, active: boolean) => {
      const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
        username,
        first_name: username,
        last_name: 'Tester',
        email: `${username}@example.com`,
        password: 'password-123',
        active,
        roles: [await roleId(admin, 'Gamma')],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    };
    gusId = await user('gus', true);
    idleId = await user('idle', false);

    shots = createScreenshotter({
      config: {
        reports: { ...server.strata.config.reports, webdriverBaseUrl: `${server.baseUrl}/` },
      },
      sessions: server.strata.services.sessions,
      keys: server.strata.services.keys,
      db: server.strata.store.db,
      browser: keeper,
      log: (message, data) => logs.push({ message, ...(data ? { data } : {}) }),
      onPage: (page) => {
        page.on('request', (r) => {
          if (r.method() === 'POST' && r.url().includes('/api/v1/chart/data'))
            chartQueries.push(r.postData() ?? '');
        });
        void captureSessions().then((n) => sessionsDuring.push(n));
        void server.strata.store.db
          .selectFrom('strata_session')
          .select(['created_on', 'expires_on', 'last_seen'])
          .where('user_agent', '=', CAPTURE_USER_AGENT)
          .execute()
          .then((rows) => {
            for (const r of rows)
              sessionLifetimes.push({
                seconds:
                  (new Date(r.expires_on).getTime() - new Date(r.created_on).getTime()) / 1000,
                slides: new Date(r.last_seen).getTime() < new Date(r.expires_on).getTime(),
              });
          });
        pageHook?.(page);
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('captures a chart as a PNG of the asked width, drawn, as the user, and ends its session', async () => {
    const png = await capture({
      target: { kind: 'chart', chartId },
      format: 'png',
      userId: adminId,
      width: 800,
    });
    keep(`report-chart-${target.name}.png`, png);
    const img = decode(png);
    expect(img.width).toBe(800);
    expect(img.height).toBeGreaterThan(100);
    expect(coloursIn(img, 0, img.height)).toBeGreaterThan(5);
    const drawn = logs.filter((l) => l.message === 'report screenshot: page drawn').at(-1);
    expect(drawn?.data).toMatchObject({ charts: 1 });
    expect(sessionsDuring.at(-1)).toBe(1);
    // Short-lived (60 s + the load wait per view and two more) and never slid.
    expect(sessionLifetimes.at(-1)).toEqual({ seconds: 60 + 40 * 3, slides: false });
    expect(await captureSessions()).toBe(0);
  });

  once("fails with a chart's own error when it cannot be drawn", async () => {
    const e = await captureError({
      target: { kind: 'chart', chartId: brokenChartId },
      format: 'png',
      userId: adminId,
      width: 800,
    });
    expect(e.kind).toBe('failed');
    expect(e.message).toContain('"Broken chart"');
    expect(e.message).toContain('no_such_column');
    expect(await captureSessions()).toBe(0);
  });

  once('times out naming the charts still loading', async () => {
    const impatient = createScreenshotter({
      config: {
        reports: {
          ...server.strata.config.reports,
          webdriverBaseUrl: `${server.baseUrl}/`,
          screenshotLoadWait: 6,
        },
      },
      sessions: server.strata.services.sessions,
      keys: server.strata.services.keys,
      db: server.strata.store.db,
      browser: keeper,
      // The charts' data never arrives.
      onPage: (page) => void page.route('**/api/v1/chart/data**', () => undefined),
    });
    const e = await impatient
      .capture({
        target: { kind: 'dashboard', dashboardId, view: { activeTabs: ['TAB-one'] } },
        format: 'png',
        userId: adminId,
        width: 800,
      })
      .catch((err: unknown) => err);
    expect(e).toBeInstanceOf(CaptureError);
    expect((e as CaptureError).kind).toBe('timeout');
    expect((e as CaptureError).message).toContain('"Overview total"');
    expect((e as CaptureError).message).toContain('"Overview table"');
    expect(await captureSessions()).toBe(0);
  });

  it('captures a tall dashboard tab whole, every chart drawn, with the filter applied', async () => {
    chartQueries.length = 0;
    logs.length = 0;
    // What the page shows once ready: charts, and none of their menus (report mode).
    let seen: Promise<{ charts: number; menus: number }> | null = null;
    pageHook = (page) => {
      seen = page
        .waitForFunction(
          () =>
            document.querySelector('[data-report-ready="true"]')
              ? {
                  charts: document.querySelectorAll('[data-chart-status]').length,
                  menus: document.querySelectorAll('[aria-label^="More options for"]').length,
                }
              : null,
          null,
          { polling: 'raf' },
        )
        .then((h) => h.jsonValue() as Promise<{ charts: number; menus: number }>);
    };
    const png = await capture({
      target: {
        kind: 'dashboard',
        dashboardId,
        view: { activeTabs: ['TAB-two'], dataMask: eastMask },
      },
      format: 'png',
      userId: adminId,
      width: 1200,
    });
    pageHook = null;
    keep(`report-dashboard-${target.name}.png`, png);
    const shown = await seen!;
    expect(shown.charts).toBeGreaterThanOrEqual(tabTwo.length);
    expect(shown.menus).toBe(0);
    const img = decode(png);
    expect(img.width).toBe(1200);
    // 6 rows of 400 px charts: far below the 1000 px the page opens at.
    expect(img.height).toBeGreaterThan(2400);
    // The last row is drawn, not blank.
    expect(coloursIn(img, img.height - 420, img.height - 20)).toBeGreaterThan(5);
    // The page reported every chart of the tab drawn (and only those) before the capture.
    const drawn = logs.filter((l) => l.message === 'report screenshot: page drawn');
    expect(drawn.length).toBeGreaterThan(0);
    for (const d of drawn) {
      expect(d.data?.charts).toBe(12);
      expect([...(d.data?.drawn as string[])].sort()).toEqual(tabTwo.map(String).sort());
    }
    // The charts' queries carried the filter value.
    expect(chartQueries.length).toBeGreaterThan(0);
    const all = chartQueries.join('\n');
    expect(all).toContain('"col":"region"');
    expect(all).toContain('"east"');
    // The permalink made for the capture is gone.
    const permalinks = await server.strata.store.db
      .selectFrom('key_value')
      .select('id')
      .where('resource', '=', 'dashboard_permalink')
      .execute();
    expect(permalinks).toHaveLength(0);
    expect(await captureSessions()).toBe(0);
  });

  once('captures several tabs one after the other, stacked into one picture', async () => {
    logs.length = 0;
    const png = await capture({
      target: { kind: 'dashboard', dashboardId, view: { activeTabs: ['TAB-one', 'TAB-two'] } },
      format: 'png',
      userId: adminId,
      width: 1000,
    });
    keep(`report-dashboard-tabs-${target.name}.png`, png);
    const img = decode(png);
    expect(img.width).toBe(1000);
    const drawn = logs.filter((l) => l.message === 'report screenshot: page drawn');
    expect(new Set(drawn.map((d) => d.data?.charts))).toEqual(new Set([2, 12]));
    // The first tab's page (at least the 1000 px viewport) on top of the second's.
    expect(img.height).toBeGreaterThan(1000 + 2400);
  });

  it('captures a dashboard as a PDF', async () => {
    const pdf = await capture({
      target: {
        kind: 'dashboard',
        dashboardId,
        view: { activeTabs: ['TAB-two'], dataMask: eastMask },
      },
      format: 'pdf',
      userId: adminId,
      width: 1200,
    });
    keep(`report-dashboard-${target.name}.pdf`, pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    const { width, height } = doc.getPage(0).getSize();
    // 1200 CSS px = 900 pt wide; one page as tall as the tab's content.
    expect(Math.round(width)).toBe(900);
    expect(height).toBeGreaterThan(1800);
  });

  once('runs captures at the same time on the one browser, each in its own session', async () => {
    sessionsDuring.length = 0;
    const [chartPng, dashPng] = await Promise.all([
      capture({ target: { kind: 'chart', chartId }, format: 'png', userId: adminId, width: 700 }),
      capture({
        target: { kind: 'dashboard', dashboardId, view: { activeTabs: ['TAB-one'] } },
        format: 'png',
        userId: adminId,
        width: 900,
      }),
    ]);
    expect(decode(chartPng).width).toBe(700);
    expect(decode(dashPng).width).toBe(900);
    expect(Math.max(...sessionsDuring)).toBeGreaterThanOrEqual(1);
    expect(await captureSessions()).toBe(0);
  });

  it("refuses what the user may not see: 'forbidden'", async () => {
    const dash = await captureError({
      target: { kind: 'dashboard', dashboardId: privateDashboardId, view: {} },
      format: 'png',
      userId: gusId,
      width: 800,
    });
    expect(dash.kind).toBe('forbidden');
    const chartErr = await captureError({
      target: { kind: 'chart', chartId },
      format: 'png',
      userId: gusId,
      width: 800,
    });
    expect(chartErr.kind).toBe('forbidden');
    const idle = await captureError({
      target: { kind: 'chart', chartId },
      format: 'png',
      userId: idleId,
      width: 800,
    });
    expect(idle.kind).toBe('forbidden');
    expect(await captureSessions()).toBe(0);
  });

  it('stops a capture when aborted, and ends its session', async () => {
    const controller = new AbortController();
    pageHook = () => controller.abort(new Error('working timeout'));
    try {
      const e = await capture(
        { target: { kind: 'chart', chartId }, format: 'png', userId: adminId, width: 800 },
        controller.signal,
      ).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(CaptureError);
      expect((e as CaptureError).message).toContain('working timeout');
    } finally {
      pageHook = null;
    }
    expect(await captureSessions()).toBe(0);
  });

  once("fails 'browser' when the browser dies during a capture, and ends its session", async () => {
    pageHook = (page) => {
      const browser = page.context().browser();
      if (browser) void browserPid(browser).then((pid) => pid && process.kill(pid, 'SIGKILL'));
    };
    try {
      const e = await capture({
        target: { kind: 'dashboard', dashboardId, view: { activeTabs: ['TAB-two'] } },
        format: 'png',
        userId: adminId,
        width: 800,
      }).catch((err: unknown) => err);
      expect(e).toBeInstanceOf(CaptureError);
      expect((e as CaptureError).kind).toBe('browser');
    } finally {
      pageHook = null;
    }
    expect(await captureSessions()).toBe(0);
  });

  once('starts a new browser when the one in use was killed', async () => {
    const shot = { target: { kind: 'chart', chartId }, format: 'png', userId: adminId } as const;
    await capture({ ...shot, width: 600 });
    const before = keeper.running();
    expect(before).not.toBeNull();
    const pid = await browserPid(before!);
    expect(pid).toBeGreaterThan(0);
    const gone = new Promise((resolve) => before!.once('disconnected', resolve));
    process.kill(pid!, 'SIGKILL');
    await gone;
    const png = await capture({ ...shot, width: 640 });
    expect(decode(png).width).toBe(640);
    expect(keeper.running()).not.toBe(before);
    expect(await captureSessions()).toBe(0);
  });
});

describe('the browser keeper', () => {
  it('replaces its browser after the maximum number of captures, once they are done', async () => {
    const own = new BrowserKeeper({ executablePath: CHROMIUM, maxJobs: 2 });
    try {
      const a = await own.acquire();
      const b = await own.acquire();
      expect(b.browser).toBe(a.browser);
      // The third capture gets a new browser; the old one stays up for the two still running.
      const c = await own.acquire();
      expect(c.browser).not.toBe(a.browser);
      expect(a.browser.isConnected()).toBe(true);
      const closed = new Promise((resolve) => a.browser.once('disconnected', resolve));
      a.release();
      b.release();
      await closed;
      c.release();
      expect(c.browser.isConnected()).toBe(true);
    } finally {
      await own.close();
    }
  });
});

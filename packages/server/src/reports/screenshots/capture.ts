/**
 * Report screenshots (issue 18): the app's own pages opened in the worker's headless Chromium
 * as the report's user, captured once the page says every chart is drawn.
 *
 * - A chart: the standalone chart page (`/explore/?slice_id=…&standalone=true`), at the width
 *   asked and a height of 3/5 of it (300–1200 px).
 * - A dashboard: its `DashboardView` kept as a dashboard permalink made as the user through the
 *   API (data masks, URL parameters, the first view's tabs, the anchor), opened in report mode
 *   (`standalone=3`: no top bar, header or filter bar); the permalink is deleted afterwards.
 *   Each view (views.ts: the tabs asked for, grouped) is opened in turn on the same page by
 *   clicking its tabs, and captured whole: the viewport is made as tall as the page's content
 *   (the dashboard scrolls inside its own pane), then a full-page screenshot.
 * - Waiting: no sleeps. The web marks every chart container `data-chart-status` and the page
 *   `data-report-ready` (web `features/explore/chartStatus.ts`); the capture waits for ready
 *   (and the view's tabs open), at most `STRATA_SCREENSHOT_LOAD_WAIT` seconds per view, then
 *   fails naming the charts still loading. A failed chart fails the capture with its message;
 *   a page that answers 403/404 (or sends to the login page) is 'forbidden'.
 * - PNG: several views are stacked into one picture (drawn on a canvas in the page). PDF: one
 *   view is printed from the live page on one page of its exact size (vector text, nothing cut
 *   at page breaks, and it reads as the PNG does; a tall dashboard scrolls in a PDF viewer like
 *   the page does); several views, or a view taller than a PDF page may be, become one page per
 *   view (or slice) from the screenshots.
 */
import type { BrowserContext, Page } from 'playwright-core';
import type { Config } from '../../config/config.js';
import { keyToUuid } from '../../key_value/keys.js';
import { KV_RESOURCE } from '../../key_value/store.js';
import type { MetadataDb } from '../../metadata/db.js';
import type { KeyRing } from '../../security/keys.js';
import { BrowserKeeper, type CaptureLog } from './browser.js';
import { openCaptureSession, type CaptureSession, type CaptureSessionDeps } from './session.js';
import {
  CaptureError,
  type CaptureRequest,
  type DashboardView,
  type Screenshotter,
} from './types.js';
import {
  chartsStillLoading,
  clickTab,
  fontsAndImagesReady,
  neededHeight,
  nextFrame,
  readPage,
  stackPngs,
  type PageState,
} from './page-scripts.js';
import { dashboardViews } from './views.js';

export interface ScreenshotterDeps {
  config: Pick<Config, 'reports'>;
  sessions: CaptureSessionDeps['sessions'];
  /** Signs the capture session's cookie as the web app signs a login's. */
  keys: KeyRing;
  db: MetadataDb;
  log?: CaptureLog;
  /** A browser keeper to use (tests share one between servers); default: one of its own. */
  browser?: BrowserKeeper;
  /** Called with each capture's page once it exists (tests and diagnostics watch it). */
  onPage?: (page: Page) => void;
}

/** A Screenshotter that can also tell which browser serves it (tests kill it). */
export interface PlaywrightScreenshotter extends Screenshotter {
  readonly browser: BrowserKeeper;
}

/** Pixels: the first viewport height of a dashboard (the page is then made as tall as needed). */
const DASHBOARD_START_HEIGHT = 1000;
/** The tallest page captured (taller pages are cut there, with a log line). */
export const MAX_PAGE_HEIGHT = 16_384;
/** The tallest picture several views are stacked into (a canvas's limit). */
const MAX_STACKED_HEIGHT = 32_000;
/** The tallest PDF page (PDF viewers' limit: 200 inches = 19,200 CSS pixels). */
const MAX_PDF_PAGE_HEIGHT = 19_200;
const MIN_WIDTH = 100;
const MAX_WIDTH = 4_096;

/** The standalone chart's height for a width (Superset's 4:3 would crop less; 5:3 reads wide). */
export function chartHeight(width: number): number {
  return Math.min(1200, Math.max(300, Math.round((width * 3) / 5)));
}

function isSimpleId(text: string | undefined): text is string {
  return !!text && /^[A-Za-z0-9_.:-]{1,256}$/.test(text);
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export function createScreenshotter(deps: ScreenshotterDeps): PlaywrightScreenshotter {
  const cfg = deps.config.reports;
  const log: CaptureLog = deps.log ?? (() => undefined);
  const keeper =
    deps.browser ??
    new BrowserKeeper({ executablePath: cfg.chromiumPath, maxJobs: cfg.browserMaxJobs, log });
  const base = cfg.webdriverBaseUrl;
  const loadWaitMs = cfg.screenshotLoadWait * 1000;
  const at = (path: string) => new URL(path, base).toString();

  /** Waits for the view to be drawn; throws the CaptureError the page's state calls for. */
  async function waitDrawn(page: Page, tabs: string[], what: string): Promise<string[]> {
    let state: PageState;
    try {
      const handle = await page.waitForFunction(readPage, tabs, {
        timeout: loadWaitMs,
        polling: 100,
      });
      state = (await handle.jsonValue()) as PageState;
      await handle.dispose();
    } catch (e) {
      if (!(e instanceof Error) || e.name !== 'TimeoutError') throw e;
      const loading = await page.evaluate(chartsStillLoading).catch(() => [] as string[]);
      throw new CaptureError(
        loading.length
          ? `${what} did not finish drawing within ${cfg.screenshotLoadWait} s; still loading: ${loading.join(', ')}`
          : `${what} did not load within ${cfg.screenshotLoadWait} s`,
        'timeout',
        { cause: e },
      );
    }
    if (state.kind === 'login')
      throw new CaptureError(`${what}: the report's user was not let in`, 'forbidden');
    if (state.kind === 'error') {
      const forbidden = state.status === '403' || state.status === '404' || state.status === '401';
      throw new CaptureError(
        `${what} could not be opened (${state.status}): ${state.message}`,
        forbidden ? 'forbidden' : 'failed',
      );
    }
    if (state.failed.length)
      throw new CaptureError(
        state.failed
          .map(
            (f) =>
              `Chart ${f.name ? `"${f.name}"` : ''}${f.id ? ` (${f.id})` : ''} failed: ${f.message ?? 'unknown error'}`,
          )
          .join('; '),
        'failed',
      );
    log('report screenshot: page drawn', { page: what, charts: state.charts, drawn: state.drawn });
    return state.drawn;
  }

  /** Makes the viewport as tall as the content (at most MAX_PAGE_HEIGHT); answers the height. */
  async function fitHeight(page: Page, width: number, start: number): Promise<number> {
    let height = start;
    for (let i = 0; i < 4; i += 1) {
      const needed = await page.evaluate(neededHeight);
      if (needed <= height) break;
      if (height >= MAX_PAGE_HEIGHT) break;
      const next = Math.min(needed, MAX_PAGE_HEIGHT);
      if (needed > MAX_PAGE_HEIGHT)
        log('report screenshot cut: the page is taller than the limit', {
          needed,
          limit: MAX_PAGE_HEIGHT,
        });
      await page.setViewportSize({ width, height: next });
      height = next;
      // Let the page lay out at the new size.
      await page.evaluate(nextFrame);
    }
    return height;
  }

  /** The page's picture: all of it, or only the viewport (a thumbnail's window). */
  async function shoot(page: Page, fullPage = true): Promise<Buffer> {
    await page.evaluate(fontsAndImagesReady);
    return page.screenshot({ type: 'png', fullPage, animations: 'disabled', caret: 'hide' });
  }

  /** A PDF of pictures: one page per picture slice, pages `width` × the tallest slice. */
  async function picturesPdf(
    context: BrowserContext,
    pictures: Array<{ png: Buffer; height: number }>,
    width: number,
  ): Promise<Buffer> {
    const slices: Array<{ png: Buffer; top: number; height: number }> = [];
    for (const p of pictures)
      for (let top = 0; top < p.height; top += MAX_PDF_PAGE_HEIGHT)
        slices.push({ png: p.png, top, height: Math.min(MAX_PDF_PAGE_HEIGHT, p.height - top) });
    const pageHeight = Math.max(...slices.map((s) => s.height));
    const page = await context.newPage();
    try {
      const html = slices
        .map(
          (s) =>
            `<div style="width:${width}px;height:${pageHeight}px;overflow:hidden;position:relative;break-after:page"><img style="position:absolute;left:0;top:${-s.top}px" src="data:image/png;base64,${s.png.toString('base64')}"></div>`,
        )
        .join('');
      await page.setContent(
        `<!doctype html><html><head><style>@page{margin:0}html,body{margin:0;padding:0}</style></head><body>${html}</body></html>`,
      );
      await page.evaluate(fontsAndImagesReady);
      return await page.pdf({
        width: `${width}px`,
        height: `${pageHeight}px`,
        printBackground: true,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      });
    } finally {
      await page.close().catch(() => undefined);
    }
  }

  async function captureChart(page: Page, chartId: number, req: CaptureRequest): Promise<Buffer> {
    const what = `Chart ${chartId}`;
    await page.goto(at(`explore/?slice_id=${chartId}&standalone=true`), {
      waitUntil: 'commit',
      timeout: loadWaitMs,
    });
    await waitDrawn(page, [], what);
    if (req.format === 'png') return shoot(page, !req.window);
    await page.emulateMedia({ media: 'screen' });
    return page.pdf({
      width: `${req.width}px`,
      height: `${chartHeight(req.width)}px`,
      printBackground: true,
      margin: { top: '0', right: '0', bottom: '0', left: '0' },
    });
  }

  async function captureDashboard(
    context: BrowserContext,
    page: Page,
    session: CaptureSession,
    dashboardId: number,
    view: DashboardView,
    req: CaptureRequest,
    views: string[][],
    keep: (key: string) => void,
    mark: (phase: string) => void,
  ): Promise<Buffer> {
    const what = `Dashboard ${dashboardId}`;
    const urlParams = (view.urlParams ?? []).filter(([k]) => k !== 'standalone');
    urlParams.push(['standalone', '3']);
    const state = {
      dataMask: view.dataMask ?? {},
      activeTabs: views[0] ?? [],
      urlParams,
      ...(isSimpleId(view.anchor) ? { anchor: view.anchor } : {}),
    };
    const made = await context.request.post(at(`api/v1/dashboard/${dashboardId}/permalink`), {
      data: state,
      headers: { 'X-CSRFToken': session.csrfToken },
      failOnStatusCode: false,
      timeout: loadWaitMs,
    });
    if (made.status() !== 201) {
      const body = (await made.text().catch(() => '')).slice(0, 300);
      const status = made.status();
      throw new CaptureError(
        `${what} could not be opened (${status}): ${body}`,
        status === 401 || status === 403 || status === 404 ? 'forbidden' : 'failed',
      );
    }
    const { key } = (await made.json()) as { key: string };
    keep(key);
    mark('permalink');
    await page.goto(at(`superset/dashboard/p/${encodeURIComponent(key)}/`), {
      waitUntil: 'commit',
      timeout: loadWaitMs,
    });

    const pictures: Array<{ png: Buffer; height: number }> = [];
    let single: { height: number } | null = null;
    for (const [i, tabs] of views.entries()) {
      const label = tabs.length ? `${what}, tab ${tabs[tabs.length - 1]}` : what;
      if (i > 0) {
        await page.setViewportSize({ width: req.width, height: DASHBOARD_START_HEIGHT });
        for (const tab of tabs) {
          // The tab's label appears once its parents are open.
          await page
            .waitForFunction(clickTab, tab, { timeout: loadWaitMs, polling: 100 })
            .catch((e: unknown) => {
              throw new CaptureError(`${label}: the tab is not on the page`, 'failed', {
                cause: e,
              });
            });
        }
      }
      await waitDrawn(page, tabs, label);
      mark(`drawn ${i}`);
      // A thumbnail: the first screen of the first view, as drawn.
      if (req.window) return shoot(page, false);
      const height = await fitHeight(page, req.width, DASHBOARD_START_HEIGHT);
      // Anything the taller page brought in is drawn too.
      await waitDrawn(page, tabs, label);
      mark(`fitted ${i}`);
      if (req.format === 'pdf' && views.length === 1 && height <= MAX_PDF_PAGE_HEIGHT) {
        single = { height };
        break;
      }
      pictures.push({ png: await shoot(page), height });
      mark(`shot ${i}`);
    }
    if (single) {
      await page.emulateMedia({ media: 'screen' });
      return page.pdf({
        width: `${req.width}px`,
        height: `${single.height}px`,
        printBackground: true,
        margin: { top: '0', right: '0', bottom: '0', left: '0' },
      });
    }
    if (req.format === 'pdf') return picturesPdf(context, pictures, req.width);
    if (pictures.length === 1) return pictures[0]!.png;
    let total = 0;
    const kept = pictures.filter((p) => {
      total += p.height;
      return total <= MAX_STACKED_HEIGHT;
    });
    if (kept.length < pictures.length)
      log('report screenshot: views left out, the stacked picture would be too tall', {
        views: pictures.length,
        kept: kept.length,
      });
    const stacked = await page.evaluate(
      stackPngs,
      (kept.length ? kept : pictures.slice(0, 1)).map((p) => p.png.toString('base64')),
    );
    return Buffer.from(stacked, 'base64');
  }

  async function capture(req: CaptureRequest, signal?: AbortSignal): Promise<Buffer> {
    const stopped = () =>
      new CaptureError(
        `The capture was stopped${signal?.reason ? `: ${message(signal.reason)}` : ''}`,
        'timeout',
        { cause: signal?.reason },
      );
    if (!Number.isInteger(req.width) || req.width < MIN_WIDTH || req.width > MAX_WIDTH)
      throw new CaptureError(
        `The width ${req.width} is not between ${MIN_WIDTH} and ${MAX_WIDTH}`,
        'failed',
      );
    if (req.window && (req.format !== 'png' || !(req.window.scale > 0 && req.window.scale <= 2)))
      throw new CaptureError('A window capture is a PNG drawn at a scale from 0 to 2', 'failed');
    if (signal?.aborted) throw stopped();

    let views: string[][] = [[]];
    if (req.target.kind === 'dashboard') {
      const row = await deps.db
        .selectFrom('dashboards')
        .select(['id', 'position_json'])
        .where('id', '=', req.target.dashboardId)
        .executeTakeFirst();
      if (!row)
        throw new CaptureError(`Dashboard ${req.target.dashboardId} does not exist`, 'forbidden');
      let position: unknown;
      try {
        position = row.position_json ? JSON.parse(row.position_json) : null;
      } catch {
        position = null;
      }
      const planned = dashboardViews(position, req.target.view.activeTabs, req.target.view.anchor);
      if (planned.unknown.length)
        log('report screenshot: tabs not in the dashboard left out', {
          dashboardId: req.target.dashboardId,
          unknown: planned.unknown,
        });
      views = planned.views;
    }

    // When each step ended (ms from the start), logged with the capture: where the time goes.
    const t0 = Date.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => (phases[name] = Date.now() - t0);
    const lease = await keeper.acquire();
    mark('browser');
    let context: BrowserContext | null = null;
    let session: CaptureSession | null = null;
    let permalink: string | null = null;
    const onAbort = () => void context?.close().catch(() => undefined);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const width = req.width;
      const height =
        req.window?.height ??
        (req.target.kind === 'chart' ? chartHeight(width) : DASHBOARD_START_HEIGHT);
      context = await lease.browser.newContext({
        viewport: { width, height },
        deviceScaleFactor: req.window?.scale ?? 1,
        reducedMotion: 'reduce',
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      if (signal?.aborted) throw stopped();
      // The session lives as long as the capture may: each view may wait the load wait.
      const lifetime = 60 + cfg.screenshotLoadWait * (views.length + 2);
      mark('context');
      session = await openCaptureSession(deps, context, req.userId, base, lifetime);
      const page = await context.newPage();
      page.setDefaultTimeout(loadWaitMs);
      mark('page');
      deps.onPage?.(page);
      const started = Date.now();
      const file =
        req.target.kind === 'chart'
          ? await captureChart(page, req.target.chartId, req)
          : await captureDashboard(
              context,
              page,
              session,
              req.target.dashboardId,
              req.target.view,
              req,
              views,
              (key) => (permalink = key),
              mark,
            );
      log('report screenshot taken', {
        target: req.target.kind,
        id: req.target.kind === 'chart' ? req.target.chartId : req.target.dashboardId,
        format: req.format,
        views: views.length,
        bytes: file.length,
        ms: Date.now() - started,
        phases,
      });
      return file;
    } catch (e) {
      if (signal?.aborted) throw stopped();
      if (e instanceof CaptureError) throw e;
      if (!lease.browser.isConnected())
        throw new CaptureError(
          `The screenshot browser stopped during the capture: ${message(e)}`,
          'browser',
          {
            cause: e,
          },
        );
      if (e instanceof Error && e.name === 'TimeoutError')
        throw new CaptureError(`The page did not answer in time: ${e.message}`, 'timeout', {
          cause: e,
        });
      throw new CaptureError(`The screenshot failed: ${message(e)}`, 'failed', { cause: e });
    } finally {
      signal?.removeEventListener('abort', onAbort);
      // The session ends first: whatever else fails below, it does not outlive the capture.
      await session
        ?.revoke()
        .catch((e: unknown) =>
          log('report screenshot: the capture session could not be deleted', { error: message(e) }),
        );
      await context?.close().catch(() => undefined);
      if (permalink) {
        const uuid = keyToUuid(permalink);
        if (uuid)
          await deps.db
            .deleteFrom('key_value')
            .where('uuid', '=', uuid)
            .where('resource', '=', KV_RESOURCE.dashboardPermalink)
            .execute()
            .catch(() => undefined);
      }
      lease.release();
    }
  }

  return {
    browser: keeper,
    capture,
    close: () => keeper.close(),
  };
}

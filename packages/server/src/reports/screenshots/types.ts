/**
 * What a report run asks of the headless browser (issue 18): a PNG or PDF of a chart or a whole
 * dashboard, drawn as `userId` sees it. The implementation keeps one Chromium per worker
 * process (playwright-core, `STRATA_CHROMIUM_PATH`), a new context per capture, logs the
 * context in as the user through a short-lived session made for the capture (never a shared
 * one), waits until every chart on the page reports drawn or failed (no fixed sleep), and
 * restarts the browser when it dies or after `STRATA_REPORT_BROWSER_MAX_JOBS` captures.
 */

export interface DashboardView {
  /** Tab ids to open; every one is captured, one after the other on the same page. */
  activeTabs?: string[];
  /** A tab or chart id to scroll to. */
  anchor?: string;
  /** Native filter values keyed by filter id (a permalink's dataMask). */
  dataMask?: Record<string, unknown>;
  /** Extra URL parameters (`url_param` in templated SQL). */
  urlParams?: Array<[string, string]>;
}

export type CaptureTarget =
  | { kind: 'chart'; chartId: number }
  | { kind: 'dashboard'; dashboardId: number; view: DashboardView };

export interface CaptureRequest {
  target: CaptureTarget;
  format: 'png' | 'pdf';
  /** Who the page is opened as. */
  userId: number;
  /** Viewport width in CSS pixels; the height is the page's whole height. */
  width: number;
  /**
   * A picture of the first screen only (thumbnails): the viewport is `width` × `height` CSS
   * pixels and stays so (nothing grown, only a dashboard's first view), drawn at `scale` device
   * pixels per CSS pixel (0.5: a 1600 × 1200 window gives an 800 × 600 PNG). PNG only.
   */
  window?: { height: number; scale: number };
}

/**
 * A capture failure: the page did not draw within `STRATA_SCREENSHOT_LOAD_WAIT`, a chart failed
 * (its message), the browser died, the user may not see the page.
 */
export class CaptureError extends Error {
  constructor(
    message: string,
    readonly kind: 'timeout' | 'failed' | 'forbidden' | 'browser',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CaptureError';
  }
}

export interface Screenshotter {
  /** The PNG or PDF file; rejects with a CaptureError. Aborting closes the capture's context. */
  capture(request: CaptureRequest, signal?: AbortSignal): Promise<Buffer>;
  /** Closes the browser (the worker's shutdown). */
  close(): Promise<void>;
}

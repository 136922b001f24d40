/**
 * The "drawn" signal of chart pages, read by report screenshots (the server's headless browser
 * waits on it instead of sleeping) and by browser tests:
 * - every chart container carries `data-chart-status` = `loading` | `rendered` | `failed`
 *   (with `data-chart-error`, the message, when failed);
 * - the page's root carries `data-report-ready` = `true` once every chart it shows (the open
 *   tabs' charts on a dashboard) is rendered or failed, `false` before;
 * - a page that could not open at all carries `data-report-error` = the HTTP status (403, 404)
 *   or `error`, with the message as its text.
 */
import { useCallback, useEffect, useRef } from 'react';

export type ChartDrawStatus = 'loading' | 'rendered' | 'failed';

export const CHART_STATUS_ATTR = 'data-chart-status';
export const REPORT_READY_ATTR = 'data-report-ready';

export interface ChartStatusInput {
  /** The chart's query: none started yet, running, answered or failed. */
  query: 'none' | 'loading' | 'success' | 'failed';
  /** The query's error, or the drawing's. */
  error: string | null;
  /** The chart has data and what it needs to draw it. */
  drawable: boolean;
  /** The renderer said the data shown is on screen. */
  drawn: boolean;
  /** Why the chart cannot be drawn although its query answered (e.g. its dataset is missing). */
  blocked: string | null;
}

/** A chart container's status and error (pure). */
export function chartDrawStatus(input: ChartStatusInput): {
  status: ChartDrawStatus;
  error: string | null;
} {
  if (input.error) return { status: 'failed', error: input.error };
  if (input.query === 'none' || input.query === 'loading')
    return { status: 'loading', error: null };
  if (input.drawable) return { status: input.drawn ? 'rendered' : 'loading', error: null };
  if (input.blocked) return { status: 'failed', error: input.blocked };
  return { status: 'rendered', error: null };
}

/** The attributes of a chart container for its status. */
export function chartStatusAttributes(s: { status: ChartDrawStatus; error: string | null }): {
  'data-chart-status': ChartDrawStatus;
  'data-chart-error'?: string;
} {
  return {
    'data-chart-status': s.status,
    ...(s.status === 'failed' && s.error ? { 'data-chart-error': s.error } : {}),
  };
}

/** Whether a page is ready: every chart's status is final (pure; no charts: ready). */
export function pageReady(statuses: ReadonlyArray<string | null>): boolean {
  return statuses.every((s) => s === 'rendered' || s === 'failed');
}

/** Reads the statuses under `scope` (null when the scope is not there yet: not ready). */
function readyIn(root: HTMLElement, scopeSelector: string | null): boolean {
  const scope = scopeSelector === null ? root : root.querySelector(scopeSelector);
  if (!scope) return false;
  const charts = scope.querySelectorAll(`[${CHART_STATUS_ATTR}]`);
  return pageReady(Array.from(charts, (c) => c.getAttribute(CHART_STATUS_ATTR)));
}

/**
 * A callback ref for a page's root: keeps `data-report-ready` on it from the chart statuses
 * under `scopeSelector` (the root itself when null), watched with a MutationObserver — charts
 * appearing, leaving (a tab closed) or changing status. The attribute is written straight to
 * the element, so the page does not re-render for it.
 */
export function useReportReadySignal(scopeSelector: string | null) {
  const observer = useRef<MutationObserver | null>(null);
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (root: HTMLElement | null) => {
      observer.current?.disconnect();
      observer.current = null;
      if (!root) return;
      const update = () => {
        const ready = String(readyIn(root, scopeSelector));
        if (root.getAttribute(REPORT_READY_ATTR) !== ready)
          root.setAttribute(REPORT_READY_ATTR, ready);
      };
      update();
      const o = new MutationObserver(update);
      o.observe(root, {
        subtree: true,
        childList: true,
        attributes: true,
        attributeFilter: [CHART_STATUS_ATTR],
      });
      observer.current = o;
    },
    [scopeSelector],
  );
}

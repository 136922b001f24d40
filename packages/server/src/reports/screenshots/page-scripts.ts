/**
 * Functions run inside the captured page (Playwright sends their source; they may use nothing
 * of this module but their argument). The server is built without the DOM library, so the few
 * page APIs they use are declared here, for this module only.
 */

interface PageElement {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  textContent: string | null;
  scrollHeight: number;
  clientHeight: number;
  click(): void;
}

declare const document: {
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
  documentElement: PageElement;
  body: PageElement;
  createTreeWalker(
    root: PageElement,
    whatToShow: number,
    filter: { acceptNode(node: PageElement): number },
  ): { nextNode(): PageElement | null };
  fonts: { ready: Promise<unknown> };
  images: ArrayLike<{ decode(): Promise<void> }>;
};
declare const window: { location: { pathname: string }; innerHeight: number };
declare const NodeFilter: { SHOW_ELEMENT: number; FILTER_REJECT: number; FILTER_ACCEPT: number };
declare function getComputedStyle(element: PageElement): { overflowY: string };
declare function requestAnimationFrame(callback: () => void): number;
interface PageBitmap {
  width: number;
  height: number;
}
declare function createImageBitmap(blob: Blob): Promise<PageBitmap>;
declare class OffscreenCanvas {
  constructor(width: number, height: number);
  getContext(kind: '2d'): {
    fillStyle: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    drawImage(image: PageBitmap, x: number, y: number): void;
  } | null;
  convertToBlob(options: { type: string }): Promise<Blob>;
}

/** What the page says while the capture waits (see `readPage`). */
export type PageState =
  | { kind: 'login' }
  | { kind: 'error'; status: string; message: string }
  | {
      kind: 'ready';
      charts: number;
      /** The ids (`data-chart-id`) of the charts drawn. */
      drawn: string[];
      failed: Array<{ id: string | null; name: string | null; message: string | null }>;
    };

/**
 * The login page, the page's error (`data-report-error`), or — once `data-report-ready` is
 * true and every tab of the view is open — the charts' outcome; false while waiting.
 */
export function readPage(tabs: string[]): PageState | false {
  if (window.location.pathname.startsWith('/login')) return { kind: 'login' };
  const error = document.querySelector('[data-report-error]');
  if (error)
    return {
      kind: 'error',
      status: error.getAttribute('data-report-error') ?? 'error',
      message: (error.textContent ?? '').trim().slice(0, 500),
    };
  const root = document.querySelector('[data-report-ready]');
  if (!root || root.getAttribute('data-report-ready') !== 'true') return false;
  const tabEls = Array.from(document.querySelectorAll('[data-tab-id]'));
  for (const tab of tabs) {
    const el = tabEls.find((e) => e.getAttribute('data-tab-id') === tab);
    if (!el || el.getAttribute('data-tab-active') !== 'true') return false;
  }
  const charts = Array.from(root.querySelectorAll('[data-chart-status]'));
  return {
    kind: 'ready',
    charts: charts.length,
    drawn: charts
      .filter((c) => c.getAttribute('data-chart-status') === 'rendered')
      .map((c) => c.getAttribute('data-chart-id') ?? ''),
    failed: charts
      .filter((c) => c.getAttribute('data-chart-status') === 'failed')
      .map((c) => ({
        id: c.getAttribute('data-chart-id'),
        name: c.getAttribute('data-chart-name'),
        message: c.getAttribute('data-chart-error'),
      })),
  };
}

/** The charts not drawn yet, named for a time-out's message. */
export function chartsStillLoading(): string[] {
  return Array.from(document.querySelectorAll('[data-chart-status="loading"]')).map((c) => {
    const name = c.getAttribute('data-chart-name');
    const id = c.getAttribute('data-chart-id');
    return name ? `"${name}"${id ? ` (${id})` : ''}` : id ? `chart ${id}` : 'the chart';
  });
}

/**
 * The height the page needs to show everything without scrolling: the document's, or the
 * viewport's plus what its tallest scrolling pane hides (a chart's own scrolling, like a
 * table's, is the chart's and left out).
 */
export function neededHeight(): number {
  let hidden = 0;
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (n) =>
      n.hasAttribute('data-chart-status') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
  });
  for (let el = walker.nextNode(); el; el = walker.nextNode()) {
    const over = el.scrollHeight - el.clientHeight;
    if (over <= 1) continue;
    const overflow = getComputedStyle(el).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') hidden = Math.max(hidden, over);
  }
  return Math.ceil(
    Math.max(
      document.documentElement.scrollHeight,
      document.body.scrollHeight,
      window.innerHeight + hidden,
    ),
  );
}

/** Clicks the tab `id` (its label carries `data-tab-id`) unless open; false when absent. */
export function clickTab(id: string): boolean {
  const el = Array.from(document.querySelectorAll('[data-tab-id]')).find(
    (e) => e.getAttribute('data-tab-id') === id,
  );
  if (!el) return false;
  if (el.getAttribute('data-tab-active') !== 'true') el.click();
  return true;
}

/** Resolves after the next frame (the page laid out at a new size). */
export function nextFrame(): Promise<null> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
}

/** Resolves when the page's fonts and images are ready to draw. */
export async function fontsAndImagesReady(): Promise<null> {
  await document.fonts.ready;
  await Promise.all(Array.from(document.images, (i) => i.decode().catch(() => null)));
  return null;
}

/** PNGs (base64) stacked top to bottom into one on a canvas; answers its base64. */
export async function stackPngs(parts: string[]): Promise<string> {
  const images = await Promise.all(
    parts.map((b64) =>
      createImageBitmap(
        new Blob([Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0))], { type: 'image/png' }),
      ),
    ),
  );
  const width = Math.max(...images.map((i) => i.width));
  const height = images.reduce((h, i) => h + i.height, 0);
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('The page has no 2D canvas');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, width, height);
  let y = 0;
  for (const image of images) {
    g.drawImage(image, 0, y);
    y += image.height;
  }
  const blob = await canvas.convertToBlob({ type: 'image/png' });
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

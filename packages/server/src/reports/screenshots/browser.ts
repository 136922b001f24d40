/**
 * The worker's one headless Chromium (playwright-core over the system's browser; never a
 * downloaded one). Launched on the first capture, shared by captures running at the same time
 * (each in its own context), replaced when it disconnects (a crash, a kill) and after
 * `maxJobs` captures: the next capture starts a new browser while the captures still on the old
 * one finish, and the old one is closed when its last capture is done. A browser's memory grows
 * with every page it has drawn; restarting it bounds that.
 */
import { chromium, type Browser } from 'playwright-core';
import { CaptureError } from './types.js';

/** Chromium's flags (STACK.md "Browser"), plus a /dev/shm-free shared memory for containers. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export type CaptureLog = (message: string, data?: Record<string, unknown>) => void;

export interface BrowserKeeperOptions {
  executablePath: string;
  /** Captures a browser serves before it is replaced (at least 1). */
  maxJobs: number;
  log?: CaptureLog;
}

/** One capture's hold on a browser; `release` once the capture is over (its context closed). */
export interface BrowserLease {
  browser: Browser;
  release(): void;
}

interface Generation {
  launched: Promise<Browser>;
  browser: Browser | null;
  /** Captures given this browser so far. */
  jobs: number;
  /** Captures still using it. */
  active: number;
  /** No new captures: closed when the last active one is released. */
  retiring: boolean;
}

/** The browser's process id, asked of Chromium itself (null when it cannot say). */
export async function browserPid(browser: Browser): Promise<number | null> {
  try {
    const cdp = await browser.newBrowserCDPSession();
    try {
      const info = (await cdp.send('SystemInfo.getProcessInfo')) as {
        processInfo: Array<{ type: string; id: number }>;
      };
      return info.processInfo.find((p) => p.type === 'browser')?.id ?? null;
    } finally {
      await cdp.detach().catch(() => undefined);
    }
  } catch {
    return null;
  }
}

export class BrowserKeeper {
  private current: Generation | null = null;
  private readonly all = new Set<Generation>();
  private closed = false;

  constructor(private readonly options: BrowserKeeperOptions) {}

  /** A browser for one capture (launching one when needed); rejects with a CaptureError. */
  async acquire(): Promise<BrowserLease> {
    if (this.closed) throw new CaptureError('The screenshot browser is shut down', 'browser');
    let gen = this.current;
    if (!gen || gen.retiring || (gen.browser && !gen.browser.isConnected())) gen = this.launch();
    gen.jobs += 1;
    gen.active += 1;
    if (gen.jobs >= Math.max(1, this.options.maxJobs)) this.retire(gen);
    let browser: Browser;
    try {
      browser = await gen.launched;
    } catch (e) {
      gen.active -= 1;
      throw new CaptureError(
        `The screenshot browser could not be started (${this.options.executablePath}): ${e instanceof Error ? e.message : String(e)}`,
        'browser',
        { cause: e },
      );
    }
    let released = false;
    return {
      browser,
      release: () => {
        if (released) return;
        released = true;
        gen.active -= 1;
        if (gen.retiring && gen.active === 0) this.shut(gen);
      },
    };
  }

  /** The browser now serving new captures, if one is up (tests kill it to see it replaced). */
  running(): Browser | null {
    const b = this.current?.browser ?? null;
    return b && b.isConnected() ? b : null;
  }

  /** Closes every browser (the worker's shutdown); later captures are refused. */
  async close(): Promise<void> {
    this.closed = true;
    this.current = null;
    await Promise.all(
      [...this.all].map(async (gen) => {
        const browser = await gen.launched.catch(() => null);
        await browser?.close().catch(() => undefined);
        this.all.delete(gen);
      }),
    );
  }

  private launch(): Generation {
    if (this.current) this.retire(this.current);
    const gen: Generation = {
      launched: chromium.launch({
        executablePath: this.options.executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
        // The worker handles its own signals and closes the browser on shutdown; a browser
        // whose parent dies exits with its pipe.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      }),
      browser: null,
      jobs: 0,
      active: 0,
      retiring: false,
    };
    this.current = gen;
    this.all.add(gen);
    gen.launched.then(
      (browser) => {
        gen.browser = browser;
        void browserPid(browser).then((pid) =>
          this.options.log?.('screenshot browser started', { version: browser.version(), pid }),
        );
        browser.on('disconnected', () => {
          this.all.delete(gen);
          if (this.current === gen) this.current = null;
          if (!gen.retiring)
            this.options.log?.('screenshot browser disconnected; the next capture starts another');
        });
        // Closed meanwhile (shutdown, or retired with nothing running).
        if (this.closed || (gen.retiring && gen.active === 0)) this.shut(gen);
      },
      () => {
        this.all.delete(gen);
        if (this.current === gen) this.current = null;
      },
    );
    return gen;
  }

  private retire(gen: Generation): void {
    gen.retiring = true;
    if (this.current === gen) this.current = null;
    if (gen.active === 0) this.shut(gen);
  }

  private shut(gen: Generation): void {
    void gen.launched
      .then((browser) => browser.close())
      .catch(() => undefined)
      .finally(() => this.all.delete(gen));
  }
}

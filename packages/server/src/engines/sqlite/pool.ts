import { EngineError } from '../types.js';
import { cancelledError } from './errors.js';

/** What the pool needs of a runner (the Runner class; fakes in tests). */
export interface Poolable {
  readonly started: Promise<void>;
  readonly alive: boolean;
  kill(reason: EngineError): void;
  onExit: (() => void) | null;
}

export interface PoolOptions {
  /** Most runners at once (1 for an in-memory database: it lives in its runner). */
  max: number;
  /** Idle time after which a runner is stopped, unless it is the last one. */
  idleMs: number;
  /** Idle time after which the last runner is stopped too; null keeps it (in-memory data). */
  lastIdleMs: number | null;
}

const closedError = (): EngineError =>
  new EngineError('query_error', 'This database connection is closed');

/**
 * Runner processes of one SQLite database. A call takes an idle runner, or starts one while
 * fewer than `max` exist, or waits its turn. Aborting a call's signal kills its runner (the
 * statement stops at once) or takes the call out of the queue; a later call starts a new
 * runner.
 */
export class RunnerPool<R extends Poolable> {
  private readonly idle: R[] = [];
  private readonly busy = new Set<R>();
  private readonly timers = new Map<R, NodeJS.Timeout>();
  private starting = 0;
  private waiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private readonly create: () => R,
    private readonly options: PoolOptions,
  ) {}

  /** Runs `fn` on a runner of its own for the time of the call. */
  async run<T>(fn: (runner: R) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw cancelledError();
    const runner = await this.acquire(signal);
    const cancel = (): void => runner.kill(cancelledError());
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      return await fn(runner);
    } finally {
      signal?.removeEventListener('abort', cancel);
      this.release(runner);
    }
  }

  /** Number of runners (busy, idle and starting). */
  get size(): number {
    return this.busy.size + this.idle.length + this.starting;
  }

  /** Stops every runner (a running statement fails) and every waiting call. */
  async close(): Promise<void> {
    this.closed = true;
    const all = [...this.idle, ...this.busy];
    this.idle.length = 0;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const runner of all) runner.kill(closedError());
    const waiters = this.waiters;
    this.waiters = [];
    for (const turn of waiters) turn();
  }

  private async acquire(signal?: AbortSignal): Promise<R> {
    for (;;) {
      if (this.closed) throw closedError();
      const idle = this.idle.pop();
      if (idle) {
        this.clearTimer(idle);
        this.busy.add(idle);
        return idle;
      }
      if (this.size < this.options.max) return this.start(signal);
      await this.waitForTurn(signal);
    }
  }

  private async start(signal?: AbortSignal): Promise<R> {
    this.starting += 1;
    const runner = this.create();
    runner.onExit = () => this.forget(runner);
    const cancel = (): void => runner.kill(cancelledError());
    signal?.addEventListener('abort', cancel, { once: true });
    try {
      await runner.started;
      if (this.closed) {
        runner.kill(closedError());
        throw closedError();
      }
      this.busy.add(runner);
      return runner;
    } finally {
      this.starting -= 1;
      signal?.removeEventListener('abort', cancel);
      this.wake();
    }
  }

  private waitForTurn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const turn = (): void => {
        signal?.removeEventListener('abort', abort);
        resolve();
      };
      const abort = (): void => {
        this.waiters = this.waiters.filter((w) => w !== turn);
        reject(cancelledError());
      };
      signal?.addEventListener('abort', abort, { once: true });
      this.waiters.push(turn);
    });
  }

  /** Lets the first waiting call try again. */
  private wake(): void {
    this.waiters.shift()?.();
  }

  private release(runner: R): void {
    this.busy.delete(runner);
    if (runner.alive && !this.closed) {
      this.idle.push(runner);
      this.scheduleStop(runner);
    }
    this.wake();
  }

  private forget(runner: R): void {
    this.busy.delete(runner);
    const at = this.idle.indexOf(runner);
    if (at >= 0) this.idle.splice(at, 1);
    this.clearTimer(runner);
    this.wake();
  }

  /**
   * Stops an idle runner after `idleMs`; the last one is kept a further `lastIdleMs` (for good
   * when that is null: an in-memory database lives in it).
   */
  private scheduleStop(runner: R, last = false): void {
    const ms = last ? this.options.lastIdleMs : this.options.idleMs;
    if (ms === null) return;
    const timer = setTimeout(() => {
      this.timers.delete(runner);
      const at = this.idle.indexOf(runner);
      if (at < 0) return;
      if (!last && this.size === 1) {
        const lastMs = this.options.lastIdleMs;
        if (lastMs !== null && lastMs > this.options.idleMs) {
          this.scheduleStop(runner, true);
          return;
        }
        if (lastMs === null) return;
      }
      this.idle.splice(at, 1);
      runner.kill(new EngineError('query_error', 'Stopped after being idle'));
    }, ms);
    timer.unref();
    this.timers.set(runner, timer);
  }

  private clearTimer(runner: R): void {
    const timer = this.timers.get(runner);
    if (timer) clearTimeout(timer);
    this.timers.delete(runner);
  }
}

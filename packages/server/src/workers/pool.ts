/**
 * A pool of worker threads for CPU-bound work (template rendering, SQL parsing, bundle
 * reading), so that one user's heavy input never holds the event loop that answers everyone.
 *
 * - Each worker runs one task at a time, so ending a worker ends exactly one task.
 * - A task has a time limit, counted from the moment a worker takes it: past it the worker is
 *   terminated (the only way to stop a synchronous loop) and the task fails with `timeout`.
 * - Workers run with V8 resource limits (old and young generation, stack): a task that needs
 *   more memory kills only its worker (`memory`), never the process.
 * - A worker that dies is forgotten and a new one is started for the next task; idle workers
 *   are stopped after `idleTimeoutMs`. Workers do not keep the process alive (unref).
 * - Tasks wait in a FIFO queue of at most `maxQueue` (then `busy`).
 * A plain module with no HTTP in it: a separate worker process can use it as the server does.
 */
import type { Worker } from 'node:worker_threads';
import type { TaskMessage, WorkerMessage } from './protocol.js';
import { spawnWorker } from './spawn.js';

export interface PoolOptions {
  /** The worker's entry module (`worker.js`, or `worker.ts` from the sources). */
  script: URL;
  /** Most workers at once. */
  size: number;
  /** V8 old generation of each worker, in MB. */
  maxOldGenerationSizeMb: number;
  /** V8 young generation of each worker, in MB. Default 32. */
  maxYoungGenerationSizeMb?: number;
  /** Stack of each worker, in MB. Default 4. */
  stackSizeMb?: number;
  /** An idle worker is stopped after this long. Default 5 minutes. */
  idleTimeoutMs?: number;
  /** Tasks waiting for a worker at most; more fail with `busy`. Default 1000. */
  maxQueue?: number;
  /** How long a new worker may take to load its modules. Default 60 s. */
  startTimeoutMs?: number;
}

export type TaskFailureReason = 'timeout' | 'memory' | 'crashed' | 'closed' | 'busy' | 'aborted';

/** A task that did not complete for a reason of the pool (not an error the task returned). */
export class WorkerTaskError extends Error {
  constructor(
    readonly reason: TaskFailureReason,
    message: string,
    /** The last progress the task reported before it failed. */
    readonly lastProgress: unknown = undefined,
  ) {
    super(message);
    this.name = 'WorkerTaskError';
  }
}

/** An exception thrown inside the worker by the task (a bug, not a limit). */
export class WorkerTaskThrew extends Error {
  constructor(
    readonly errorName: string,
    message: string,
  ) {
    super(message);
    this.name = 'WorkerTaskThrew';
  }
}

export interface RunOptions {
  /** Time the task may run once a worker took it, in milliseconds. */
  timeoutMs: number;
  /** Buffers moved to the worker instead of copied (the input must not be used after). */
  transfer?: ArrayBuffer[];
  onProgress?: (value: unknown) => void;
  /** Aborting fails the task (`aborted`) and ends its worker if it runs. */
  signal?: AbortSignal;
}

interface Task {
  id: number;
  kind: string;
  input: unknown;
  options: RunOptions;
  resolve(value: unknown): void;
  reject(error: Error): void;
  lastProgress: unknown;
  settled: boolean;
  slot: Slot | null;
  timer: NodeJS.Timeout | null;
  onAbort: (() => void) | null;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  task: Task | null;
  idleTimer: NodeJS.Timeout | null;
  startTimer: NodeJS.Timeout | null;
  /** Set when the pool ended the worker on purpose (time limit, abort, close). */
  endedBecause: TaskFailureReason | null;
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;
  private readonly options: Required<PoolOptions>;
  /** Workers started (for tests and logs). */
  started = 0;

  constructor(options: PoolOptions) {
    if (!(options.size >= 1)) throw new Error('A worker pool needs at least one worker');
    this.options = {
      maxYoungGenerationSizeMb: 32,
      stackSizeMb: 4,
      idleTimeoutMs: 5 * 60_000,
      maxQueue: 1000,
      startTimeoutMs: 60_000,
      ...options,
    };
  }

  /** Workers alive (busy, idle or starting). */
  get workerCount(): number {
    return this.slots.size;
  }

  /** Runs `kind` on `input` in a worker; rejects with WorkerTaskError or WorkerTaskThrew. */
  run<T>(kind: string, input: unknown, options: RunOptions): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.closed) {
        reject(new WorkerTaskError('closed', 'The worker pool is closed'));
        return;
      }
      if (options.signal?.aborted) {
        reject(new WorkerTaskError('aborted', 'The task was cancelled'));
        return;
      }
      if (this.queue.length >= this.options.maxQueue) {
        reject(new WorkerTaskError('busy', 'Too many tasks are waiting for a worker'));
        return;
      }
      const task: Task = {
        id: this.nextId++,
        kind,
        input,
        options,
        resolve: resolve as (v: unknown) => void,
        reject,
        lastProgress: undefined,
        settled: false,
        slot: null,
        timer: null,
        onAbort: null,
      };
      if (options.signal) {
        task.onAbort = () => this.fail(task, 'aborted', 'The task was cancelled');
        options.signal.addEventListener('abort', task.onAbort, { once: true });
      }
      this.queue.push(task);
      this.pump();
    });
  }

  /** Stops every worker; running and waiting tasks fail with `closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const task of this.queue.splice(0)) {
      this.settle(task);
      task.reject(new WorkerTaskError('closed', 'The worker pool was closed'));
    }
    const exits: Promise<unknown>[] = [];
    for (const slot of [...this.slots]) {
      if (slot.task) this.fail(slot.task, 'closed', 'The worker pool was closed');
      else exits.push(this.end(slot, 'closed'));
    }
    await Promise.all(exits);
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const idle = [...this.slots].find((s) => s.ready && !s.task);
      if (idle) {
        this.dispatch(idle, this.queue.shift()!);
        continue;
      }
      const starting = [...this.slots].filter((s) => !s.ready).length;
      if (this.slots.size < this.options.size && starting < this.queue.length) {
        this.startWorker();
        continue;
      }
      return;
    }
  }

  private startWorker(): void {
    const o = this.options;
    const worker = spawnWorker(o.script, {
      resourceLimits: {
        maxOldGenerationSizeMb: o.maxOldGenerationSizeMb,
        maxYoungGenerationSizeMb: o.maxYoungGenerationSizeMb,
        stackSizeMb: o.stackSizeMb,
      },
    });
    this.started += 1;
    worker.unref();
    const slot: Slot = {
      worker,
      ready: false,
      task: null,
      idleTimer: null,
      startTimer: null,
      endedBecause: null,
    };
    this.slots.add(slot);
    slot.startTimer = setTimeout(() => {
      void this.end(slot, 'crashed');
      this.failStart(`A worker did not start within ${o.startTimeoutMs} ms`);
    }, o.startTimeoutMs);
    slot.startTimer.unref();
    worker.on('message', (m: WorkerMessage) => this.onMessage(slot, m));
    worker.on('error', (e: Error) => this.onDeath(slot, e));
    worker.on('exit', () => this.onDeath(slot, null));
  }

  private onMessage(slot: Slot, m: WorkerMessage): void {
    if (m.type === 'ready') {
      if (slot.startTimer) clearTimeout(slot.startTimer);
      slot.startTimer = null;
      slot.ready = true;
      this.becomeIdle(slot);
      return;
    }
    const task = slot.task;
    if (!task || task.id !== m.id || task.settled) return;
    if (m.type === 'progress') {
      task.lastProgress = m.value;
      task.options.onProgress?.(m.value);
    } else if (m.type === 'done') {
      this.settle(task);
      task.resolve(m.value);
      slot.task = null;
      this.becomeIdle(slot);
    } else {
      this.settle(task);
      task.reject(new WorkerTaskThrew(m.error.name, m.error.message));
      slot.task = null;
      this.becomeIdle(slot);
    }
  }

  private onDeath(slot: Slot, error: Error | null): void {
    if (!this.slots.has(slot)) return;
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    const task = slot.task;
    slot.task = null;
    if (task && !task.settled) {
      const memory = (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
      const reason: TaskFailureReason = memory ? 'memory' : (slot.endedBecause ?? 'crashed');
      this.settle(task);
      task.reject(
        new WorkerTaskError(
          reason,
          memory
            ? `The task needed more than the worker's ${this.options.maxOldGenerationSizeMb} MB of memory`
            : `The worker stopped: ${error?.message ?? 'it exited'}`,
          task.lastProgress,
        ),
      );
    } else if (!slot.ready && slot.endedBecause === null) {
      // A worker that cannot load its modules: do not start new ones in a loop.
      this.failStart(`A worker could not start: ${error?.message ?? 'it exited'}`);
    }
    if (!this.closed) this.pump();
  }

  /** Fails the waiting tasks when workers cannot start. */
  private failStart(message: string): void {
    if ([...this.slots].some((s) => s.ready)) return;
    for (const task of this.queue.splice(0)) {
      this.settle(task);
      task.reject(new WorkerTaskError('crashed', message));
    }
  }

  private dispatch(slot: Slot, task: Task): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.task = task;
    task.slot = slot;
    task.timer = setTimeout(
      () => this.fail(task, 'timeout', `The task took longer than ${task.options.timeoutMs} ms`),
      task.options.timeoutMs,
    );
    const message: TaskMessage = { id: task.id, kind: task.kind, input: task.input };
    try {
      slot.worker.postMessage(message, task.options.transfer ?? []);
    } catch (e) {
      // The input cannot be cloned: a programming error, reported as the task's failure.
      this.settle(task);
      slot.task = null;
      task.reject(new WorkerTaskThrew('DataCloneError', (e as Error).message));
      this.becomeIdle(slot);
    }
  }

  /** Fails a task for a reason of the pool; its worker, if it runs it, is ended. */
  private fail(task: Task, reason: TaskFailureReason, message: string): void {
    if (task.settled) return;
    const slot = task.slot;
    this.settle(task);
    const index = this.queue.indexOf(task);
    if (index >= 0) this.queue.splice(index, 1);
    task.reject(new WorkerTaskError(reason, message, task.lastProgress));
    if (slot && slot.task === task) {
      slot.task = null;
      void this.end(slot, reason);
    }
  }

  private settle(task: Task): void {
    task.settled = true;
    if (task.timer) clearTimeout(task.timer);
    task.timer = null;
    if (task.onAbort) task.options.signal?.removeEventListener('abort', task.onAbort);
    task.onAbort = null;
  }

  private becomeIdle(slot: Slot): void {
    if (this.closed) {
      void this.end(slot, 'closed');
      return;
    }
    if (this.queue.length > 0) {
      this.pump();
      if (slot.task) return;
    }
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => void this.end(slot, 'closed'), this.options.idleTimeoutMs);
    slot.idleTimer.unref();
  }

  /** Terminates a worker on purpose; resolves once it has exited. */
  private async end(slot: Slot, reason: TaskFailureReason): Promise<void> {
    slot.endedBecause ??= reason;
    this.slots.delete(slot);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.startTimer) clearTimeout(slot.startTimer);
    if (!this.closed) this.pump();
    await slot.worker.terminate().catch(() => undefined);
  }
}

/**
 * The in-process job queue: jobs run in this process, at most `concurrency` at a time, in the
 * order they were added. A job still waiting can be cancelled; a running one is stopped by its
 * own means (an AbortSignal the job holds). The default queue of a single-process install.
 */
export interface JobQueue {
  /** Queues a job under an id (unique among waiting and running jobs). */
  add(id: string, run: () => Promise<void>): void;
  /** Removes a waiting job; false when it is not waiting (running, finished or unknown). */
  cancel(id: string): boolean;
  /** Waits for running and waiting jobs to end; no job is taken after it is called. */
  close(): Promise<void>;
}

interface Waiting {
  id: string;
  run: () => Promise<void>;
}

export class InProcessQueue implements JobQueue {
  private readonly waiting: Waiting[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private closed = false;

  constructor(
    private readonly concurrency: number,
    private readonly onError: (id: string, error: unknown) => void = () => undefined,
  ) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError('The queue needs a concurrency of at least 1');
    }
  }

  get size(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running.size;
  }

  add(id: string, run: () => Promise<void>): void {
    if (this.closed) throw new Error('The queue is closed');
    if (this.running.has(id) || this.waiting.some((w) => w.id === id)) {
      throw new Error(`A job with id ${id} is already queued`);
    }
    this.waiting.push({ id, run });
    this.pump();
  }

  cancel(id: string): boolean {
    const index = this.waiting.findIndex((w) => w.id === id);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  private pump(): void {
    while (!this.closed && this.running.size < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      const promise = Promise.resolve()
        .then(job.run)
        .catch((e: unknown) => this.onError(job.id, e))
        .finally(() => {
          this.running.delete(job.id);
          this.pump();
        });
      this.running.set(job.id, promise);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    await Promise.allSettled([...this.running.values()]);
  }
}

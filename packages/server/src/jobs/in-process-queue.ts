/**
 * The in-process job queue, the embedded default: jobs wait in memory and run in this process,
 * at most `concurrency` at a time, in the order they were added. Jobs are names and JSON
 * payloads as on the Redis queue (the payload is copied through JSON, so a closure or a class
 * instance cannot slip in); a retryable job that throws runs once more. A waiting job can be
 * removed; a running one is stopped by its own means (a stop published on the event bus).
 */
import {
  JOB_POLICIES,
  RETRYABLE_ATTEMPTS,
  type AddJobOptions,
  type JobHandler,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './types.js';

interface Waiting {
  id: string;
  name: JobName;
  payload: unknown;
  attempt: number;
}

export class InProcessQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly waiting: Waiting[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();
  private handlers: JobHandlers | null = null;
  private concurrency = 0;
  private closed = false;

  constructor(
    private readonly onError: (jobId: string, name: JobName, error: unknown) => void = () =>
      undefined,
  ) {}

  /** Jobs waiting to run. */
  get size(): number {
    return this.waiting.length;
  }

  /** Jobs running now. */
  get active(): number {
    return this.running.size;
  }

  async add<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: AddJobOptions,
  ): Promise<void> {
    if (this.closed) throw new Error('The job queue is closed');
    const id = options.jobId;
    // As on Redis: a job id already waiting or running is not added twice.
    if (this.running.has(id) || this.waiting.some((w) => w.id === id)) return;
    this.waiting.push({ id, name, payload: JSON.parse(JSON.stringify(payload)), attempt: 1 });
    this.pump();
  }

  async remove(jobId: string): Promise<boolean> {
    const index = this.waiting.findIndex((w) => w.id === jobId);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  work(handlers: JobHandlers, concurrency: number): void {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError('The queue needs a concurrency of at least 1');
    }
    this.handlers = handlers;
    this.concurrency = concurrency;
    this.pump();
  }

  private pump(): void {
    while (
      !this.closed &&
      this.handlers &&
      this.running.size < this.concurrency &&
      this.waiting.length > 0
    ) {
      const job = this.waiting.shift()!;
      const promise = this.runOne(job).finally(() => {
        this.running.delete(job.id);
        this.pump();
      });
      this.running.set(job.id, promise);
    }
  }

  private async runOne(job: Waiting): Promise<void> {
    const handler = this.handlers?.[job.name] as JobHandler<JobName> | undefined;
    try {
      if (!handler) throw new Error(`No handler for the job ${job.name}`);
      await handler(job.payload as JobPayloads[JobName], {
        jobId: job.id,
        attempt: job.attempt,
        signal: this.controller.signal,
      });
    } catch (e) {
      this.onError(job.id, job.name, e);
      if (
        handler &&
        !this.closed &&
        JOB_POLICIES[job.name].retryable &&
        job.attempt < RETRYABLE_ATTEMPTS
      ) {
        this.waiting.push({ ...job, attempt: job.attempt + 1 });
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    this.controller.abort();
    await Promise.allSettled([...this.running.values()]);
  }
}

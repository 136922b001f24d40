/**
 * INTERIM (helper "async"): a minimal in-memory `JobQueue` so async chart data runs before the
 * lead's `JobQueue` implementations (jobs/in-process-queue.ts, jobs/bullmq-queue.ts) land on
 * main. Delete it and use the services' queue when they do.
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
} from '../jobs/types.js';

interface Waiting {
  name: JobName;
  payload: unknown;
  jobId: string;
  attempt: number;
}

export class InterimJobQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  private readonly waiting: Waiting[] = [];
  private readonly running = new Map<string, Promise<void>>();
  private readonly controller = new AbortController();
  private handlers: JobHandlers | null = null;
  private concurrency = 1;
  private closed = false;

  constructor(
    private readonly onError: (jobId: string, error: unknown) => void = () => undefined,
  ) {}

  async add<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: AddJobOptions,
  ): Promise<void> {
    if (this.closed) throw new Error('The queue is closed');
    if (this.running.has(options.jobId) || this.waiting.some((w) => w.jobId === options.jobId))
      return;
    this.waiting.push({ name, payload, jobId: options.jobId, attempt: 1 });
    this.pump();
  }

  async remove(jobId: string): Promise<boolean> {
    const index = this.waiting.findIndex((w) => w.jobId === jobId);
    if (index < 0) return false;
    this.waiting.splice(index, 1);
    return true;
  }

  work(handlers: JobHandlers, concurrency: number): void {
    this.handlers = handlers;
    this.concurrency = Math.max(1, concurrency);
    this.pump();
  }

  private pump(): void {
    while (
      this.handlers &&
      !this.closed &&
      this.running.size < this.concurrency &&
      this.waiting.length
    ) {
      const job = this.waiting.shift()!;
      const handler = this.handlers[job.name] as JobHandler<JobName> | undefined;
      const run = async () => {
        if (!handler) throw new Error(`No handler for the job ${job.name}`);
        await handler(job.payload as JobPayloads[JobName], {
          jobId: job.jobId,
          attempt: job.attempt,
          signal: this.controller.signal,
        });
      };
      const promise = run()
        .catch((e: unknown) => {
          const retry = JOB_POLICIES[job.name].retryable && job.attempt < RETRYABLE_ATTEMPTS;
          if (retry && !this.closed) this.waiting.push({ ...job, attempt: job.attempt + 1 });
          else this.onError(job.jobId, e);
        })
        .finally(() => {
          this.running.delete(job.jobId);
          this.pump();
        });
      this.running.set(job.jobId, promise);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.waiting.length = 0;
    this.controller.abort();
    await Promise.allSettled([...this.running.values()]);
  }
}

import type {
  AddJobOptions,
  JobHandlers,
  JobName,
  JobPayloads,
  JobQueue,
} from '../../src/jobs/types.js';

/** A test-only queue: runs each job at once with its handler, records what it was given. */
export class RecordingQueue implements JobQueue {
  readonly kind = 'in-process' as const;
  readonly added: Array<{ name: JobName; payload: unknown; jobId: string }> = [];
  private handlers: JobHandlers = {};
  private readonly runs = new Set<Promise<void>>();

  async add<N extends JobName>(name: N, payload: JobPayloads[N], options: AddJobOptions) {
    this.added.push({ name, payload, jobId: options.jobId });
    const handler = this.handlers[name] as
      | ((
          p: JobPayloads[N],
          c: { jobId: string; attempt: number; signal: AbortSignal },
        ) => Promise<void>)
      | undefined;
    if (!handler) return;
    const run = handler(payload, {
      jobId: options.jobId,
      attempt: 1,
      signal: new AbortController().signal,
    });
    this.runs.add(run);
    void run.finally(() => this.runs.delete(run)).catch(() => undefined);
  }
  async remove(): Promise<boolean> {
    return false;
  }
  work(handlers: JobHandlers): void {
    this.handlers = handlers;
  }
  async close(): Promise<void> {
    await Promise.allSettled([...this.runs]);
  }
}

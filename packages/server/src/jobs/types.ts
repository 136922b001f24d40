/**
 * Background jobs: a job is a name and a JSON payload of ids, never a closure, so any worker
 * process can run it. A handler loads what it needs from the metadata store (or the shared
 * store its payload names). Two queues implement `JobQueue`: in-process (the embedded default,
 * `in-process-queue.ts`) and BullMQ on Redis (`bullmq-queue.ts`, with `STRATA_REDIS_URL`).
 */

/** Every job the app runs, with its payload. */
export interface JobPayloads {
  /** Runs an asynchronous SQL Lab query stored as `pending` with its prepared script. */
  'sqllab.execute': { queryId: number };
  /**
   * Runs a SQL Lab query's script again for a full-result CSV download, sending the CSV through
   * the export channel `exportId` names (`sqllab/export-channel.ts`) to the web process.
   */
  'sqllab.export_csv': { exportId: string; queryId: number };
  /**
   * Runs a chart data query context for GLOBAL_ASYNC_QUERIES. The query context is kept in the
   * async job store under `contextKey` (it is not an id-sized value); `userId` is who asked.
   */
  'chart_data.execute': {
    jobId: string;
    channelId: string;
    userId: number | null;
    contextKey: string;
  };
  /** The scheduler's housekeeping tick (expired sessions, results, events, instances). */
  'maintenance.purge': { schedule: string; tick: number };
  /**
   * Runs an alert or report (issue 18). From the scheduler: `{schedule: 'report.<id>', tick}`
   * (tick = the planned firing, epoch ms). From `POST /api/v1/report/{id}/run`: the same with
   * `logId`, the log row the web process created for the run (answered to the caller).
   */
  'report.execute': { schedule: string; tick: number; logId?: number };
  /** The daily prune of report logs older than each report's `log_retention`. */
  'reports.prune': { schedule: string; tick: number };
  /**
   * Makes a chart's (a dashboard's) thumbnail at `digest` as `userId`, the executor the web
   * process chose (THUMBNAILS; `thumbnails/service.ts`).
   */
  'thumbnail.chart': { chartId: number; digest: string; userId: number };
  'thumbnail.dashboard': { dashboardId: number; digest: string; userId: number };
}

export type JobName = keyof JobPayloads;

export interface JobPolicy {
  /**
   * Whether the job may run again when its worker dies or it throws (it must be idempotent:
   * chart data reads; a SQL Lab script may write, so it is never run twice).
   */
  retryable: boolean;
}

export const JOB_POLICIES: Record<JobName, JobPolicy> = {
  'sqllab.execute': { retryable: false },
  // The download has taken the chunks sent before a failure: a second run would repeat them.
  'sqllab.export_csv': { retryable: false },
  'chart_data.execute': { retryable: true },
  'maintenance.purge': { retryable: true },
  // A delivery is not idempotent (a mail sent twice): a report run is never retried.
  'report.execute': { retryable: false },
  'reports.prune': { retryable: true },
  // A picture made twice is the same picture.
  'thumbnail.chart': { retryable: true },
  'thumbnail.dashboard': { retryable: true },
};

/** How many times a retryable job runs at most (first run included). */
export const RETRYABLE_ATTEMPTS = 2;

export interface JobContext {
  /** The job's id (unique among waiting and running jobs). */
  jobId: string;
  /** 1 on the first run, 2 on a retry. */
  attempt: number;
  /** Aborted when this worker shuts down. */
  signal: AbortSignal;
}

export type JobHandler<N extends JobName> = (
  payload: JobPayloads[N],
  context: JobContext,
) => Promise<void>;

export type JobHandlers = { [N in JobName]?: JobHandler<N> };

export interface AddJobOptions {
  /** Unique among waiting and running jobs; adding an id that is waiting or running is a no-op. */
  jobId: string;
}

/** Where jobs are put (web, scheduler) and taken from (worker). */
export interface JobQueue {
  readonly kind: 'in-process' | 'bullmq';
  /** Queues a job. */
  add<N extends JobName>(name: N, payload: JobPayloads[N], options: AddJobOptions): Promise<void>;
  /** Removes a waiting job; false when it is not waiting (running, finished or unknown). */
  remove(jobId: string): Promise<boolean>;
  /**
   * Starts taking jobs in this process with these handlers, at most `concurrency` at a time
   * (the worker role). Before it is called, jobs wait (in Redis, or in memory).
   */
  work(handlers: JobHandlers, concurrency: number): void;
  /** Stops taking jobs, aborts the running ones' signals and waits for them to end. */
  close(): Promise<void>;
}

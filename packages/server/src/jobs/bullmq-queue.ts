/**
 * The job queue on Redis (BullMQ), used when `STRATA_REDIS_URL` is set: the web and scheduler
 * processes add jobs, worker processes take them. One BullMQ queue holds every job name.
 *
 * A job's worker holds a lock on it for `leaseSeconds` (renewed by BullMQ halfway through). When
 * the worker dies the lock runs out, BullMQ's stalled checker (run by every live worker) puts the
 * job back to wait, and the next worker to take it decides from the job's counters (see
 * `admitJob`): a retryable job runs again while it has attempts left; a job that is not
 * retryable is failed without running, so it never runs twice.
 */
import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import {
  JOB_POLICIES,
  RETRYABLE_ATTEMPTS,
  type AddJobOptions,
  type JobContext,
  type JobHandler,
  type JobHandlers,
  type JobName,
  type JobPayloads,
  type JobQueue,
} from './types.js';

export interface BullMqQueueOptions {
  redisUrl: string;
  /** BullMQ's key prefix (its keys are `<prefix>:<queueName>:…`). */
  prefix?: string;
  queueName?: string;
  /** How long a job's lock lasts without renewal: a dead worker's job is taken back after it. */
  leaseSeconds: number;
  /** Called when a job fails (its handler threw, its name is unknown, or its worker was lost). */
  onError?: (jobId: string, name: string, error: unknown) => void;
  /** Called on an error of the queue's or the worker's Redis connections. */
  onConnectionError?: (error: Error) => void;
}

export const DEFAULT_BULLMQ_PREFIX = 'strata';
export const DEFAULT_QUEUE_NAME = 'strata-jobs';
/** Delay before a retryable job that threw runs again. */
export const RETRY_BACKOFF_MS = 500;
/** Failed jobs kept for inspection (finished jobs never block a new job of the same id). */
const KEEP_FAILED = { count: 1000, age: 24 * 3600 };

/** The message of a job that is not retryable and whose worker stopped while running it. */
export function lostJobMessage(jobId: string): string {
  return `Job ${jobId} was not run again: the worker running it stopped and it is not retryable`;
}

/**
 * BullMQ refuses custom ids that are integers or contain ':' (the app's ids look like
 * `sqllab:<client_id>`): ours are stored as `j_` + the id with '%' and ':' escaped (one-to-one).
 */
export function toBullJobId(jobId: string): string {
  if (jobId.length === 0) throw new Error('A job id must not be empty');
  return `j_${jobId.replace(/%/g, '%25').replace(/:/g, '%3A')}`;
}

export function fromBullJobId(bullId: string): string {
  if (!bullId.startsWith('j_')) return bullId;
  return bullId.slice(2).replace(/%3A/g, ':').replace(/%25/g, '%');
}

/** BullMQ options of a new job of `name`. */
export function jobOptionsFor(name: JobName, jobId: string): JobsOptions {
  const retryable = JOB_POLICIES[name]?.retryable === true;
  return {
    jobId: toBullJobId(jobId),
    attempts: retryable ? RETRYABLE_ATTEMPTS : 1,
    ...(retryable ? { backoff: { type: 'fixed', delay: RETRY_BACKOFF_MS } } : {}),
    removeOnComplete: true,
    removeOnFail: KEEP_FAILED,
  };
}

/** Worker settings from the lease: the stalled check runs several times per lease. */
export function workerTimings(leaseSeconds: number): {
  lockDuration: number;
  stalledInterval: number;
  maxStalledCount: number;
} {
  if (!(leaseSeconds > 0))
    throw new RangeError('The job lease must be a positive number of seconds');
  const lockDuration = Math.round(leaseSeconds * 1000);
  return {
    lockDuration,
    stalledInterval: Math.max(100, Math.round(lockDuration / 4)),
    // Our own check (admitJob) decides about re-runs; BullMQ's limit only backs it up.
    maxStalledCount: RETRYABLE_ATTEMPTS,
  };
}

export type Admission = { run: true; attempt: number } | { run: false; reason: string };

/**
 * Whether a job taken by a worker runs. `attemptsStarted` counts the times a worker took it
 * (this one included), `stalledCounter` the times its worker was lost while running it.
 */
export function admitJob(
  name: string,
  jobId: string,
  attemptsStarted: number,
  stalledCounter: number,
): Admission {
  const policy = Object.hasOwn(JOB_POLICIES, name) ? JOB_POLICIES[name as JobName] : undefined;
  if (!policy) return { run: false, reason: `Unknown job name: ${name}` };
  const attempt = Math.max(1, attemptsStarted);
  if (!policy.retryable) {
    if (stalledCounter > 0 || attempt > 1) return { run: false, reason: lostJobMessage(jobId) };
    return { run: true, attempt: 1 };
  }
  if (attempt > RETRYABLE_ATTEMPTS) {
    return { run: false, reason: `Job ${jobId} ran ${RETRYABLE_ATTEMPTS} times without finishing` };
  }
  return { run: true, attempt };
}

const REMOVABLE_STATES = new Set(['waiting', 'delayed', 'prioritized', 'waiting-children']);
const FINISHED_STATES = new Set(['completed', 'failed']);

export class BullMqQueue implements JobQueue {
  readonly kind = 'bullmq' as const;
  private readonly prefix: string;
  private readonly queueName: string;
  private readonly connection: Redis;
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;
  private readonly running = new Map<string, AbortController>();
  private closing: Promise<void> | null = null;

  constructor(private readonly options: BullMqQueueOptions) {
    workerTimings(options.leaseSeconds); // validates the lease
    this.prefix = options.prefix ?? DEFAULT_BULLMQ_PREFIX;
    this.queueName = options.queueName ?? DEFAULT_QUEUE_NAME;
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: 1 });
    this.connection.on('error', (e: Error) => this.connectionError(e));
    this.queue = new Queue(this.queueName, { connection: this.connection, prefix: this.prefix });
    this.queue.on('error', (e: Error) => this.connectionError(e));
  }

  private connectionError(error: Error): void {
    this.options.onConnectionError?.(error);
  }

  async add<N extends JobName>(
    name: N,
    payload: JobPayloads[N],
    options: AddJobOptions,
  ): Promise<void> {
    if (this.closing) throw new Error('The queue is closed');
    if (!Object.hasOwn(JOB_POLICIES, name)) throw new Error(`Unknown job name: ${name}`);
    const bullId = toBullJobId(options.jobId);
    // A finished job kept in Redis would make BullMQ ignore a new job of its id.
    const state = await this.queue.getJobState(bullId);
    if (FINISHED_STATES.has(state)) await this.queue.remove(bullId);
    await this.queue.add(name, payload, jobOptionsFor(name, options.jobId));
  }

  async remove(jobId: string): Promise<boolean> {
    const bullId = toBullJobId(jobId);
    const state = await this.queue.getJobState(bullId);
    if (!REMOVABLE_STATES.has(state)) return false;
    // An active job is locked: BullMQ does not remove it (answers 0).
    return (await this.queue.remove(bullId)) === 1;
  }

  work(handlers: JobHandlers, concurrency: number): void {
    if (this.closing) throw new Error('The queue is closed');
    if (this.worker) throw new Error('This queue already has a worker');
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new RangeError('The worker needs a concurrency of at least 1');
    }
    // A worker's blocking commands must never give up (BullMQ requires it).
    this.workerConnection = new Redis(this.options.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', (e: Error) => this.connectionError(e));
    this.worker = new Worker(this.queueName, (job: Job) => this.process(handlers, job), {
      connection: this.workerConnection,
      prefix: this.prefix,
      concurrency,
      ...workerTimings(this.options.leaseSeconds),
    });
    this.worker.on('error', (e: Error) => this.connectionError(e));
  }

  private async process(handlers: JobHandlers, job: Job): Promise<void> {
    const jobId = fromBullJobId(job.id ?? '');
    const name = job.name;
    const admission = admitJob(name, jobId, job.attemptsStarted, job.stalledCounter);
    if (!admission.run) {
      const error = new UnrecoverableError(admission.reason);
      this.options.onError?.(jobId, name, error);
      throw error;
    }
    const handler = (handlers as Partial<Record<string, JobHandler<JobName>>>)[name];
    if (!handler) {
      const error = new UnrecoverableError(`No handler for job ${name} in this worker`);
      this.options.onError?.(jobId, name, error);
      throw error;
    }
    const controller = new AbortController();
    const key = `${job.id}:${admission.attempt}`;
    this.running.set(key, controller);
    const context: JobContext = { jobId, attempt: admission.attempt, signal: controller.signal };
    try {
      await handler(job.data as JobPayloads[JobName], context);
    } catch (e) {
      this.options.onError?.(jobId, name, e);
      throw e instanceof Error ? e : new Error(String(e));
    } finally {
      this.running.delete(key);
    }
  }

  async close(): Promise<void> {
    this.closing ??= (async () => {
      const worker = this.worker;
      if (worker) {
        // Stop taking jobs first, then ask the running ones to end and wait for them.
        const closed = worker.close();
        for (const controller of this.running.values())
          controller.abort(new Error('Worker closing'));
        await closed;
      }
      await this.queue.close();
      await Promise.all(
        [this.connection, this.workerConnection].map(async (c) => {
          if (!c) return;
          await c.quit().catch(() => c.disconnect());
        }),
      );
    })();
    return this.closing;
  }
}

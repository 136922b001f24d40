/**
 * Async chart data (GLOBAL_ASYNC_QUERIES, Superset's `_run_async`, `load_chart_data_into_cache`
 * and `/api/v1/chart/data/<cache_key>`): a chart query that is not in the cache is run by a
 * worker instead of the web request. `start` checks the context (access, validity) as the
 * synchronous path does, answers a cached result at once, else keeps the context under a new
 * result key and queues `chart_data.execute`; the job runs the query (which fills the chart data
 * cache) and appends a `done` event naming `/api/v1/chart/data/<key>`, or an `error` event;
 * `result` answers that URL to the user who asked, from the cache.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { AsyncJobError, AsyncJobMetadata } from '@strata/core';
import { ApiError } from '../api/errors.js';
import type { AsyncEventStore } from '../async_events/event-store.js';
import { isJobKey, type AsyncJobStore } from '../async_events/job-store.js';
import {
  RETRYABLE_ATTEMPTS,
  type JobContext,
  type JobPayloads,
  type JobQueue,
} from '../jobs/types.js';
import type { Versions } from '../metadata/versions.js';
import type { Principal } from '../security/principal.js';
import type { PrincipalCache } from '../security/principal-cache.js';
import type { ChartDataAnswer, ChartDataService } from './service.js';

/** How long a job's context is kept for its result to be read (seconds). */
export const ASYNC_JOB_TTL_SECONDS = 86_400;

/** The path a finished job's result is read from. */
export const asyncResultUrl = (key: string) => `/api/v1/chart/data/${key}`;

/** What the job store keeps under a result key. */
interface StoredJob {
  context: unknown;
  userId: number | null;
  /** When the job was started (epoch ms): results cached since then are its own. */
  startedAt?: number;
}

/**
 * A result the job itself computed is not "cached" to its user: the cache is only how it came
 * from the worker. Queries cached (seconds precision, UTC) since the job started are marked
 * fresh; older entries (another run's) stay cached.
 */
export function markJobResultsFresh(answer: ChartDataAnswer, startedAt: number): void {
  const since = Math.floor(startedAt / 1000) * 1000;
  for (const query of answer.queries) {
    const when = query.cached_dttm;
    if (query.is_cached !== true || typeof when !== 'string') continue;
    if (Date.parse(`${when}Z`) >= since) query.is_cached = false;
  }
}

export type AsyncStart = { cached: ChartDataAnswer } | { job: AsyncJobMetadata };

/** Whether a context body asks for what is run asynchronously: a JSON answer of full results. */
export function runsAsync(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { result_format: format, result_type: type } = body as Record<string, unknown>;
  return (format ?? 'json') === 'json' && (type ?? 'full') === 'full';
}

/** The `errors` of an error event: the ApiError's (Superset-shaped) errors, else its message. */
export function jobErrorsOf(error: ApiError): AsyncJobError[] {
  const listed = error.body?.errors;
  if (Array.isArray(listed) && listed.length) {
    const errors = listed.filter(
      (e): e is AsyncJobError =>
        typeof e === 'object' &&
        e !== null &&
        typeof (e as { message?: unknown }).message === 'string',
    );
    if (errors.length) return errors;
  }
  const message = typeof error.body?.message === 'string' ? error.body.message : error.message;
  return [{ message }];
}

function parseStored(text: string | null): StoredJob | null {
  if (text === null) return null;
  try {
    const value = JSON.parse(text) as Partial<StoredJob>;
    if (typeof value !== 'object' || value === null || !('context' in value)) return null;
    const userId = value.userId;
    if (userId !== null && !Number.isInteger(userId)) return null;
    const startedAt = Number.isFinite(value.startedAt) ? value.startedAt : undefined;
    return { context: value.context, userId: userId ?? null, startedAt };
  } catch {
    return null;
  }
}

export interface AsyncChartDataDeps {
  service: ChartDataService;
  jobs: AsyncJobStore;
  events: AsyncEventStore;
  queue: Pick<JobQueue, 'add'>;
  principals: Pick<PrincipalCache, 'user' | 'anonymousPrincipal'>;
  /** Unexpected failures of a job (logged; the event says only that the query failed). */
  onError?: (error: unknown, payload: JobPayloads['chart_data.execute']) => void;
  jobTtlSeconds?: number;
}

const userIdOf = (principal: Principal): number | null =>
  principal.isAnonymous ? null : principal.id;

export class AsyncChartData {
  constructor(private readonly deps: AsyncChartDataDeps) {}

  /**
   * Starts the context as a job for the principal on their channel, or answers it when it is
   * cached. Throws as the synchronous path does (400 bad context, 404 no access).
   */
  async start(
    principal: Principal,
    channelId: string,
    body: unknown,
    versions?: Versions,
  ): Promise<AsyncStart> {
    const cached = await this.deps.service.runCached(principal, body, { rawData: true, versions });
    if (cached) return { cached };
    const contextKey = randomBytes(16).toString('hex');
    const jobId = randomUUID();
    const userId = userIdOf(principal);
    const stored: StoredJob = { context: body, userId, startedAt: Date.now() };
    await this.deps.jobs.put(
      contextKey,
      JSON.stringify(stored),
      this.deps.jobTtlSeconds ?? ASYNC_JOB_TTL_SECONDS,
    );
    await this.deps.queue.add(
      'chart_data.execute',
      { jobId, channelId, userId, contextKey },
      { jobId: `chart_data:${jobId}` },
    );
    return {
      job: {
        channel_id: channelId,
        job_id: jobId,
        user_id: userId,
        status: 'pending',
        errors: [],
        result_url: null,
      },
    };
  }

  /** The `chart_data.execute` handler: runs the context as its user, then appends the event. */
  async handle(payload: JobPayloads['chart_data.execute'], context: JobContext): Promise<void> {
    const { jobId, channelId, userId, contextKey } = payload;
    const meta = { channel_id: channelId, job_id: jobId, user_id: userId };
    const fail = (errors: AsyncJobError[]) =>
      this.deps.events.append(channelId, {
        ...meta,
        status: 'error',
        errors,
        result_url: null,
      });
    const stored = parseStored(isJobKey(contextKey) ? await this.deps.jobs.get(contextKey) : null);
    if (!stored || stored.userId !== userId) {
      await fail([{ message: 'The chart query expired before it could run' }]);
      return;
    }
    const principal =
      userId === null
        ? await this.deps.principals.anonymousPrincipal()
        : await this.deps.principals.user(userId);
    if (!principal) {
      await fail([{ message: 'The user who asked for this chart query is not active' }]);
      return;
    }
    try {
      await this.deps.service.run(principal, stored.context, context.signal);
    } catch (e) {
      // Another run may succeed (this worker stopping, a lost connection): left to the queue.
      const retry = context.attempt < RETRYABLE_ATTEMPTS;
      if (context.signal.aborted && retry) throw e;
      if (e instanceof ApiError) {
        await fail(jobErrorsOf(e));
        return;
      }
      if (retry) throw e;
      this.deps.onError?.(e, payload);
      await fail([{ message: 'The chart query failed' }]);
      return;
    }
    await this.deps.events.append(channelId, {
      ...meta,
      status: 'done',
      errors: [],
      result_url: asyncResultUrl(contextKey),
    });
  }

  /**
   * The result of a finished job, for the user who started it (404 for anyone else, an unknown
   * or expired key): the context run again, which the job left in the cache.
   */
  async result(principal: Principal, key: string): Promise<ChartDataAnswer> {
    const stored = parseStored(isJobKey(key) ? await this.deps.jobs.get(key) : null);
    if (!stored || stored.userId !== userIdOf(principal)) throw new ApiError(404, 'Not found');
    const context =
      typeof stored.context === 'object' && stored.context !== null
        ? { ...(stored.context as Record<string, unknown>), force: false }
        : stored.context;
    const answer = await this.deps.service.run(principal, context, undefined, { rawData: true });
    if (stored.startedAt !== undefined) markJobResultsFresh(answer, stored.startedAt);
    return answer;
  }
}

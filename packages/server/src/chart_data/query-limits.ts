/**
 * The limits every chart query runs under (issue 16 point 2), shared by chart data and by
 * `/datasource/samples`: the row cap (SQL_MAX_ROW), the byte budget of one query, the process's
 * pool of chart data bytes, and each user's query slots. One instance per app.
 */
import { DEFAULT_SQL_MAX_ROW } from '@strata/core';
import { ApiError } from '../api/errors.js';
import type { DatabaseClient, ExecuteResult } from '../engines/types.js';
import type { Principal } from '../security/principal.js';
import { executeWithinBudget } from './guarded-execute.js';
import {
  BytePool,
  DEFAULT_CHART_DATA_MAX_BYTES,
  ResultTooLargeError,
  ServerBusyError,
  type ByteBudget,
} from './limits.js';
import { TooManyQueriesError, UserQuerySlots } from './user-slots.js';

/** The default of STRATA_CHART_QUERIES_PER_USER: as many as a batch runs at once. */
export const DEFAULT_QUERIES_PER_USER = 6;
/** The default of STRATA_CHART_QUERY_QUEUE_PER_USER: a batch's most contexts. */
export const DEFAULT_QUERY_QUEUE_PER_USER = 100;
/** How long a query waits for a slot when no time-out is given. */
const DEFAULT_WAIT_MS = 60_000;

export interface ChartQueryLimitOptions {
  /** Row limits are clamped at this (Superset's SQL_MAX_ROW; STRATA_SQL_MAX_ROW). */
  maxRows?: number;
  /** The bytes one chart query may bring into memory (STRATA_CHART_DATA_MAX_BYTES). */
  maxBytes?: number;
  /** The bytes all chart queries in flight may hold together (STRATA_CHART_DATA_TOTAL_BYTES). */
  totalBytes?: number;
  /** Chart queries of one user running at once (STRATA_CHART_QUERIES_PER_USER). */
  queriesPerUser?: number;
  /** Chart queries of one user waiting at once (STRATA_CHART_QUERY_QUEUE_PER_USER). */
  queryQueuePerUser?: number;
  /** The most a query waits for a slot (the chart query time-out). */
  waitMs?: number;
}

/** The queue a principal's chart queries wait in: one per user, one for all anonymous visitors. */
export function userKeyOf(principal: Principal): string {
  return principal.isAnonymous ? 'anonymous' : `user:${principal.id}`;
}

/** A refused run as the API answers it: 422 too large, 503 server busy, 429 too many at once. */
export function limitError(e: unknown): ApiError | null {
  if (e instanceof ResultTooLargeError) return new ApiError(422, e.message);
  if (e instanceof ServerBusyError) return new ApiError(503, e.message);
  if (e instanceof TooManyQueriesError) return new ApiError(429, e.message);
  return null;
}

export class ChartQueryLimits {
  readonly maxRows: number;
  readonly maxBytes: number;
  readonly queriesPerUser: number;
  readonly pool: BytePool;
  readonly slots: UserQuerySlots;
  private readonly waitMs: number;

  constructor(options: ChartQueryLimitOptions = {}) {
    this.maxRows = options.maxRows ?? DEFAULT_SQL_MAX_ROW;
    this.maxBytes = options.maxBytes ?? DEFAULT_CHART_DATA_MAX_BYTES;
    this.pool = new BytePool(Math.max(options.totalBytes ?? this.maxBytes * 4, this.maxBytes));
    this.queriesPerUser = Math.max(1, options.queriesPerUser ?? DEFAULT_QUERIES_PER_USER);
    this.slots = new UserQuerySlots(
      this.queriesPerUser,
      options.queryQueuePerUser ?? DEFAULT_QUERY_QUEUE_PER_USER,
    );
    this.waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  }

  /** Runs `work` in one of the user's query slots; a refusal is the API's 429. */
  async inUserSlot<T>(
    user: string,
    signal: AbortSignal | undefined,
    work: () => Promise<T>,
  ): Promise<T> {
    let release: () => void;
    try {
      release = await this.slots.acquire(user, { signal, waitMs: this.waitMs });
    } catch (e) {
      throw limitError(e) ?? e;
    }
    try {
      return await work();
    } finally {
      release();
    }
  }

  /**
   * One statement within the byte budget (`usedBefore`: what the same request already brought
   * in), its rows capped at `maxRows` and SQL_MAX_ROW. Refusals come back as ResultTooLargeError
   * or ServerBusyError (see `limitError`). The caller releases the budget when done.
   */
  execute(
    client: DatabaseClient,
    sql: string,
    options: {
      schema?: string | null;
      maxRows: number;
      labels?: readonly string[];
      usedBefore?: number;
      signal?: AbortSignal;
      readOnly?: boolean;
    },
  ): Promise<{ result: ExecuteResult; budget: ByteBudget }> {
    return executeWithinBudget(client, sql, {
      ...options,
      maxRows: Math.min(options.maxRows, this.maxRows),
      maxBytes: this.maxBytes,
      pool: this.pool,
    });
  }
}

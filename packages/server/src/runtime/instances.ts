/**
 * The processes of an install (table `strata_instance`): each registers itself with its roles
 * and keeps a heartbeat. A query's `worker_id` names the instance running it (or, with the
 * in-process queue, holding it); when that instance's heartbeat is older than the lease (or its
 * row is gone) the process died, and a sweep fails the query with a message naming the worker,
 * so no query is left `running` forever. Heartbeats use each process's clock: the hosts of an
 * install are expected to keep time (NTP), a skew eats into the lease.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { nowIso, type MetadataDb } from '../metadata/db.js';

/** Dead instances' rows are kept this long (for inspection), then deleted by the sweep. */
export const DEAD_INSTANCE_KEEP_MS = 24 * 3600 * 1000;
/** The states of a query that a worker holds. */
export const HELD_QUERY_STATES = ['pending', 'running'] as const;

/** `<hostname>-<pid>-<6 hex>`: unique per process start, readable in messages. */
export function newInstanceId(hostname = os.hostname(), pid = process.pid): string {
  const host = hostname.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 60) || 'host';
  return `${host}-${pid}-${randomBytes(3).toString('hex')}`;
}

export function lostWorkerMessage(workerId: string): string {
  return `The query was interrupted: the worker ${workerId} running it stopped. Run it again.`;
}

/** The error a lost worker's query is failed with (as SQL Lab's `extra.errors` holds it). */
export function lostWorkerError(workerId: string): {
  message: string;
  error_type: 'GENERIC_BACKEND_ERROR';
  level: 'error';
  extra: { reason: 'worker_lost'; worker: string };
} {
  return {
    message: lostWorkerMessage(workerId),
    error_type: 'GENERIC_BACKEND_ERROR',
    level: 'error',
    extra: { reason: 'worker_lost', worker: workerId },
  };
}

/** The oldest heartbeat (epoch ms) of a live instance at `now`. */
export function liveSince(now: number, leaseMs: number): number {
  return now - leaseMs;
}

/** How often an instance beats: three times per lease, so one late beat does not kill it. */
export function heartbeatIntervalMs(leaseSeconds: number): number {
  return Math.max(50, Math.floor((leaseSeconds * 1000) / 3));
}

export interface InstanceRegistryOptions {
  db: MetadataDb;
  leaseSeconds: number;
  /** This process's id (default: a new one). */
  instanceId?: string;
  hostname?: string;
  pid?: number;
  /** A failed heartbeat or sweep of the timers (the timers go on). */
  onError?: (error: unknown) => void;
}

export interface SweepResult {
  /** The queries failed, with the worker each had. */
  failed: Array<{ queryId: number; workerId: string }>;
  /** Dead instances' rows deleted (dead for more than a day). */
  deletedInstances: number;
}

export class InstanceRegistry {
  readonly instanceId: string;
  private readonly db: MetadataDb;
  private readonly leaseMs: number;
  private readonly hostname: string;
  private readonly pid: number;
  private roles = '';
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private beating: Promise<void> | null = null;
  private sweeping: Promise<SweepResult> | null = null;
  private stopped = false;

  constructor(private readonly options: InstanceRegistryOptions) {
    if (!(options.leaseSeconds > 0)) throw new RangeError('The lease must be positive');
    this.db = options.db;
    this.leaseMs = options.leaseSeconds * 1000;
    this.hostname = options.hostname ?? os.hostname();
    this.pid = options.pid ?? process.pid;
    this.instanceId = options.instanceId ?? newInstanceId(this.hostname, this.pid);
  }

  private report(error: unknown): void {
    this.options.onError?.(error);
  }

  /** Registers this process (or refreshes its row) and starts its heartbeat. */
  async register(roles: Iterable<string>): Promise<void> {
    if (this.stopped) throw new Error('The instance registry is stopped');
    this.roles = [...roles].sort().join(',');
    await this.upsert(Date.now());
    if (!this.heartbeatTimer) {
      this.heartbeatTimer = setInterval(() => {
        if (this.beating) return;
        this.beating = this.heartbeat()
          .catch((e: unknown) => this.report(e))
          .finally(() => (this.beating = null));
      }, heartbeatIntervalMs(this.options.leaseSeconds));
      this.heartbeatTimer.unref();
    }
  }

  private async upsert(now: number): Promise<void> {
    await this.db
      .insertInto('strata_instance')
      .values({
        id: this.instanceId,
        roles: this.roles,
        hostname: this.hostname.slice(0, 255),
        pid: this.pid,
        started_at: now,
        heartbeat_at: now,
      })
      .onConflict((oc) => oc.column('id').doUpdateSet({ roles: this.roles, heartbeat_at: now }))
      .execute();
  }

  /** Beats once (the timer does this every lease/3); brings the row back if it was deleted. */
  async heartbeat(now = Date.now()): Promise<void> {
    if (this.stopped) return;
    const result = await this.db
      .updateTable('strata_instance')
      .set({ heartbeat_at: now })
      .where('id', '=', this.instanceId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) await this.upsert(now);
  }

  /**
   * The embedded single process: every other instance is dead (there is no other process), so
   * the next sweep fails what they held at once.
   */
  async markOthersDead(): Promise<void> {
    await this.db
      .updateTable('strata_instance')
      .set({ heartbeat_at: 0 })
      .where('id', '<>', this.instanceId)
      .execute();
  }

  /**
   * Fails the queries held by instances that are not live at `now` (this one is always live),
   * then deletes the rows of instances dead for more than a day.
   */
  async sweep(now = Date.now()): Promise<SweepResult> {
    const live = this.db
      .selectFrom('strata_instance')
      .select('id')
      .where('heartbeat_at', '>=', liveSince(now, this.leaseMs));
    const orphans = await this.db
      .selectFrom('query')
      .select(['id', 'worker_id'])
      .where('status', 'in', [...HELD_QUERY_STATES])
      .where('worker_id', 'is not', null)
      .where('worker_id', '<>', this.instanceId)
      .where('worker_id', 'not in', live)
      .execute();
    const failed: SweepResult['failed'] = [];
    for (const row of orphans) {
      const workerId = row.worker_id!;
      if (await this.failLostQuery(row.id, workerId, now)) {
        failed.push({ queryId: row.id, workerId });
      }
    }
    const deleted = await this.db
      .deleteFrom('strata_instance')
      .where('heartbeat_at', '<', now - DEAD_INSTANCE_KEEP_MS)
      .where('id', '<>', this.instanceId)
      .executeTakeFirst();
    return { failed, deletedInstances: Number(deleted.numDeletedRows) };
  }

  /**
   * Fails query `queryId` as lost with worker `workerId`, unless it finished or another worker
   * took it since it was read (the guard); whether it was failed.
   */
  async failLostQuery(queryId: number, workerId: string, now = Date.now()): Promise<boolean> {
    const error = lostWorkerError(workerId);
    const result = await this.db
      .updateTable('query')
      .set({
        status: 'failed',
        error_message: error.message,
        extra_json: JSON.stringify({ errors: [error] }),
        results_key: null,
        end_time: now,
        changed_on: nowIso(),
      })
      .where('id', '=', queryId)
      .where('status', 'in', [...HELD_QUERY_STATES])
      .where('worker_id', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Sweeps now and then every `intervalMs` (worker processes: every lease/3). */
  startSweeping(intervalMs = heartbeatIntervalMs(this.options.leaseSeconds)): void {
    if (this.stopped) throw new Error('The instance registry is stopped');
    if (this.sweepTimer) return;
    const run = () => {
      if (this.sweeping || this.stopped) return;
      this.sweeping = this.sweep();
      this.sweeping
        .catch((e: unknown) => this.report(e))
        .finally(() => (this.sweeping = null))
        .catch(() => undefined);
    };
    this.sweepTimer = setInterval(run, intervalMs);
    this.sweepTimer.unref();
    run();
  }

  /** Stops the timers, waits for a beat or sweep under way and deletes this instance's row. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.heartbeatTimer = this.sweepTimer = null;
    await Promise.allSettled([this.beating, this.sweeping]);
    await this.db.deleteFrom('strata_instance').where('id', '=', this.instanceId).execute();
  }
}

/**
 * The scheduler role: fires each schedule's ticks. Several schedulers may run (for availability):
 * at each tick every one of them tries to claim `(schedule, tick)` by inserting it into
 * `strata_schedule_tick` (primary key); the one whose insert lands enqueues the tick's job, the
 * others skip it. Ticks are the planned times computed from the pattern, so all processes name
 * a tick alike whatever their timers' lateness.
 */
import type { Cron } from 'croner';
import type { MetadataDb } from '../metadata/db.js';
import type { JobQueue } from '../jobs/types.js';
import { checkSchedule, cronOf, nextTick, tickJobId, type Schedule } from './schedules.js';

/** Longest single wait: timers are re-armed at least this often (clock changes, drift). */
const MAX_WAIT_MS = 30_000;

/** Whether `error` is a duplicate-key violation (PostgreSQL 23505, SQLite constraint). */
export function isDuplicateKeyError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  );
}

function sameTiming(a: Schedule, b: Schedule): boolean {
  return a.cron === b.cron && a.timezone === b.timezone;
}

/** The time and timers a scheduler uses: the real ones, or a test's controlled clock. */
export interface SchedulerClock {
  now(): number;
  setTimer(callback: () => void, delayMs: number): unknown;
  clearTimer(timer: unknown): void;
}

export const SYSTEM_CLOCK: SchedulerClock = {
  now: () => Date.now(),
  setTimer: (callback, delayMs) => {
    const timer = setTimeout(callback, delayMs);
    timer.unref();
    return timer;
  },
  clearTimer: (timer) => clearTimeout(timer as NodeJS.Timeout),
};

export interface SchedulerOptions {
  db: MetadataDb;
  queue: JobQueue;
  /** This process's instance id (recorded as the claimer). */
  instanceId: string;
  schedules: Schedule[];
  /** A failed claim or enqueue (the scheduler goes on with the next tick). */
  onError?: (schedule: string, tick: number, error: unknown) => void;
  /** Time and timers (default the system's). */
  clock?: SchedulerClock;
  /** Called after this scheduler fired a tick (claimed and enqueued it). */
  onFired?: (schedule: string, tick: number) => void;
}

interface Armed {
  schedule: Schedule;
  cron: Cron;
  tick: number | null;
  timer: unknown;
}

export class Scheduler {
  private armed: Armed[] = [];
  private readonly inFlight = new Set<Promise<unknown>>();
  private running = false;
  private readonly clock: SchedulerClock;

  constructor(private readonly options: SchedulerOptions) {
    this.clock = options.clock ?? SYSTEM_CLOCK;
    options.schedules.forEach(checkSchedule);
    const names = new Set(options.schedules.map((s) => s.name));
    if (names.size !== options.schedules.length) throw new Error('Schedule names must be unique');
  }

  /** Starts firing the schedules' ticks from now on (no catching up on past ticks). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.arm(this.options.schedules);
  }

  /**
   * Replaces the schedules (e.g. when reports change). A schedule whose name, pattern and time
   * zone are unchanged keeps its armed tick (a tick due while the list is reloaded is not lost);
   * new or changed ones fire from now on; removed ones stop.
   */
  setSchedules(schedules: Schedule[]): void {
    schedules.forEach(checkSchedule);
    const names = new Set(schedules.map((s) => s.name));
    if (names.size !== schedules.length) throw new Error('Schedule names must be unique');
    this.options.schedules = schedules;
    if (!this.running) return;
    const kept = new Map<string, Armed>();
    for (const a of this.armed) {
      const next = schedules.find((s) => s.name === a.schedule.name);
      if (next && sameTiming(next, a.schedule) && next.job === a.schedule.job) {
        a.schedule = next;
        kept.set(next.name, a);
      } else if (a.timer) {
        this.clock.clearTimer(a.timer);
        a.timer = null;
      }
    }
    const now = this.clock.now();
    this.armed = schedules.map((schedule) => {
      const existing = kept.get(schedule.name);
      if (existing) return existing;
      const cron = cronOf(schedule);
      const armed: Armed = { schedule, cron, tick: nextTick(cron, now), timer: null };
      this.wait(armed);
      return armed;
    });
  }

  /** The schedules this scheduler fires. */
  get schedules(): readonly Schedule[] {
    return this.options.schedules;
  }

  private arm(schedules: Schedule[]): void {
    const now = this.clock.now();
    this.armed = schedules.map((schedule) => {
      const cron = cronOf(schedule);
      const armed: Armed = { schedule, cron, tick: nextTick(cron, now), timer: null };
      this.wait(armed);
      return armed;
    });
  }

  private disarm(): void {
    for (const a of this.armed) if (a.timer) this.clock.clearTimer(a.timer);
    this.armed = [];
  }

  private wait(armed: Armed): void {
    if (!this.running || armed.tick === null) return;
    const delay = Math.min(Math.max(0, armed.tick - this.clock.now()), MAX_WAIT_MS);
    armed.timer = this.clock.setTimer(() => this.due(armed), delay);
  }

  private due(armed: Armed): void {
    armed.timer = null;
    if (!this.running || !this.armed.includes(armed) || armed.tick === null) return;
    const now = this.clock.now();
    if (now < armed.tick) return this.wait(armed); // a long wait re-armed, or an early timer
    const tick = armed.tick;
    // The next tick after this one, or after now when this process fell behind (another
    // scheduler fires the ticks it misses).
    armed.tick = nextTick(armed.cron, Math.max(tick, now - 1));
    this.wait(armed);
    const firing = this.fire(armed.schedule, tick).catch((e: unknown) =>
      this.options.onError?.(armed.schedule.name, tick, e),
    );
    this.inFlight.add(firing);
    void firing.finally(() => this.inFlight.delete(firing));
  }

  /**
   * Claims `(schedule, tick)` and, when this scheduler got it, enqueues the tick's job. True
   * when this scheduler fired the tick, false when another had claimed it.
   */
  async fire(schedule: Schedule, tick: number): Promise<boolean> {
    if (!(await this.claim(schedule.name, tick))) return false;
    await this.options.queue.add(
      schedule.job,
      { schedule: schedule.name, tick },
      { jobId: tickJobId(schedule.name, tick) },
    );
    this.options.onFired?.(schedule.name, tick);
    return true;
  }

  private async claim(schedule: string, tick: number): Promise<boolean> {
    try {
      const result = await this.options.db
        .insertInto('strata_schedule_tick')
        .values({
          schedule,
          tick,
          claimed_by: this.options.instanceId,
          claimed_at: this.clock.now(),
        })
        .onConflict((oc) => oc.columns(['schedule', 'tick']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    } catch (e) {
      if (isDuplicateKeyError(e)) return false;
      throw e;
    }
  }

  /** Stops firing and waits for the firings under way. */
  async stop(): Promise<void> {
    this.running = false;
    this.disarm();
    await Promise.allSettled([...this.inFlight]);
  }
}

/**
 * Schedules: a cron pattern (five fields, or six with seconds first) in a time zone, and the job
 * each tick enqueues with `{schedule, tick}` (tick = the planned time of the firing, epoch ms,
 * the same in every scheduler process, so they can agree on who fires it).
 */
import { Cron } from 'croner';
import type { JobName, JobPayloads } from '../jobs/types.js';

/** The jobs a schedule can enqueue: those whose payload is `{schedule, tick}`. */
export type TickJobName = {
  [N in JobName]: JobPayloads[N] extends { schedule: string; tick: number } ? N : never;
}[JobName];

export interface Schedule {
  /** Unique among schedules; part of the claim key and of the job id. */
  name: string;
  /** `m h dom mon dow`, or `s m h dom mon dow`. */
  cron: string;
  /** IANA time zone the pattern is read in. */
  timezone: string;
  job: TickJobName;
}

/** Housekeeping: expired sessions, results, events, instances (hourly by default). */
export const MAINTENANCE_SCHEDULE = 'maintenance.purge';
export const DEFAULT_PURGE_CRON = '0 * * * *';

/** The prune of report execution logs older than each report's retention (daily). */
export const REPORTS_PRUNE_SCHEDULE = 'reports.prune';
export const DEFAULT_REPORTS_PRUNE_CRON = '0 0 * * *';

export interface BuiltInScheduleOptions {
  /** The maintenance schedule's cron pattern (default hourly). */
  purgeCron?: string;
  /** The report log prune's cron pattern (default daily at midnight). */
  reportsPruneCron?: string;
  timezone?: string;
}

/** The schedules every install has. */
export function builtInSchedules(options: BuiltInScheduleOptions = {}): Schedule[] {
  const schedules: Schedule[] = [
    {
      name: MAINTENANCE_SCHEDULE,
      cron: options.purgeCron ?? DEFAULT_PURGE_CRON,
      timezone: options.timezone ?? 'UTC',
      job: 'maintenance.purge',
    },
    {
      name: REPORTS_PRUNE_SCHEDULE,
      cron: options.reportsPruneCron ?? DEFAULT_REPORTS_PRUNE_CRON,
      timezone: options.timezone ?? 'UTC',
      job: 'reports.prune',
    },
  ];
  schedules.forEach(checkSchedule);
  return schedules;
}

/** A croner pattern for `schedule` (never started: used to compute ticks). */
export function cronOf(schedule: Pick<Schedule, 'cron' | 'timezone'>): Cron {
  return new Cron(schedule.cron, { timezone: schedule.timezone, mode: '5-or-6-parts' });
}

/** Throws a clear error when a schedule's pattern or time zone is not valid. */
export function checkSchedule(schedule: Schedule): void {
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(schedule.name)) {
    throw new Error(`Invalid schedule name: ${JSON.stringify(schedule.name)}`);
  }
  try {
    if (cronOf(schedule).nextRun() === null) throw new Error('it never fires');
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(
      `Invalid schedule ${schedule.name} (${JSON.stringify(schedule.cron)} in ${schedule.timezone}): ${reason}`,
      { cause: e },
    );
  }
}

/** The first tick of `cron` strictly after `after` (epoch ms), or null when there is none. */
export function nextTick(cron: Cron, after: number): number | null {
  const next = cron.nextRun(new Date(after));
  return next ? next.getTime() : null;
}

/** The id of a tick's job: one job per schedule and tick, whoever enqueues it. */
export function tickJobId(scheduleName: string, tick: number): string {
  return `${scheduleName}:${tick}`;
}

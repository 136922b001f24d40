/**
 * Reports as scheduler schedules (issue 18): every active report fires `report.execute` on its
 * cron pattern read in its own time zone (croner: DST-safe; a time skipped by a spring-forward
 * change fires once when the clocks have moved, a time repeated in autumn fires once). The
 * scheduler role keeps them current: it re-reads them when the `schedules` change counter moves
 * (a trigger bumps it on any write that changes when reports fire, from any process) or a
 * `schedules.changed` message arrives, and checks the counter every few seconds.
 */
import type { EventBus } from '../events/bus.js';
import type { MetadataDb } from '../metadata/db.js';
import type { MetadataVersions } from '../metadata/versions.js';
import type { Scheduler } from '../scheduler/scheduler.js';
import { checkSchedule, type Schedule } from '../scheduler/schedules.js';
import { reportScheduleName } from './jobs.js';

/** How often the scheduler looks at the `schedules` counter (ms). */
export const SCHEDULES_POLL_MS = 5_000;

/** The schedules of the active reports; one whose pattern or zone is invalid is reported and skipped. */
export async function loadReportSchedules(
  db: MetadataDb,
  onInvalid?: (reportId: number, error: Error) => void,
): Promise<Schedule[]> {
  const rows = await db
    .selectFrom('report_schedule')
    .select(['id', 'crontab', 'timezone', 'active'])
    .orderBy('id')
    .execute();
  const out: Schedule[] = [];
  for (const row of rows) {
    if (!(row.active === true || row.active === 1)) continue;
    const schedule: Schedule = {
      name: reportScheduleName(row.id),
      cron: row.crontab,
      timezone: row.timezone || 'UTC',
      job: 'report.execute',
    };
    try {
      checkSchedule(schedule);
      out.push(schedule);
    } catch (e) {
      onInvalid?.(row.id, e instanceof Error ? e : new Error(String(e)));
    }
  }
  return out;
}

export interface ReportScheduleSyncOptions {
  db: MetadataDb;
  versions: MetadataVersions;
  bus: EventBus;
  scheduler: Scheduler;
  /** The install's own schedules (housekeeping), always kept. */
  builtIns: Schedule[];
  pollMs?: number;
  onError?: (error: unknown) => void;
}

/** Keeps a scheduler's report schedules in step with the metadata store. */
export class ReportScheduleSync {
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private version: string | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: ReportScheduleSyncOptions) {}

  /** Loads the reports once, then follows changes. */
  async start(): Promise<void> {
    await this.sync(true);
    this.unsubscribe = this.options.bus.subscribe('schedules.changed', () => {
      void this.sync(true);
    });
    const poll = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.sync(false).finally(poll);
      }, this.options.pollMs ?? SCHEDULES_POLL_MS);
      this.timer.unref();
    };
    poll();
  }

  /** Re-reads the reports when the counter moved (or always with `force`). */
  sync(force: boolean): Promise<void> {
    if (this.running) {
      if (force) this.again = true;
      return this.running;
    }
    this.running = this.load(force)
      .catch((e: unknown) => this.options.onError?.(e))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          void this.sync(true);
        }
      });
    return this.running;
  }

  private async load(force: boolean): Promise<void> {
    const version = (await this.options.versions.read()).schedules;
    if (!force && version === this.version) return;
    const reports = await loadReportSchedules(this.options.db, (id, e) =>
      this.options.onError?.(new Error(`Report ${id} has an invalid schedule: ${e.message}`)),
    );
    if (this.stopped) return;
    this.options.scheduler.setSchedules([...this.options.builtIns, ...reports]);
    this.version = version;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.unsubscribe?.();
    await this.running;
  }
}

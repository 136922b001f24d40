/**
 * Reports on the scheduler (issue 18): firings in a report's time zone across DST changes under
 * a controlled clock, two schedulers enqueueing a report's firing once, and the schedules
 * following report writes (the `schedules` change counter) from any connection.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryEventBus } from '../../src/events/bus.js';
import { openMetadataStore, type MetadataStore } from '../../src/metadata/db.js';
import { MetadataVersions } from '../../src/metadata/versions.js';
import { loadReportSchedules, ReportScheduleSync } from '../../src/reports/schedules.js';
import { Scheduler, type SchedulerClock } from '../../src/scheduler/scheduler.js';
import type { Schedule } from '../../src/scheduler/schedules.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { RecordingQueue } from './recording-queue.js';
import { migratedStore } from './store.js';

const targets = await metadataTargets();

async function insertReport(
  store: MetadataStore,
  fields: { name: string; crontab: string; timezone: string; active?: boolean },
): Promise<number> {
  const row = await store.db
    .insertInto('report_schedule')
    .values({
      type: 'Report',
      name: fields.name,
      crontab: fields.crontab,
      timezone: fields.timezone,
      active: fields.active ?? true,
      creation_method: 'alerts_reports',
      report_format: 'PNG',
      extra_json: '{}',
      log_retention: 90,
      grace_period: 14400,
      working_timeout: 3600,
      force_screenshot: false,
      description: null,
      context_markdown: null,
      sql: null,
      chart_id: null,
      dashboard_id: null,
      database_id: null,
      last_eval_dttm: null,
      last_state: null,
      last_value: null,
      last_value_row_json: null,
      validator_type: null,
      validator_config_json: null,
      custom_width: null,
      custom_height: null,
      email_subject: null,
      created_on: null,
      changed_on: null,
      created_by_fk: null,
      changed_by_fk: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A controlled clock: time moves only when the test says, firing the timers due on the way. */
class ManualClock implements SchedulerClock {
  private timers: Array<{ id: number; due: number; callback: () => void }> = [];
  private nextId = 1;
  constructor(private t: number) {}
  now(): number {
    return this.t;
  }
  setTimer(callback: () => void, delayMs: number): unknown {
    const id = this.nextId++;
    this.timers.push({ id, due: this.t + delayMs, callback });
    return id;
  }
  clearTimer(timer: unknown): void {
    this.timers = this.timers.filter((x) => x.id !== timer);
  }
  set(t: number): void {
    this.t = t;
  }
  /** Moves to `target`, running each timer at its due time, in order. */
  advanceTo(target: number): void {
    for (;;) {
      let next: { id: number; due: number; callback: () => void } | null = null;
      for (const x of this.timers) if (next === null || x.due < next.due) next = x;
      if (!next || next.due > target) break;
      const run = next;
      this.timers = this.timers.filter((x) => x !== run);
      this.t = Math.max(this.t, run.due);
      run.callback();
    }
    this.t = target;
  }
}

describe.each(targets)('report schedules on $name', (target) => {
  let main: MetadataStore;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ store: main, url, drop } = await migratedStore(target));
  });
  afterAll(async () => drop?.());

  it('fires a Berlin 02:30 report once a day across the spring and autumn DST changes', async () => {
    const id = await insertReport(main, {
      name: `dst-${target.name}`,
      crontab: '30 2 * * *',
      timezone: 'Europe/Berlin',
    });
    const schedules = (await loadReportSchedules(main.db)).filter((s) => s.name === `report.${id}`);
    expect(schedules).toEqual([
      {
        name: `report.${id}`,
        cron: '30 2 * * *',
        timezone: 'Europe/Berlin',
        job: 'report.execute',
      },
    ]);
    for (const [from, expected] of [
      // Spring: 02:30 does not exist on 29 March; it fires once, at 03:00 CEST (01:00Z).
      [
        '2026-03-27T12:00:00Z',
        ['2026-03-28T01:30:00.000Z', '2026-03-29T01:00:00.000Z', '2026-03-30T00:30:00.000Z'],
      ],
      // Autumn: 02:30 happens twice on 25 October; it fires once, at the first (00:30Z).
      [
        '2026-10-24T12:00:00Z',
        ['2026-10-25T00:30:00.000Z', '2026-10-26T01:30:00.000Z', '2026-10-27T01:30:00.000Z'],
      ],
    ] as const) {
      const clock = new ManualClock(Date.parse(from));
      const queue = new RecordingQueue();
      const scheduler = new Scheduler({
        db: main.db,
        queue,
        instanceId: 'dst-test',
        schedules,
        clock,
        onError: (_s, tick, e) => console.error('DST firing failed', tick, e),
      });
      scheduler.start();
      clock.advanceTo(Date.parse(from) + 3 * 24 * 3600 * 1000);
      // Stopping waits for the firings under way (their claims in the store).
      await scheduler.stop();
      // The claims run concurrently in the store: compare the firings in time order.
      const ticks = queue.added
        .map((a) => new Date((a.payload as { tick: number }).tick).toISOString())
        .sort();
      expect(ticks).toEqual(expected);
      expect(queue.added.every((a) => a.name === 'report.execute')).toBe(true);
      expect(new Set(queue.added.map((a) => a.jobId)).size).toBe(expected.length);
    }
  }, 60_000);

  it('two schedulers enqueue a report firing once', async () => {
    const id = await insertReport(main, {
      name: `twice-${target.name}`,
      crontab: '* * * * *',
      timezone: 'UTC',
    });
    const schedule: Schedule = {
      name: `report.${id}`,
      cron: '* * * * *',
      timezone: 'UTC',
      job: 'report.execute',
    };
    const stores = [openMetadataStore(url, target.name), openMetadataStore(url, target.name)];
    const queues = [new RecordingQueue(), new RecordingQueue()];
    const schedulers = stores.map(
      (s, i) =>
        new Scheduler({ db: s.db, queue: queues[i]!, instanceId: `s${i}`, schedules: [schedule] }),
    );
    const tick = Date.UTC(2026, 10, 28, 9, 0, 0);
    const fired = await Promise.all(schedulers.map((s) => s.fire(schedule, tick)));
    expect(fired.filter(Boolean)).toHaveLength(1);
    expect(queues[0]!.added.length + queues[1]!.added.length).toBe(1);
    for (const s of stores) await s.close();
  });

  it('follows report writes made through another connection', async () => {
    const other = openMetadataStore(url, target.name);
    const queue = new RecordingQueue();
    const builtIn: Schedule = {
      name: 'maintenance.purge',
      cron: '0 * * * *',
      timezone: 'UTC',
      job: 'maintenance.purge',
    };
    const scheduler = new Scheduler({
      db: main.db,
      queue,
      instanceId: 'sync-test',
      schedules: [builtIn],
    });
    scheduler.start();
    const errors: unknown[] = [];
    const sync = new ReportScheduleSync({
      db: main.db,
      versions: new MetadataVersions(main.db),
      bus: new MemoryEventBus(),
      scheduler,
      builtIns: [builtIn],
      pollMs: 50,
      onError: (e) => errors.push(e),
    });
    await sync.start();
    const names = () => scheduler.schedules.map((s) => s.name);
    expect(names()).toContain('maintenance.purge');

    const id = await insertReport(other, {
      name: `sync-${target.name}`,
      crontab: '0 9 * * *',
      timezone: 'Asia/Tokyo',
    });
    await vi.waitFor(() => expect(names()).toContain(`report.${id}`), { timeout: 5000 });
    expect(scheduler.schedules.find((s) => s.name === `report.${id}`)).toMatchObject({
      cron: '0 9 * * *',
      timezone: 'Asia/Tokyo',
    });

    await other.db
      .updateTable('report_schedule')
      .set({ crontab: '15 10 * * 1' })
      .where('id', '=', id)
      .execute();
    await vi.waitFor(
      () =>
        expect(scheduler.schedules.find((s) => s.name === `report.${id}`)?.cron).toBe(
          '15 10 * * 1',
        ),
      { timeout: 5000 },
    );

    await other.db
      .updateTable('report_schedule')
      .set({ active: false })
      .where('id', '=', id)
      .execute();
    await vi.waitFor(() => expect(names()).not.toContain(`report.${id}`), { timeout: 5000 });

    // A report with a broken pattern (written behind the API's back) is skipped and reported.
    const bad = await insertReport(other, {
      name: `bad-${target.name}`,
      crontab: 'every day',
      timezone: 'UTC',
    });
    await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), { timeout: 5000 });
    expect(String(errors[0])).toContain(`Report ${bad} has an invalid schedule`);
    expect(names()).not.toContain(`report.${bad}`);
    expect(names()).toContain('maintenance.purge');

    await sync.stop();
    await scheduler.stop();
    await other.close();
  });

  it('keeps an unchanged schedule armed when the list is replaced', async () => {
    const clock = new ManualClock(Date.parse('2026-11-28T08:59:59.900Z'));
    const queue = new RecordingQueue();
    const a: Schedule = {
      name: 'report.9001',
      cron: '0 9 * * *',
      timezone: 'UTC',
      job: 'report.execute',
    };
    const scheduler = new Scheduler({
      db: main.db,
      queue,
      instanceId: `keep-${target.name}`,
      schedules: [a],
      clock,
    });
    scheduler.start();
    // The tick is due; the timer has not run yet when the list is replaced with the same one.
    clock.set(Date.parse('2026-11-28T09:00:00.050Z'));
    scheduler.setSchedules([{ ...a }, { ...a, name: 'report.9002', cron: '0 10 * * *' }]);
    clock.advanceTo(Date.parse('2026-11-28T09:00:01Z'));
    await scheduler.stop();
    expect(queue.added.map((x) => x.jobId)).toEqual([`report.9001:${Date.UTC(2026, 10, 28, 9)}`]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMetadataStore, type MetadataStore } from '../../src/metadata/db.js';
import { maintenancePurgeHandler, TICK_KEEP_MS } from '../../src/scheduler/maintenance.js';
import { Scheduler } from '../../src/scheduler/scheduler.js';
import type { Schedule } from '../../src/scheduler/schedules.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { RecordingQueue } from './recording-queue.js';
import { migratedStore } from './store.js';

const targets = await metadataTargets();

const EVERY_SECOND: Schedule = {
  name: 'maintenance.purge',
  cron: '* * * * * *',
  timezone: 'UTC',
  job: 'maintenance.purge',
};

describe.each(targets)('Scheduler on $name', (target) => {
  let url: string;
  let main: MetadataStore;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ store: main, url, drop } = await migratedStore(target));
  });
  afterAll(async () => drop?.());

  // On PostgreSQL (the multi-process store; SQLite when it is the only target): ~4 s.
  const multi = target.name === 'postgresql' || targets.length === 1;
  it.runIf(multi)('two schedulers fire each tick exactly once', async () => {
    // Two "processes": each its own connection to the store and its own queue.
    const stores = [openMetadataStore(url, target.name), openMetadataStore(url, target.name)];
    const purged: number[] = [];
    const queues = stores.map((s) => {
      const q = new RecordingQueue();
      const handler = maintenancePurgeHandler({
        db: s.db,
        purgers: [async () => void purged.push(1)],
      });
      q.work({ 'maintenance.purge': handler });
      return q;
    });
    const schedulers = stores.map(
      (s, i) =>
        new Scheduler({
          db: s.db,
          queue: queues[i]!,
          instanceId: `scheduler-${i}`,
          schedules: [EVERY_SECOND],
        }),
    );
    const started = Date.now();
    schedulers.forEach((s) => s.start());
    await new Promise((r) => setTimeout(r, 4200));
    await Promise.all(schedulers.map((s) => s.stop()));
    await Promise.all(queues.map((q) => q.close()));

    const added = queues.flatMap((q) => q.added);
    const ticks = added.map((a) => (a.payload as { tick: number }).tick).sort();
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ticks).size).toBe(ticks.length); // no tick twice
    for (const a of added) {
      const { schedule, tick } = a.payload as { schedule: string; tick: number };
      expect(a.name).toBe('maintenance.purge');
      expect(schedule).toBe('maintenance.purge');
      expect(a.jobId).toBe(`maintenance.purge:${tick}`);
      expect(tick % 1000).toBe(0);
      expect(tick).toBeGreaterThan(started);
    }
    // Consecutive seconds: no tick lost.
    for (let i = 1; i < ticks.length; i++) expect(ticks[i]! - ticks[i - 1]!).toBe(1000);
    const rows = await main.db
      .selectFrom('strata_schedule_tick')
      .selectAll()
      .where('schedule', '=', 'maintenance.purge')
      .orderBy('tick')
      .execute();
    expect(rows.map((r) => Number(r.tick))).toEqual(ticks);
    expect(rows.map((r) => Number(r.runs))).toEqual(ticks.map(() => 1));
    expect(purged.length).toBe(ticks.length);
    for (const r of rows) expect(['scheduler-0', 'scheduler-1']).toContain(r.claimed_by);
    await Promise.all(stores.map((s) => s.close()));
  });

  it('a tick claimed by another scheduler is skipped without an error', async () => {
    const queue = new RecordingQueue();
    const errors: unknown[] = [];
    const a = new Scheduler({
      db: main.db,
      queue,
      instanceId: 'a',
      schedules: [EVERY_SECOND],
      onError: (_s, _t, e) => errors.push(e),
    });
    const b = new Scheduler({ db: main.db, queue, instanceId: 'b', schedules: [EVERY_SECOND] });
    const tick = Date.UTC(2030, 0, 1);
    expect(await a.fire(EVERY_SECOND, tick)).toBe(true);
    expect(await b.fire(EVERY_SECOND, tick)).toBe(false);
    expect(await a.fire(EVERY_SECOND, tick)).toBe(false);
    expect(queue.added).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('maintenance runs every purger even when one fails, forgets day-old ticks and counts its run', async () => {
    const now = Date.now();
    await main.db
      .insertInto('strata_schedule_tick')
      .values([
        { schedule: 'x', tick: now - TICK_KEEP_MS - 1000, claimed_by: 'old', claimed_at: 0 },
        { schedule: 'x', tick: now, claimed_by: 'me', claimed_at: now },
      ])
      .execute();
    const ran: string[] = [];
    const handler = maintenancePurgeHandler({
      db: main.db,
      purgers: [
        async () => void ran.push('sessions'),
        async () => {
          throw new Error('results backend down');
        },
        async () => void ran.push('events'),
      ],
    });
    await expect(
      handler(
        { schedule: 'x', tick: now },
        { jobId: `x:${now}`, attempt: 1, signal: new AbortController().signal },
      ),
    ).rejects.toThrow('results backend down');
    expect(ran).toEqual(['sessions', 'events']);
    const rows = await main.db
      .selectFrom('strata_schedule_tick')
      .select(['tick', 'runs'])
      .where('schedule', '=', 'x')
      .execute();
    expect(rows.map((r) => [Number(r.tick), Number(r.runs)])).toEqual([[now, 1]]);
  });
});

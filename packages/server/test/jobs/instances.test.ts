import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataStore } from '../../src/metadata/db.js';
import {
  DEAD_INSTANCE_KEEP_MS,
  InstanceRegistry,
  lostWorkerError,
  lostWorkerMessage,
} from '../../src/runtime/instances.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { addDatabase, migratedStore } from './store.js';

const targets = await metadataTargets();
const LEASE = 1;

describe.each(targets)('InstanceRegistry on $name', (target) => {
  let store: MetadataStore;
  let drop: () => Promise<void>;
  let databaseId: number;
  let seq = 0;

  beforeAll(async () => {
    ({ store, drop } = await migratedStore(target));
    databaseId = await addDatabase(store);
  });
  afterAll(async () => drop?.());
  // Each test starts with no held query left by another.
  afterEach(async () => {
    await store.db
      .updateTable('query')
      .set({ status: 'success' })
      .where('status', 'in', ['pending', 'running'])
      .execute();
  });

  async function addQuery(status: string, workerId: string | null): Promise<number> {
    seq += 1;
    const row = await store.db
      .insertInto('query')
      .values({
        client_id: `c${seq}${Math.random().toString(36).slice(2, 8)}`,
        database_id: databaseId,
        user_id: null,
        tmp_table_name: null,
        tab_name: null,
        sql_editor_id: null,
        status,
        schema: null,
        catalog: null,
        sql: 'select 1',
        select_sql: null,
        executed_sql: null,
        limit: null,
        limiting_factor: null,
        select_as_cta: false,
        select_as_cta_used: false,
        ctas_method: null,
        progress: 0,
        rows: null,
        error_message: null,
        results_key: 'rk',
        start_time: Date.now(),
        start_running_time: null,
        end_time: null,
        end_result_backend_time: null,
        tracking_url: null,
        extra_json: null,
        changed_on: new Date(0).toISOString(),
        worker_id: workerId,
        strata_script: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const query = (id: number) =>
    store.db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const instance = (id: string) =>
    store.db.selectFrom('strata_instance').selectAll().where('id', '=', id).executeTakeFirst();

  it('registers with its roles, beats, and deletes its row on stop', async () => {
    const reg = new InstanceRegistry({ db: store.db, leaseSeconds: LEASE });
    expect(reg.instanceId).toMatch(new RegExp(`-${process.pid}-[0-9a-f]{6}$`));
    await reg.register(['worker', 'web']);
    const row = await instance(reg.instanceId);
    expect(row).toMatchObject({ roles: 'web,worker', pid: process.pid });
    const first = Number(row!.heartbeat_at);
    await new Promise((r) => setTimeout(r, 500)); // the timer beats every lease / 3
    expect(Number((await instance(reg.instanceId))!.heartbeat_at)).toBeGreaterThan(first);
    // A deleted row comes back with the next beat.
    await store.db.deleteFrom('strata_instance').where('id', '=', reg.instanceId).execute();
    await reg.heartbeat();
    expect(await instance(reg.instanceId)).toBeDefined();
    await reg.stop();
    expect(await instance(reg.instanceId)).toBeUndefined();
  });

  it('fails the held queries of dead or vanished workers, and only those', async () => {
    const me = new InstanceRegistry({
      db: store.db,
      leaseSeconds: LEASE,
      instanceId: 'me-1-aaaaaa',
    });
    const alive = new InstanceRegistry({
      db: store.db,
      leaseSeconds: LEASE,
      instanceId: 'alive-2-bbbbbb',
    });
    const dead = new InstanceRegistry({
      db: store.db,
      leaseSeconds: LEASE,
      instanceId: 'dead-3-cccccc',
    });
    await me.register(['worker']);
    await alive.register(['worker']);
    await dead.register(['worker']);
    const now = Date.now();
    await store.db
      .updateTable('strata_instance')
      .set({ heartbeat_at: now - LEASE * 1000 - 1 })
      .where('id', '=', dead.instanceId)
      .execute();

    const deadRunning = await addQuery('running', dead.instanceId);
    const deadPending = await addQuery('pending', dead.instanceId);
    const goneRunning = await addQuery('running', 'gone-4-dddddd');
    const deadDone = await addQuery('success', dead.instanceId);
    const aliveRunning = await addQuery('running', alive.instanceId);
    const mine = await addQuery('running', me.instanceId);
    const noWorker = await addQuery('running', null);

    const result = await me.sweep(now);
    expect(result.failed.sort((a, b) => a.queryId - b.queryId)).toEqual([
      { queryId: deadRunning, workerId: dead.instanceId },
      { queryId: deadPending, workerId: dead.instanceId },
      { queryId: goneRunning, workerId: 'gone-4-dddddd' },
    ]);
    const failed = await query(deadRunning);
    expect(failed.status).toBe('failed');
    expect(failed.error_message).toBe(lostWorkerMessage(dead.instanceId));
    expect(JSON.parse(failed.extra_json!)).toEqual({ errors: [lostWorkerError(dead.instanceId)] });
    expect(failed.results_key).toBeNull();
    expect(Number(failed.end_time)).toBe(now);
    expect(new Date(failed.changed_on).getTime()).toBeGreaterThan(now - 60_000);
    expect((await query(goneRunning)).error_message).toContain('gone-4-dddddd');
    for (const id of [deadDone, aliveRunning, mine, noWorker]) {
      const row = await query(id);
      expect(row.status, `query ${id}`).not.toBe('failed');
      expect(row.results_key).toBe('rk');
    }
    // A second sweep finds nothing more.
    expect((await me.sweep(now)).failed).toEqual([]);
    await Promise.all([me.stop(), alive.stop(), dead.stop()]);
  });

  it('does not touch a row that finished or was taken by another worker after it was read', async () => {
    const me = new InstanceRegistry({ db: store.db, leaseSeconds: LEASE });
    const taken = await addQuery('running', 'other-5-eeeeee');
    const finished = await addQuery('success', 'gone-5-eeeeee');
    const lost = await addQuery('running', 'gone-5-eeeeee');
    expect(await me.failLostQuery(taken, 'gone-5-eeeeee')).toBe(false);
    expect(await me.failLostQuery(finished, 'gone-5-eeeeee')).toBe(false);
    expect(await me.failLostQuery(lost, 'gone-5-eeeeee')).toBe(true);
    expect((await query(taken)).status).toBe('running');
    expect((await query(finished)).status).toBe('success');
    expect((await query(lost)).status).toBe('failed');
  });

  it('marks every other instance dead for the embedded process, and deletes day-old dead rows', async () => {
    const other = new InstanceRegistry({ db: store.db, leaseSeconds: 3600 });
    const me = new InstanceRegistry({ db: store.db, leaseSeconds: 3600 });
    await other.register(['web']);
    await me.register(['web', 'worker', 'scheduler']);
    const held = await addQuery('running', other.instanceId);
    expect((await me.sweep()).failed).toEqual([]); // the other one is live (long lease)
    await me.markOthersDead();
    expect(Number((await instance(other.instanceId))!.heartbeat_at)).toBe(0);
    expect(Number((await instance(me.instanceId))!.heartbeat_at)).toBeGreaterThan(0);
    const result = await me.sweep();
    expect(result.failed).toEqual([{ queryId: held, workerId: other.instanceId }]);
    // Heartbeat 0 is more than a day old: its row went with the sweep; a recent one stays.
    expect(result.deletedInstances).toBeGreaterThanOrEqual(1);
    expect(await instance(other.instanceId)).toBeUndefined();
    expect(await instance(me.instanceId)).toBeDefined();
    expect(DEAD_INSTANCE_KEEP_MS).toBe(86_400_000);
    await other.stop();
    await me.stop();
  });

  it('sweeps on a timer', async () => {
    const me = new InstanceRegistry({ db: store.db, leaseSeconds: LEASE });
    await me.register(['worker']);
    const id = await addQuery('pending', 'gone-6-ffffff');
    me.startSweeping(100);
    const deadline = Date.now() + 5000;
    while ((await query(id)).status !== 'failed') {
      if (Date.now() > deadline) throw new Error('the timer did not sweep');
      await new Promise((r) => setTimeout(r, 50));
    }
    await me.stop();
  });
});

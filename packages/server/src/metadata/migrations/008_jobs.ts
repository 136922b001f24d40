import type { Kysely } from 'kysely';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * Scale-out (issue 17): the processes of an install (`strata_instance`, each with its roles and
 * a heartbeat, so a query of a worker that died is found and failed), which instance runs a
 * query (`query.worker_id`) and the prepared script an asynchronous query is run from
 * (`query.strata_script`: the rendered, guarded statements, so a worker in another process runs
 * exactly what the web process checked), and the ticks schedules fired (`strata_schedule_tick`:
 * the first scheduler to claim a tick fires it, so several schedulers fire each tick once).
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await s
    .createTable('strata_instance')
    .addColumn('id', 'varchar(100)', (c) => c.primaryKey())
    .addColumn('roles', 'varchar(100)', (c) => c.notNull())
    .addColumn('hostname', 'varchar(255)', (c) => c.notNull())
    .addColumn('pid', 'integer', (c) => c.notNull())
    .addColumn('started_at', t.bigint, (c) => c.notNull())
    .addColumn('heartbeat_at', t.bigint, (c) => c.notNull())
    .execute();

  await s.alterTable('query').addColumn('worker_id', 'varchar(100)').execute();
  await s.alterTable('query').addColumn('strata_script', t.longText).execute();
  await s
    .createIndex('query_worker_status_idx')
    .on('query')
    .columns(['status', 'worker_id'])
    .execute();

  await s
    .createTable('strata_schedule_tick')
    .addColumn('schedule', 'varchar(100)', (c) => c.notNull())
    .addColumn('tick', t.bigint, (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(100)', (c) => c.notNull())
    .addColumn('claimed_at', t.bigint, (c) => c.notNull())
    .addColumn('runs', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('strata_schedule_tick_pk', ['schedule', 'tick'])
    .execute();
}

export const migration008: Migration = { name: '008_jobs', up };

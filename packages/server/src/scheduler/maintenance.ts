/**
 * The `maintenance.purge` job: the housekeeping the scheduler fires (hourly by default). The
 * purgers (expired sessions, results, async events, …) come from the wiring; each is
 * idempotent, so the job is retryable. It also forgets ticks older than a day and counts its
 * runs on its tick's row (`runs`: one per firing, which is what proves a tick fired once).
 */
import type { MetadataDb } from '../metadata/db.js';
import type { JobHandler } from '../jobs/types.js';

/** Claimed ticks are kept this long. */
export const TICK_KEEP_MS = 24 * 3600 * 1000;

export interface MaintenanceDeps {
  db: MetadataDb;
  purgers: Array<() => Promise<void>>;
}

export function maintenancePurgeHandler(deps: MaintenanceDeps): JobHandler<'maintenance.purge'> {
  return async ({ schedule, tick }, context) => {
    const errors: unknown[] = [];
    for (const purge of deps.purgers) {
      if (context.signal.aborted) break;
      try {
        await purge();
      } catch (e) {
        // One failing purger does not keep the others from running.
        errors.push(e);
      }
    }
    await deps.db
      .deleteFrom('strata_schedule_tick')
      .where('tick', '<', Date.now() - TICK_KEEP_MS)
      .execute();
    await deps.db
      .updateTable('strata_schedule_tick')
      .set((eb) => ({ runs: eb('runs', '+', 1) }))
      .where('schedule', '=', schedule)
      .where('tick', '=', tick)
      .execute();
    if (errors.length === 1) throw errors[0];
    if (errors.length > 1) throw new AggregateError(errors, `${errors.length} purgers failed`);
  };
}

/**
 * `reports.prune` (daily by default, `STRATA_REPORTS_PRUNE_SCHEDULE`): each report's execution
 * logs older than its `log_retention` days are deleted (Superset's log prune), and a run left
 * Working past its `working_timeout` (its worker died) is closed as timed out. Idempotent.
 */
import type { MetadataDb } from '../metadata/db.js';
import { toDate } from '../metadata/db.js';
import { REPORT_LOG_MESSAGES } from './messages.js';

const DAY_MS = 24 * 3600 * 1000;

export interface PruneResult {
  deleted: number;
  timedOut: number;
}

export async function pruneReportLogs(db: MetadataDb, now = Date.now()): Promise<PruneResult> {
  const reports = await db
    .selectFrom('report_schedule')
    .select(['id', 'log_retention', 'working_timeout'])
    .execute();
  let deleted = 0;
  let timedOut = 0;
  for (const report of reports) {
    const before = new Date(now - report.log_retention * DAY_MS).toISOString();
    const result = await db
      .deleteFrom('report_execution_log')
      .where('report_schedule_id', '=', report.id)
      .where('scheduled_dttm', '<', before)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows ?? 0);
    const working = await db
      .selectFrom('report_execution_log')
      .select(['id', 'start_dttm', 'scheduled_dttm'])
      .where('report_schedule_id', '=', report.id)
      .where('state', '=', 'Working')
      .execute();
    for (const w of working) {
      const began = toDate(w.start_dttm ?? w.scheduled_dttm)?.getTime() ?? 0;
      if (now - began < report.working_timeout * 1000) continue;
      const end = new Date(now).toISOString();
      await db
        .updateTable('report_execution_log')
        .set({ state: 'Error', error_message: REPORT_LOG_MESSAGES.workingTimeout, end_dttm: end })
        .where('id', '=', w.id)
        .where('state', '=', 'Working')
        .execute();
      await db
        .updateTable('report_schedule')
        .set({ last_state: 'Error', last_eval_dttm: end })
        .where('id', '=', report.id)
        .where('last_state', '=', 'Working')
        .execute();
      timedOut += 1;
    }
  }
  return { deleted, timedOut };
}

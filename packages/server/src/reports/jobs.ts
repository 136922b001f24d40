/**
 * How report runs are named on the queue (issue 18). A scheduled firing is the schedule
 * `report.<id>` at a tick; a run asked for with `POST /api/v1/report/{id}/run` carries the log
 * row the web process made for it.
 */
import type { JobQueue } from '../jobs/types.js';

const PREFIX = 'report.';

/** The schedule name of a report (part of the claim key and the job id). */
export function reportScheduleName(reportId: number): string {
  return `${PREFIX}${reportId}`;
}

/** The report id in a schedule name, or null when it is not a report's. */
export function reportIdOf(schedule: string): number | null {
  if (!schedule.startsWith(PREFIX)) return null;
  const id = Number(schedule.slice(PREFIX.length));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** Queues a run asked for now (`/run`), writing to the log row `logId`. */
export async function enqueueReportRun(
  queue: JobQueue,
  reportId: number,
  logId: number,
  now = Date.now(),
): Promise<void> {
  const schedule = reportScheduleName(reportId);
  await queue.add(
    'report.execute',
    { schedule, tick: now, logId },
    { jobId: `${schedule}:run:${logId}` },
  );
}

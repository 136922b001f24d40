/**
 * The worker role: takes jobs from the queue (in-process, or BullMQ on Redis) and runs them with
 * the same services the web role uses. Each handler gets ids and loads what it needs.
 */
import { pruneReportLogs } from './reports/prune.js';
import { maintenancePurgeHandler } from './scheduler/maintenance.js';
import type { Services } from './services.js';

/** Starts taking jobs; the answer stops (and waits for the running ones). */
export function startWorker(s: Services): () => Promise<void> {
  s.queue.work(
    {
      'sqllab.execute': ({ queryId }) => s.sqlLab.runJob(queryId),
      'sqllab.export_csv': (payload, job) => s.csvExports.runJob(payload, job),
      'maintenance.purge': maintenancePurgeHandler({
        db: s.db,
        purgers: [
          async () => {
            await s.sessions.purgeExpired();
          },
          async () => {
            await s.results.purgeExpired();
          },
        ],
      }),
      'chart_data.execute': (payload, job) => s.asyncChart.handle(payload, job),
      'report.execute': (payload, job) => s.reports.handle(payload, job),
      'reports.prune': async () => {
        const { deleted, timedOut } = await pruneReportLogs(s.db);
        s.logInfo('Report logs pruned', { deleted, timedOut });
      },
      'thumbnail.chart': ({ chartId, digest, userId }, job) =>
        s.thumbnails.run({ kind: 'chart', id: chartId, digest, userId }, job),
      'thumbnail.dashboard': ({ dashboardId, digest, userId }, job) =>
        s.thumbnails.run({ kind: 'dashboard', id: dashboardId, digest, userId }, job),
    },
    s.config.workerConcurrency,
  );
  return () => s.queue.close();
}

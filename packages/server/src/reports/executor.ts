/**
 * One run of an alert or report (issue 18), what the worker does with `report.execute`:
 *
 * 1. The log row: the one `/run` made (its id in the payload) or a new one, state Working.
 *    A run still Working within its `working_timeout` makes this one stop (Superset's
 *    "still working" rule); one past it is closed as timed out first.
 * 2. Who runs it: `STRATA_REPORT_EXECUTOR` over the report's owners and creator; the user must
 *    still be active and still see the chart, dashboard or database, or nothing is sent.
 * 3. An alert: during its grace period after a firing it stays quiet (On Grace) without running
 *    its SQL; otherwise its SQL (read-only, at most two rows) is judged; Not triggered ends it.
 * 4. The content (CSV/TEXT from the chart data service as the executor; PNG/PDF from the
 *    headless browser as the executor), then one delivery per recipient.
 * 5. The final state (Success, Error with the peer's message, Not triggered, On Grace) on the log
 *    row and the report. Past `working_timeout` everything under way is aborted and the run is
 *    an Error with Superset's timeout text.
 */
import { randomUUID } from 'node:crypto';
import {
  formatMessage,
  type ReportFormat,
  type ReportExtra,
  type ReportState,
  type ValidatorConfig,
  type ValidatorType,
} from '@strata/core';
import type { Selectable } from 'kysely';
import { ApiError } from '../api/errors.js';
import { chartDataFile } from '../chart_data/files.js';
import { NO_QUERY_CONTEXT_MESSAGE, withRequestOptions } from '../chart_data/saved-chart.js';
import type { ChartDataService } from '../chart_data/service.js';
import type { Config } from '../config/config.js';
import { findVisibleDashboard } from '../dashboards/access.js';
import { canAccessDatabase } from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import type { JobContext, JobPayloads } from '../jobs/types.js';
import type { MetadataDb } from '../metadata/db.js';
import { toBool, toDate } from '../metadata/db.js';
import type { ReportScheduleTable } from '../metadata/schema.js';
import type { Principal } from '../security/principal.js';
import type { PrincipalCache } from '../security/principal-cache.js';
import { AlertResultError, judgeAlert } from './alert.js';
import { pickExecutor, principalOfPick } from './executor-user.js';
import { reportIdOf } from './jobs.js';
import { loadReportForRun, type ReportForRun } from './repository.js';
import { REPORT_LOG_MESSAGES as M } from './messages.js';
import type {
  NotificationContent,
  NotificationRecipient,
  Notifier,
} from './notifications/types.js';
import type { Screenshotter } from './screenshots/types.js';
import { REPORT_CHART_WIDTH, REPORT_DASHBOARD_WIDTH } from '@strata/core';

type ReportRow = Selectable<ReportScheduleTable>;

export interface ReportRunnerDeps {
  db: MetadataDb;
  config: Config;
  principals: PrincipalCache;
  chartData: ChartDataService;
  connections: DatabaseConnections;
  notifier: Notifier;
  /** The headless browser, made on first use (a worker that only sends CSV never starts one). */
  screenshotter: () => Screenshotter;
  /** The report's recipients with their secrets readable. */
  recipients: (reportId: number) => Promise<NotificationRecipient[]>;
  now?: () => number;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

/** A run that ends in a state with a message (not a bug). */
class RunStop extends Error {
  constructor(
    readonly state: ReportState,
    message: string | null,
  ) {
    super(message ?? state);
  }
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Superset's failure text of a content step, with what went wrong after it. */
function contentFailure(format: ReportFormat, detail: string): string {
  const head =
    format === 'PNG'
      ? M.screenshotFailed
      : format === 'PDF'
        ? M.pdfFailed
        : format === 'CSV'
          ? M.csvFailed
          : M.dataFrameFailed;
  return detail ? `${head} ${detail}` : head;
}

function parseJson<T>(text: string | null | undefined, fallback: T): T {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export class ReportRunner {
  private readonly now: () => number;

  constructor(private readonly deps: ReportRunnerDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The `report.execute` job. */
  async handle(payload: JobPayloads['report.execute'], job: JobContext): Promise<void> {
    const reportId = reportIdOf(payload.schedule);
    if (reportId === null) return;
    await this.run(reportId, payload.tick, payload.logId ?? null, job.signal);
  }

  /** Runs report `reportId` for the tick (planned time, epoch ms); answers the final state. */
  async run(
    reportId: number,
    tick: number,
    logId: number | null,
    signal?: AbortSignal,
  ): Promise<ReportState | null> {
    const { db } = this.deps;
    const loaded = await loadReportForRun(db, reportId);
    if (!loaded) {
      if (logId !== null)
        await db.deleteFrom('report_execution_log').where('id', '=', logId).execute();
      return null;
    }
    const report = loaded.row;
    // A scheduled firing of a report switched off meanwhile does nothing; one asked for runs.
    if (logId === null && !toBool(report.active)) return null;

    const startedAt = this.now();
    const { id, busy } = await this.openLog(report, tick, logId, startedAt);
    if (busy) {
      await this.closeLog(report.id, id, 'Error', M.previousWorking, null, null);
      return 'Error';
    }
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(), report.working_timeout * 1000);
    timer.unref();
    const runSignal = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;
    let state: ReportState;
    let error: string | null;
    let value: number | null = null;
    let rowJson: string | null = null;
    try {
      const outcome = await this.execute(loaded, id, startedAt, tick, runSignal, logId !== null);
      state = outcome.state;
      error = outcome.message;
      value = outcome.value;
      rowJson = outcome.rowJson;
    } catch (e) {
      if (timeout.signal.aborted) {
        state = 'Error';
        error = M.workingTimeout;
      } else if (e instanceof RunStop) {
        state = e.state;
        error = e.message;
      } else {
        state = 'Error';
        error = `${M.unexpected} ${messageOf(e)}`;
        this.deps.log?.('Report run failed unexpectedly', { reportId, error: messageOf(e) });
      }
    } finally {
      clearTimeout(timer);
    }
    await this.closeLog(report.id, id, state, error, value, rowJson);
    return state;
  }

  private async openLog(
    report: ReportRow,
    tick: number,
    logId: number | null,
    startedAt: number,
  ): Promise<{ id: number; busy: boolean }> {
    const { db } = this.deps;
    const start = new Date(startedAt).toISOString();
    // Earlier runs still Working: past their timeout they are closed as timed out (a worker that
    // died); within it, this run gives way.
    const working = await db
      .selectFrom('report_execution_log')
      .select(['id', 'start_dttm', 'scheduled_dttm'])
      .where('report_schedule_id', '=', report.id)
      .where('state', '=', 'Working')
      .$if(logId !== null, (qb) => qb.where('id', '!=', logId!))
      .execute();
    let busy = false;
    for (const w of working) {
      const began = toDate(w.start_dttm ?? w.scheduled_dttm)?.getTime() ?? 0;
      if (startedAt - began >= report.working_timeout * 1000) {
        await db
          .updateTable('report_execution_log')
          .set({ state: 'Error', error_message: M.workingTimeout, end_dttm: start })
          .where('id', '=', w.id)
          .where('state', '=', 'Working')
          .execute();
      } else busy = true;
    }
    let id: number;
    if (logId !== null) {
      await db
        .updateTable('report_execution_log')
        .set({ state: 'Working', start_dttm: start })
        .where('id', '=', logId)
        .execute();
      id = logId;
    } else {
      const row = await db
        .insertInto('report_execution_log')
        .values({
          uuid: randomUUID(),
          scheduled_dttm: new Date(tick).toISOString(),
          start_dttm: start,
          state: 'Working',
          report_schedule_id: report.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
    }
    await db
      .updateTable('report_schedule')
      .set({ last_state: 'Working' })
      .where('id', '=', report.id)
      .execute();
    return { id, busy };
  }

  private async closeLog(
    reportId: number,
    logId: number,
    state: ReportState,
    error: string | null,
    value: number | null,
    rowJson: string | null,
  ): Promise<void> {
    const { db } = this.deps;
    const end = new Date(this.now()).toISOString();
    await db
      .updateTable('report_execution_log')
      .set({ state, error_message: error, end_dttm: end, value, value_row_json: rowJson })
      .where('id', '=', logId)
      .execute();
    await db
      .updateTable('report_schedule')
      .set({
        last_state: state,
        last_eval_dttm: end,
        ...(value !== null || rowJson !== null
          ? { last_value: value, last_value_row_json: rowJson }
          : {}),
      })
      .where('id', '=', reportId)
      .execute();
  }

  private async execute(
    loaded: ReportForRun,
    logId: number,
    startedAt: number,
    tick: number,
    signal: AbortSignal,
    asked: boolean,
  ): Promise<{
    state: ReportState;
    message: string | null;
    value: number | null;
    rowJson: string | null;
  }> {
    const report = loaded.row;
    const principal = await this.executor(report, loaded.ownerIds);
    let value: number | null = null;
    let rowJson: string | null = null;
    if (report.type === 'Alert') {
      // After a firing an alert stays quiet for its grace period (a run asked for still runs).
      if (!asked && (await this.inGrace(report, startedAt)))
        return { state: 'On Grace', message: M.graceFired, value: null, rowJson: null };
      const outcome = await this.evaluateAlert(report, loaded.validatorConfig, principal, signal);
      value = outcome.value;
      rowJson = outcome.rowJson;
      if (!outcome.fires) return { state: 'Not triggered', message: null, value, rowJson };
    }
    const content = await this.content(report, loaded.extra, principal, logId, tick, signal);
    const recipients = await this.deps.recipients(report.id);
    const failures: string[] = [];
    for (const recipient of recipients) {
      if (signal.aborted) throw new Error('aborted');
      try {
        await this.deps.notifier.send(content, recipient, signal);
      } catch (e) {
        if (signal.aborted) throw e;
        failures.push(`${recipient.type}: ${messageOf(e)}`);
      }
    }
    if (failures.length) return { state: 'Error', message: failures.join('; '), value, rowJson };
    return { state: 'Success', message: null, value, rowJson };
  }

  /** The executing user's principal; a RunStop when there is none. */
  private async executor(report: ReportRow, ownerIds: number[]): Promise<Principal> {
    const { db, principals, config } = this.deps;
    const pick = pickExecutor(config.reports.executor, {
      createdBy: report.created_by_fk,
      changedBy: report.changed_by_fk,
      ownerIds,
    });
    const { principal, name } = await principalOfPick(db, principals, pick);
    if (!principal)
      throw new RunStop('Error', formatMessage(M.executorNotFound, name ? `"${name}"` : ''));
    return principal;
  }

  private async inGrace(report: ReportRow, now: number): Promise<boolean> {
    if (report.last_state !== 'Success' && report.last_state !== 'On Grace') return false;
    const last = await this.deps.db
      .selectFrom('report_execution_log')
      .select(['end_dttm'])
      .where('report_schedule_id', '=', report.id)
      .where('state', '=', 'Success')
      .orderBy('end_dttm', 'desc')
      .limit(1)
      .executeTakeFirst();
    const end = toDate(last?.end_dttm ?? null)?.getTime();
    return end !== undefined && now < end + report.grace_period * 1000;
  }

  private async evaluateAlert(
    report: ReportRow,
    config: ValidatorConfig | null,
    principal: Principal,
    signal: AbortSignal,
  ): Promise<{ fires: boolean; value: number | null; rowJson: string | null }> {
    const { connections } = this.deps;
    if (report.database_id === null || !report.sql)
      throw new RunStop('Error', `${M.queryError} The alert has no database or SQL.`);
    const row = await connections.row(report.database_id).catch(() => null);
    if (!row) throw new RunStop('Error', `${M.queryError} Database does not exist`);
    if (!canAccessDatabase(principal, row))
      throw new RunStop(
        'Error',
        formatMessage(
          M.noAccess,
          principal.username,
          `no access to the database ${row.database_name}`,
        ),
      );
    let result;
    try {
      const client = await connections.client(row);
      result = await client.execute(report.sql, { maxRows: 2, readOnly: true, signal });
    } catch (e) {
      if (signal.aborted) throw e;
      throw new RunStop('Error', `${M.queryError} ${messageOf(e)}`);
    }
    const validator = (report.validator_type ?? 'not null') as ValidatorType;
    try {
      return judgeAlert(
        result.columns.map((c) => c.name),
        result.rows,
        validator,
        config,
      );
    } catch (e) {
      if (e instanceof AlertResultError) throw new RunStop('Error', e.message);
      throw e;
    }
  }

  private linkOf(report: ReportRow): string {
    const base = this.deps.config.reports.userFriendlyBaseUrl;
    if (report.dashboard_id !== null) return `${base}superset/dashboard/${report.dashboard_id}/`;
    if (report.chart_id !== null) return `${base}explore/?slice_id=${report.chart_id}`;
    if (report.type === 'Alert') return `${base}alert/list/`;
    return `${base}report/list/`;
  }

  private async content(
    report: ReportRow,
    extra: ReportExtra,
    principal: Principal,
    logId: number,
    tick: number,
    signal: AbortSignal,
  ): Promise<NotificationContent> {
    const { db } = this.deps;
    const log = await db
      .selectFrom('report_execution_log')
      .select('uuid')
      .where('id', '=', logId)
      .executeTakeFirstOrThrow();
    const format = report.report_format as ReportFormat;
    const content: NotificationContent = {
      name: report.name,
      type: report.type === 'Alert' ? 'Alert' : 'Report',
      description: report.description,
      url: this.linkOf(report),
      subject: report.email_subject?.trim() || report.name,
      format,
      executionId: log.uuid,
      scheduledAt: new Date(tick),
    };
    if (report.chart_id === null && report.dashboard_id === null) return content;
    const ctx = { db, dialect: this.deps.config.metadataDialect, principal };
    // Access first: a report of something its executor may no longer see sends nothing.
    if (report.dashboard_id !== null) {
      try {
        await findVisibleDashboard(ctx, report.dashboard_id, {
          dashboardRbac: this.deps.config.featureFlags.DASHBOARD_RBAC === true,
        });
      } catch (e) {
        if (e instanceof ApiError)
          throw new RunStop(
            'Error',
            formatMessage(
              M.noAccess,
              principal.username,
              `the dashboard ${report.dashboard_id} is not visible to this user`,
            ),
          );
        throw e;
      }
    }

    try {
      if (format === 'CSV' || format === 'TEXT') {
        if (report.chart_id === null)
          throw new Error('Only a chart report can be sent as CSV or text');
        const saved = await this.savedContext(report.chart_id);
        let answer;
        try {
          answer = await this.deps.chartData.run(
            principal,
            withRequestOptions(saved, { format: format === 'CSV' ? 'csv' : 'json', type: 'full' }),
            signal,
          );
        } catch (e) {
          // The chart's dataset is not readable by the executor (any more).
          if (e instanceof ApiError && (e.statusCode === 404 || e.statusCode === 403))
            throw new RunStop(
              'Error',
              formatMessage(
                M.noAccess,
                principal.username,
                `the chart ${report.chart_id} is not visible to this user`,
              ),
            );
          throw e;
        }
        if (format === 'CSV') {
          const file = await chartDataFile(
            'csv',
            answer.queries,
            answer.datasetName,
            new Date(tick),
          );
          content.csv = Buffer.isBuffer(file.body) ? file.body : Buffer.from(file.body);
        } else {
          const first = answer.queries[0] ?? {};
          const columns = (first.colnames as string[] | undefined) ?? [];
          const data = (first.data as Array<Record<string, unknown>> | undefined) ?? [];
          content.table = {
            columns,
            rows: data.map((record) => columns.map((c) => cellOf(record[c]))),
          };
        }
        return content;
      }
      const width =
        report.custom_width ??
        (report.dashboard_id !== null ? REPORT_DASHBOARD_WIDTH : REPORT_CHART_WIDTH);
      const view = extra.dashboard ?? {};
      const file = await this.deps.screenshotter().capture(
        {
          target:
            report.dashboard_id !== null
              ? { kind: 'dashboard', dashboardId: report.dashboard_id, view }
              : { kind: 'chart', chartId: report.chart_id! },
          format: format === 'PDF' ? 'pdf' : 'png',
          userId: principal.id,
          width,
        },
        signal,
      );
      if (format === 'PDF') content.pdf = file;
      else content.screenshots = [file];
      return content;
    } catch (e) {
      if (signal.aborted || e instanceof RunStop) throw e;
      throw new RunStop('Error', contentFailure(format, messageOf(e)));
    }
  }

  /** The query context a chart was saved with (what its CSV export runs). */
  private async savedContext(chartId: number): Promise<Record<string, unknown>> {
    const chart = await this.deps.db
      .selectFrom('slices')
      .select('query_context')
      .where('id', '=', chartId)
      .executeTakeFirst();
    if (!chart) throw new Error(`Chart ${chartId} does not exist`);
    const parsed = parseJson<unknown>(chart.query_context, null);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(NO_QUERY_CONTEXT_MESSAGE);
    return parsed as Record<string, unknown>;
  }
}

function cellOf(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

/**
 * A report's execution log, `/api/v1/report/{id}/log/` and `/log/{log_id}` (Superset's
 * ReportExecutionLogRestApi): its rows through the list conventions (rison `q`: filters on
 * `state`, order on Superset's order columns, paging), seen by whoever sees the report.
 */
import type { ReportLogItem, ReportState } from '@strata/core';
import { sql } from 'kysely';
import type { DynamicQuery, RequestContext, ResourceDefinition } from '../api/resource-types.js';
import { toIso } from '../metadata/db.js';

export const REPORT_LOG_COLUMNS = [
  'id',
  'scheduled_dttm',
  'end_dttm',
  'start_dttm',
  'value',
  'value_row_json',
  'state',
  'error_message',
  'uuid',
];

/** Log rows for ids, as the log answers give them. */
export async function loadReportLogs(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const rows = await ctx.db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => {
      const item: ReportLogItem = {
        id: r.id,
        uuid: r.uuid,
        scheduled_dttm: toIso(r.scheduled_dttm) ?? '',
        start_dttm: toIso(r.start_dttm),
        end_dttm: toIso(r.end_dttm),
        value: r.value === null ? null : Number(r.value),
        value_row_json: r.value_row_json,
        state: r.state as ReportState,
        error_message: r.error_message,
      };
      return [r.id, item];
    }),
  );
}

/** The log of one report as a list resource (reads only; the report's permission view). */
export function reportLogsOf(reportId: number): ResourceDefinition {
  return {
    prefix: `/api/v1/report/${reportId}/log`,
    table: 'report_execution_log',
    view: 'ReportSchedule',
    noun: 'report execution log',
    titleColumn: 'uuid',
    columns: {
      id: { type: 'number', sortable: true },
      state: { type: 'string', sortable: true, operators: ['eq', 'neq', 'in'] },
      value: { type: 'number', sortable: true },
      error_message: { type: 'string', sortable: true },
      scheduled_dttm: { type: 'datetime', sortable: true },
      start_dttm: { type: 'datetime', sortable: true },
      end_dttm: { type: 'datetime', sortable: true },
    },
    defaultOrder: { column: 'scheduled_dttm', direction: 'desc' },
    listColumns: REPORT_LOG_COLUMNS,
    showColumns: REPORT_LOG_COLUMNS,
    visible: (qb) =>
      qb.where(() => sql<boolean>`t.report_schedule_id = ${reportId}`) as DynamicQuery,
    deletable: false,
    load: loadReportLogs,
  };
}

/**
 * `/api/v1/report/` through the REST conventions (Superset's ReportScheduleRestApi): list with
 * its filters and order columns, `_info`, `related/{owners,created_by,chart,dashboard,database}`
 * (each with the related objects' own visibility), get, create, update, delete and bulk delete.
 * Who sees a report is Superset's ReportScheduleFilter: with access to every dataset (Admin,
 * Alpha) all of them, otherwise those the user owns or created. Only owners and Admin change or
 * delete one.
 */
import {
  reportShow,
  type ReportCreationMethod,
  type ReportFormat,
  type ReportShow,
  type ReportState,
  type ReportType,
  type ValidatorType,
} from '@strata/core';
import { sql } from 'kysely';
import { anyTextFilter, canSeeAllDatasources, ownedOrCreated } from '../api/access-filters.js';
import {
  auditColumns,
  auditFields,
  relatedDatabases,
  relatedUsers,
} from '../api/common-columns.js';
import type {
  DynamicQuery,
  RelatedSource,
  RequestContext,
  ResourceDefinition,
} from '../api/resource-types.js';
import { loadUserSummaries, type UserSummary } from '../api/user-summaries.js';
import { chartsResource, relatedDashboards } from '../charts/resource.js';
import { hasAllDatabaseAccess } from '../databases/access.js';
import { toBool, toIso } from '../metadata/db.js';
import { crontabHumanized } from './humanize.js';
import { maskedConfigText } from './recipients.js';
import { parseExtra } from './repository.js';
import {
  announce,
  assertReportOwner,
  removeReports,
  reportWriteHandlers,
  type ReportWriteDeps,
} from './write.js';

/** Superset's list_columns (dotted names reach into owners, recipients and users). */
export const REPORT_LIST_COLUMNS = [
  'active',
  'changed_by.first_name',
  'changed_by.last_name',
  'changed_on',
  'changed_on_delta_humanized',
  'chart_id',
  'created_by.first_name',
  'created_by.last_name',
  'created_on',
  'creation_method',
  'crontab',
  'crontab_humanized',
  'dashboard_id',
  'description',
  'extra',
  'id',
  'last_eval_dttm',
  'last_state',
  'name',
  'owners.first_name',
  'owners.id',
  'owners.last_name',
  'recipients.id',
  'recipients.type',
  'timezone',
  'type',
];

/** Superset's show_columns: the fields of core's `reportShow`. */
export const REPORT_SHOW_COLUMNS = Object.keys(reportShow.shape);

/** Who sees a report: all with access to every dataset; others what they own or created. */
export function visibleReports(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (canSeeAllDatasources(ctx)) return qb;
  return ownedOrCreated(qb, ctx, 'report_schedule_user', 'report_schedule_id');
}

const nameOf = (u: UserSummary | undefined) =>
  u ? { first_name: u.first_name, last_name: u.last_name } : null;

/**
 * Report objects for ids: every field of the list and show answers (the resource keeps the
 * columns each answer has), secrets masked.
 */
export async function loadReports(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const db = ctx.db;
  const rows = await db.selectFrom('report_schedule').selectAll().where('id', 'in', ids).execute();
  if (!rows.length) return new Map();
  const chartIds = rows.map((r) => r.chart_id).filter((x): x is number => x !== null);
  const dashboardIds = rows.map((r) => r.dashboard_id).filter((x): x is number => x !== null);
  const databaseIds = rows.map((r) => r.database_id).filter((x): x is number => x !== null);
  const [charts, dashboards, databases, owners, recipients] = await Promise.all([
    chartIds.length
      ? db
          .selectFrom('slices')
          .select(['id', 'slice_name', 'viz_type'])
          .where('id', 'in', chartIds)
          .execute()
      : [],
    dashboardIds.length
      ? db
          .selectFrom('dashboards')
          .select(['id', 'dashboard_title'])
          .where('id', 'in', dashboardIds)
          .execute()
      : [],
    databaseIds.length
      ? db
          .selectFrom('dbs')
          .select(['id', 'database_name'])
          .where('id', 'in', databaseIds)
          .execute()
      : [],
    db
      .selectFrom('report_schedule_user as o')
      .innerJoin('ab_user as u', 'u.id', 'o.user_id')
      .select(['o.report_schedule_id', 'u.id', 'u.first_name', 'u.last_name'])
      .where('o.report_schedule_id', 'in', ids)
      .orderBy('u.id')
      .execute(),
    db
      .selectFrom('report_recipient')
      .select(['id', 'type', 'recipient_config_json', 'report_schedule_id'])
      .where('report_schedule_id', 'in', ids)
      .orderBy('id')
      .execute(),
  ]);
  const users = await loadUserSummaries(
    db,
    rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  );
  const chartById = new Map(charts.map((c) => [c.id, c]));
  const dashboardById = new Map(dashboards.map((d) => [d.id, d]));
  const databaseById = new Map(databases.map((d) => [d.id, d]));
  const now = new Date();
  return new Map(
    rows.map((r) => {
      const chart = r.chart_id !== null ? chartById.get(r.chart_id) : undefined;
      const dashboard = r.dashboard_id !== null ? dashboardById.get(r.dashboard_id) : undefined;
      const database = r.database_id !== null ? databaseById.get(r.database_id) : undefined;
      const audit = auditFields(r, users, now);
      const show: ReportShow = {
        id: r.id,
        type: r.type as ReportType,
        name: r.name,
        description: r.description,
        context_markdown: r.context_markdown,
        active: toBool(r.active),
        crontab: r.crontab,
        timezone: r.timezone,
        creation_method: r.creation_method as ReportCreationMethod,
        chart: chart
          ? { id: chart.id, slice_name: chart.slice_name, viz_type: chart.viz_type }
          : null,
        dashboard: dashboard
          ? { id: dashboard.id, dashboard_title: dashboard.dashboard_title ?? '' }
          : null,
        database: database ? { id: database.id, database_name: database.database_name } : null,
        sql: r.sql,
        validator_type: r.validator_type as ValidatorType | null,
        validator_config_json: r.validator_config_json,
        owners: owners
          .filter((o) => o.report_schedule_id === r.id)
          .map((o) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name })),
        recipients: recipients
          .filter((x) => x.report_schedule_id === r.id)
          .map((x) => ({
            id: x.id,
            type: x.type as ReportShow['recipients'][number]['type'],
            recipient_config_json: maskedConfigText(x.recipient_config_json),
          })),
        report_format: r.report_format as ReportFormat,
        grace_period: r.grace_period,
        working_timeout: r.working_timeout,
        log_retention: r.log_retention,
        force_screenshot: toBool(r.force_screenshot),
        custom_width: r.custom_width,
        email_subject: r.email_subject,
        extra: parseExtra(r.extra_json),
        last_eval_dttm: toIso(r.last_eval_dttm),
        last_state: r.last_state as ReportState | null,
        last_value: r.last_value === null ? null : Number(r.last_value),
        last_value_row_json: r.last_value_row_json,
      };
      return [
        r.id,
        {
          ...show,
          crontab_humanized: crontabHumanized(r.crontab),
          chart_id: r.chart_id,
          dashboard_id: r.dashboard_id,
          created_on: audit.created_on,
          changed_on: audit.changed_on,
          changed_on_delta_humanized: audit.changed_on_delta_humanized ?? '',
          created_by: nameOf(r.created_by_fk ? users.get(r.created_by_fk) : undefined),
          changed_by: nameOf(r.changed_by_fk ? users.get(r.changed_by_fk) : undefined),
        },
      ];
    }),
  );
}

export type ReportResourceDeps = ReportWriteDeps;

/**
 * The databases an alert may query: those the principal may use whole (`database_access` on
 * the database, or access to all), the rule the write and the run check.
 */
export function wholeDatabases(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (hasAllDatabaseAccess(ctx.principal)) return qb;
  const ids: number[] = [];
  for (const key of ctx.principal.perms) {
    const m = /^database_access\|\[.*\]\.\(id:(\d{1,10})\)$/.exec(key);
    if (m) ids.push(Number(m[1]));
  }
  if (!ids.length) return qb.where(() => sql<boolean>`1 = 0`) as DynamicQuery;
  return qb.where(sql.ref('t.id'), 'in', ids) as DynamicQuery;
}

/** The candidates of `related/chart`: charts by name, those the user may read. */
function relatedCharts(deps: ReportResourceDeps): RelatedSource {
  const visible = chartsResource(deps.dashboardAccess).visible;
  return {
    table: 'slices',
    valueColumn: 'id',
    text: () => sql<string>`r.slice_name`,
    searchColumns: ['slice_name'],
    ...(visible ? { visible } : {}),
  };
}

export function reportsResource(deps: ReportResourceDeps): ResourceDefinition {
  return {
    prefix: '/api/v1/report',
    table: 'report_schedule',
    view: 'ReportSchedule',
    noun: 'report schedule',
    titleColumn: 'name',
    columns: {
      id: { type: 'number', sortable: true },
      name: { type: 'string', sortable: true },
      type: { type: 'string', sortable: true },
      active: { type: 'boolean', sortable: true },
      description: { type: 'string', sortable: true },
      crontab: { type: 'string', sortable: true },
      crontab_humanized: { type: 'string', sortable: true, expr: () => sql.ref('t.crontab') },
      timezone: { type: 'string', sortable: true },
      last_state: { type: 'string', sortable: true },
      last_eval_dttm: { type: 'datetime', sortable: true },
      creation_method: { type: 'string' },
      report_format: { type: 'string' },
      dashboard_id: { type: 'number' },
      chart_id: { type: 'number' },
      database_id: { type: 'number' },
      owners: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'report_schedule_user',
          linkOwnerColumn: 'report_schedule_id',
          linkTargetColumn: 'user_id',
        },
      },
      ...auditColumns(),
    },
    customFilters: { report_all_text: anyTextFilter(['name', 'description', 'sql']) },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: REPORT_LIST_COLUMNS,
    showColumns: REPORT_SHOW_COLUMNS,
    itemSchema: reportShow,
    related: {
      owners: relatedUsers,
      created_by: relatedUsers,
      chart: relatedCharts(deps),
      dashboard: relatedDashboards(deps.dashboardAccess),
      database: { ...relatedDatabases, visible: wholeDatabases },
    },
    distinct: ['name'],
    visible: visibleReports,
    assertCanModify: assertReportOwner,
    write: reportWriteHandlers(deps) as ResourceDefinition['write'],
    remove: (trx, ids) => removeReports(trx, ids),
    async afterRemove(ids) {
      for (const id of ids) await announce(deps, id);
    },
    load: loadReports,
  };
}

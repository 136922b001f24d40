/**
 * Creating and changing alerts and reports (Superset's CreateReportScheduleCommand and
 * UpdateReportScheduleCommand). Every problem of a write is collected and answered at once as a
 * 422 `{message: {field: [text]}}`, with Superset's texts where it has them. A change is checked
 * on the report as it would be after the write, for the rules the written fields take part in:
 * toggling `active` alone checks nothing else. Only owners (and Admin) change a report — the
 * resource's `assertCanModify` runs before these handlers. After each write the scheduler
 * processes are told (`schedules.changed` on the bus).
 */
import {
  REPORT_DEFAULT_GRACE_PERIOD,
  REPORT_DEFAULT_LOG_RETENTION,
  REPORT_DEFAULT_TIMEZONE,
  REPORT_DEFAULT_WORKING_TIMEOUT,
  reportCreate,
  reportUpdate,
  type ReportCreate,
  type ReportCreationMethod,
  type ReportExtra,
  type ReportFormat,
  type ReportRecipientWrite,
  type ReportType,
  type ReportUpdate,
  type ValidatorConfig,
  type ValidatorType,
} from '@strata/core';
import type { Updateable } from 'kysely';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import type { ReportsConfig } from '../config/reports-config.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { canAccessDatabase } from '../databases/access.js';
import {
  findVisibleDashboard,
  readableChartIds,
  type DashboardAccessOptions,
} from '../dashboards/access.js';
import type { EventBus } from '../events/bus.js';
import { nowIso, type MetadataDb } from '../metadata/db.js';
import type { ReportScheduleTable } from '../metadata/schema.js';
import { isDuplicateKeyError } from '../scheduler/scheduler.js';
import { isAdmin } from '../security/principal.js';
import {
  loadStoredRecipients,
  RecipientSecretError,
  sealRecipients,
  type StoredRecipient,
} from './recipients.js';
import { parseExtra, parseValidatorConfig } from './repository.js';
import {
  CRON_INVALID_MESSAGE,
  formatsFor,
  frequencyError,
  invalidEmails,
  isSlackChannel,
  isTimeZone,
  isValidCron,
  isWebhookUrl,
  splitList,
  unknownTabIds,
} from './validate.js';

/** Superset's texts (superset/commands/report/exceptions.py) and ours where it has none. */
export const REPORT_MESSAGES = {
  invalid: 'Report Schedule parameters are invalid.',
  forbidden: 'Forbidden',
  chartAndDashboard: 'Choose a chart or dashboard not both',
  chartOrDashboard: 'Must choose either a chart or a dashboard',
  chartNotFound: 'Chart does not exist',
  dashboardNotFound: 'Dashboard does not exist',
  databaseNotFound: 'Database does not exist',
  databaseRequired: 'Database is required for alerts',
  databaseNotAllowed: 'Database reference is not allowed on a report',
  chartNotSaved: 'Please save your chart first, then try creating a new email report.',
  dashboardNotSaved: 'Please save your dashboard first, then try creating a new email report.',
  creationMethodTaken: 'Resource already has an attached report.',
  userEmailMissing:
    'Unable to create report: User email address is required but not found. Please ensure your user profile has a valid email address.',
  ownersInvalid: 'Owners are invalid',
  validatorConfig: 'Alert validator config error.',
  sqlRequired: 'SQL is required for alerts',
  validatorRequired: 'A condition (validator type) is required for alerts',
  dashboardFormats: 'A dashboard can only be sent as PNG or PDF',
  nameTaken: (type: ReportType, name: string) =>
    type === 'Alert'
      ? `An alert named "${name}" already exists`
      : `A report named "${name}" already exists`,
  timezone: (tz: string) => `"${tz}" is not a known time zone`,
  invalidTabs: (ids: string[]) => `Invalid tab ids: ${ids.join(', ')}`,
} as const;

export interface ReportWriteDeps {
  box: SecretBox;
  bus: EventBus;
  limits: Pick<ReportsConfig, 'reportMinimumInterval' | 'alertMinimumInterval'>;
  dashboardAccess: DashboardAccessOptions;
}

/** Field → messages of one write, answered together. */
class Problems {
  readonly fields: Record<string, string[]> = {};
  add(field: string, message: string): void {
    const list = (this.fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  get any(): boolean {
    return Object.keys(this.fields).length > 0;
  }
  throwIfAny(): void {
    if (this.any) throw new ApiError(422, REPORT_MESSAGES.invalid, { message: { ...this.fields } });
  }
}

/** The report as it would be after the write (the fields the rules read). */
interface ReportState {
  type: ReportType;
  name: string;
  crontab: string;
  timezone: string;
  creationMethod: ReportCreationMethod;
  chart: number | null;
  dashboard: number | null;
  database: number | null;
  sql: string | null;
  validatorType: ValidatorType | null;
  validatorConfig: ValidatorConfig | null;
  format: ReportFormat;
  recipients: ReportRecipientWrite[];
  extra: ReportExtra;
}

/** Keys of the body a write sets (`undefined` values are not set); null: a create (all). */
type Touched = ReadonlySet<string> | null;
const touches = (t: Touched, ...keys: string[]) => t === null || keys.some((k) => t.has(k));

async function checkState(
  ctx: RequestContext,
  deps: ReportWriteDeps,
  s: ReportState,
  touched: Touched,
  selfId: number | null,
  problems: Problems,
): Promise<void> {
  // Schedule.
  if (touches(touched, 'crontab', 'type')) {
    if (!isValidCron(s.crontab)) problems.add('crontab', CRON_INVALID_MESSAGE);
    else {
      const limit =
        s.type === 'Alert' ? deps.limits.alertMinimumInterval : deps.limits.reportMinimumInterval;
      const tooOften = frequencyError(s.type, s.crontab, limit);
      if (tooOften) problems.add('crontab', tooOften);
    }
  }
  if (touches(touched, 'timezone') && !isTimeZone(s.timezone))
    problems.add('timezone', REPORT_MESSAGES.timezone(s.timezone));

  // Name, unique per type.
  if (touches(touched, 'name', 'type')) {
    let q = ctx.db
      .selectFrom('report_schedule')
      .select('id')
      .where('name', '=', s.name)
      .where('type', '=', s.type);
    if (selfId !== null) q = q.where('id', '<>', selfId);
    if (await q.executeTakeFirst()) problems.add('name', REPORT_MESSAGES.nameTaken(s.type, s.name));
  }

  // Content: a chart or a dashboard, that exists and the writer may read.
  let layoutIds: Set<string> | null = null;
  if (touches(touched, 'chart', 'dashboard', 'creation_method', 'type')) {
    if (s.creationMethod === 'charts' && !s.chart)
      problems.add('chart', REPORT_MESSAGES.chartNotSaved);
    else if (s.creationMethod === 'dashboards' && !s.dashboard)
      problems.add('dashboard', REPORT_MESSAGES.dashboardNotSaved);
    else if (s.chart && s.dashboard) problems.add('chart', REPORT_MESSAGES.chartAndDashboard);
    else if (!s.chart && !s.dashboard) problems.add('chart', REPORT_MESSAGES.chartOrDashboard);
  }
  if (s.chart && touches(touched, 'chart')) {
    const readable = await readableChartIds(ctx, [s.chart]);
    if (!readable.has(s.chart)) problems.add('chart', REPORT_MESSAGES.chartNotFound);
  }
  if (s.dashboard && touches(touched, 'dashboard')) {
    try {
      const d = await findVisibleDashboard(ctx, s.dashboard, deps.dashboardAccess);
      layoutIds = layoutKeys(d.position_json);
    } catch (e) {
      if (!(e instanceof ApiError) || e.statusCode !== 404) throw e;
      problems.add('dashboard', REPORT_MESSAGES.dashboardNotFound);
    }
  }

  // Format for the content.
  if (
    s.dashboard &&
    touches(touched, 'report_format', 'dashboard') &&
    !formatsFor('dashboard').includes(s.format)
  )
    problems.add('report_format', REPORT_MESSAGES.dashboardFormats);

  // A dashboard report's tabs.
  const dashState = s.extra.dashboard;
  if (s.dashboard && dashState && touches(touched, 'extra', 'dashboard')) {
    if (!layoutIds) {
      const row = await ctx.db
        .selectFrom('dashboards')
        .select('position_json')
        .where('id', '=', s.dashboard)
        .executeTakeFirst();
      layoutIds = row ? layoutKeys(row.position_json) : null;
    }
    if (layoutIds) {
      const unknown = unknownTabIds(dashState, layoutIds);
      if (unknown.length) problems.add('extra', REPORT_MESSAGES.invalidTabs(unknown));
    }
  }

  // Alerts: a database the writer may use, SQL, a condition.
  if (touches(touched, 'database', 'type', 'sql')) {
    if (s.type === 'Report' && s.database)
      problems.add('database', REPORT_MESSAGES.databaseNotAllowed);
    if (s.type === 'Alert' && !s.database)
      problems.add('database', REPORT_MESSAGES.databaseRequired);
    if (s.type === 'Alert' && !s.sql?.trim()) problems.add('sql', REPORT_MESSAGES.sqlRequired);
  }
  if (s.type === 'Alert' && s.database && touches(touched, 'database')) {
    const db = await ctx.db
      .selectFrom('dbs')
      .select(['id', 'database_name'])
      .where('id', '=', s.database)
      .executeTakeFirst();
    // The alert's SQL is any query on the database: the whole database, as the run checks.
    if (!db || !canAccessDatabase(ctx.principal, db))
      problems.add('database', REPORT_MESSAGES.databaseNotFound);
  }
  if (s.type === 'Alert' && touches(touched, 'validator_type', 'validator_config_json', 'type')) {
    if (!s.validatorType) problems.add('validator_type', REPORT_MESSAGES.validatorRequired);
    else if (
      s.validatorType === 'operator' &&
      (!s.validatorConfig?.op || s.validatorConfig.threshold === undefined)
    )
      problems.add('validator_config_json', REPORT_MESSAGES.validatorConfig);
  }

  // Recipients.
  if (touches(touched, 'recipients')) {
    for (const r of s.recipients)
      for (const m of recipientProblems(r)) problems.add('recipients', m);
  }
}

/** What is wrong with one recipient (empty when nothing). */
export function recipientProblems(r: ReportRecipientWrite): string[] {
  const c = r.recipient_config_json;
  const out: string[] = [];
  switch (r.type) {
    case 'Email': {
      if (splitList(c.target).length === 0)
        out.push('An e-mail recipient needs at least one address');
      for (const bad of [
        ...invalidEmails(c.target),
        ...invalidEmails(c.ccTarget),
        ...invalidEmails(c.bccTarget),
      ])
        out.push(`"${bad}" is not a valid e-mail address`);
      break;
    }
    case 'Slack': {
      const channels = splitList(c.target);
      if (channels.length === 0) out.push('A Slack recipient needs at least one channel');
      for (const ch of channels)
        if (!isSlackChannel(ch)) out.push(`"${ch}" is not a Slack channel name or id`);
      break;
    }
    case 'Webhook':
      if (!isWebhookUrl(c.target.trim())) out.push(`"${c.target}" is not an http(s) URL`);
      break;
  }
  return out;
}

function layoutKeys(positionJson: string | null): Set<string> {
  try {
    const parsed: unknown = positionJson ? JSON.parse(positionJson) : {};
    return new Set(
      parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? Object.keys(parsed) : [],
    );
  } catch {
    return new Set();
  }
}

/**
 * Owners as Superset's populate_owner_list sets them: none given on a create → the writer; a
 * writer who is not Admin stays an owner. Every id must be a user.
 */
async function ownerIdsFor(
  ctx: RequestContext,
  given: number[] | undefined,
  isCreate: boolean,
  problems: Problems,
): Promise<number[] | undefined> {
  if (given === undefined && !isCreate) return undefined;
  const me = ctx.principal.id;
  let ids = [...new Set(given ?? [])];
  if (isCreate && ids.length === 0) ids = [me];
  else if (!isAdmin(ctx.principal) && !ids.includes(me)) ids = [me, ...ids];
  if (ids.length) {
    const found = await ctx.db.selectFrom('ab_user').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) problems.add('owners', REPORT_MESSAGES.ownersInvalid);
  }
  return ids;
}

/**
 * Reports made from a chart's or a dashboard's menu go to the writer's own address (Superset's
 * rule: the menu's report cannot be pointed at others).
 */
function selfRecipients(ctx: RequestContext, problems: Problems): ReportRecipientWrite[] {
  const email = ctx.principal.email?.trim();
  if (!email) {
    problems.add('recipients', REPORT_MESSAGES.userEmailMissing);
    return [];
  }
  return [{ type: 'Email', recipient_config_json: { target: email } }];
}

/** Recipients sealed for storage; a mask that names no stored secret is a problem. */
function seal(
  deps: ReportWriteDeps,
  recipients: ReportRecipientWrite[],
  stored: StoredRecipient[],
  problems: Problems,
): StoredRecipient[] {
  try {
    return sealRecipients(deps.box, recipients, stored);
  } catch (e) {
    if (!(e instanceof RecipientSecretError)) throw e;
    problems.add('recipients', e.message);
    return [];
  }
}

async function writeRecipients(
  trx: MetadataDb,
  reportId: number,
  recipients: StoredRecipient[],
  userId: number,
  now: string,
): Promise<void> {
  await trx.deleteFrom('report_recipient').where('report_schedule_id', '=', reportId).execute();
  if (!recipients.length) return;
  await trx
    .insertInto('report_recipient')
    .values(
      recipients.map((r) => ({
        type: r.type,
        recipient_config_json: JSON.stringify(r.config),
        report_schedule_id: reportId,
        created_on: now,
        changed_on: now,
        created_by_fk: userId,
        changed_by_fk: userId,
      })),
    )
    .execute();
}

async function writeOwners(trx: MetadataDb, reportId: number, ids: number[]): Promise<void> {
  await trx.deleteFrom('report_schedule_user').where('report_schedule_id', '=', reportId).execute();
  if (ids.length)
    await trx
      .insertInto('report_schedule_user')
      .values(ids.map((user_id) => ({ user_id, report_schedule_id: reportId })))
      .execute();
}

/** A duplicate (name, type) that slipped between the check and the insert. */
function nameTaken(type: ReportType, name: string): ApiError {
  const message = REPORT_MESSAGES.nameTaken(type, name);
  return new ApiError(422, REPORT_MESSAGES.invalid, { message: { name: [message] } });
}

/** Superset's rule: one chart/dashboard-menu report per chart or dashboard and user. */
async function assertCreationMethodFree(
  ctx: RequestContext,
  method: ReportCreationMethod,
  chart: number | null,
  dashboard: number | null,
): Promise<void> {
  if (method === 'alerts_reports') return;
  let q = ctx.db
    .selectFrom('report_schedule')
    .select('id')
    .where('created_by_fk', '=', ctx.principal.id);
  if (dashboard !== null) q = q.where('dashboard_id', '=', dashboard);
  if (chart !== null) q = q.where('chart_id', '=', chart);
  if (await q.executeTakeFirst()) throw new ApiError(409, REPORT_MESSAGES.creationMethodTaken);
}

/** Body fields stored as they come, and their columns. */
const UPDATE_COLUMNS: Partial<Record<keyof ReportUpdate, keyof ReportScheduleTable>> = {
  type: 'type',
  name: 'name',
  description: 'description',
  context_markdown: 'context_markdown',
  active: 'active',
  timezone: 'timezone',
  creation_method: 'creation_method',
  chart: 'chart_id',
  dashboard: 'dashboard_id',
  database: 'database_id',
  sql: 'sql',
  validator_type: 'validator_type',
  report_format: 'report_format',
  grace_period: 'grace_period',
  working_timeout: 'working_timeout',
  log_retention: 'log_retention',
  force_screenshot: 'force_screenshot',
  custom_width: 'custom_width',
  email_subject: 'email_subject',
};

const validatorJson = (v: ValidatorConfig | null | undefined): string | null =>
  v === null || v === undefined ? null : JSON.stringify(v);

export async function createReport(
  ctx: RequestContext,
  deps: ReportWriteDeps,
  body: ReportCreate,
): Promise<number> {
  const problems = new Problems();
  const creationMethod = body.creation_method ?? 'alerts_reports';
  const recipients =
    creationMethod === 'alerts_reports' ? (body.recipients ?? []) : selfRecipients(ctx, problems);
  const state: ReportState = {
    type: body.type,
    name: body.name,
    crontab: body.crontab,
    timezone: body.timezone ?? REPORT_DEFAULT_TIMEZONE,
    creationMethod,
    chart: body.chart ?? null,
    dashboard: body.dashboard ?? null,
    database: body.database ?? null,
    sql: body.sql ?? null,
    validatorType: body.validator_type ?? null,
    validatorConfig: body.validator_config_json ?? null,
    format: body.report_format ?? 'PNG',
    recipients,
    extra: body.extra ?? {},
  };
  await checkState(ctx, deps, state, null, null, problems);
  const owners = (await ownerIdsFor(ctx, body.owners, true, problems)) ?? [ctx.principal.id];
  const sealed = seal(deps, recipients, [], problems);
  problems.throwIfAny();
  await assertCreationMethodFree(ctx, creationMethod, state.chart, state.dashboard);

  const now = nowIso();
  const me = ctx.principal.id;
  let id: number;
  try {
    id = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('report_schedule')
        .values({
          type: body.type,
          name: body.name,
          description: body.description ?? null,
          context_markdown: body.context_markdown ?? null,
          active: body.active ?? true,
          crontab: body.crontab.trim(),
          creation_method: creationMethod,
          timezone: state.timezone,
          report_format: state.format,
          sql: state.sql,
          chart_id: state.chart,
          dashboard_id: state.dashboard,
          database_id: state.database,
          last_eval_dttm: null,
          last_state: null,
          last_value: null,
          last_value_row_json: null,
          validator_type: state.validatorType,
          validator_config_json: validatorJson(state.validatorConfig),
          log_retention: body.log_retention ?? REPORT_DEFAULT_LOG_RETENTION,
          grace_period: body.grace_period ?? REPORT_DEFAULT_GRACE_PERIOD,
          working_timeout: body.working_timeout ?? REPORT_DEFAULT_WORKING_TIMEOUT,
          force_screenshot: body.force_screenshot ?? false,
          custom_width: body.custom_width ?? null,
          custom_height: null,
          email_subject: body.email_subject ?? null,
          extra_json: JSON.stringify(state.extra),
          created_on: now,
          changed_on: now,
          created_by_fk: me,
          changed_by_fk: me,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeOwners(trx, row.id, owners);
      await writeRecipients(trx, row.id, sealed, me, now);
      return row.id;
    });
  } catch (e) {
    if (isDuplicateKeyError(e)) throw nameTaken(body.type, body.name);
    throw e;
  }
  await announce(deps, id);
  return id;
}

export async function updateReport(
  ctx: RequestContext,
  deps: ReportWriteDeps,
  id: number,
  body: ReportUpdate,
): Promise<void> {
  const row = await ctx.db
    .selectFrom('report_schedule')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  const touched = new Set(
    Object.entries(body)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k),
  );
  const problems = new Problems();
  const creationMethod = body.creation_method ?? (row.creation_method as ReportCreationMethod);
  let recipients = body.recipients;
  if (recipients !== undefined && creationMethod !== 'alerts_reports')
    recipients = selfRecipients(ctx, problems);
  const pick = <T>(given: T | undefined, stored: T): T => (given === undefined ? stored : given);
  const state: ReportState = {
    type: pick(body.type, row.type as ReportType),
    name: pick(body.name, row.name),
    crontab: pick(body.crontab, row.crontab),
    timezone: pick(body.timezone, row.timezone),
    creationMethod,
    chart: pick(body.chart, row.chart_id),
    dashboard: pick(body.dashboard, row.dashboard_id),
    database: pick(body.database, row.database_id),
    sql: pick(body.sql, row.sql),
    validatorType: pick(body.validator_type, row.validator_type as ValidatorType | null),
    validatorConfig: pick(
      body.validator_config_json,
      parseValidatorConfig(row.validator_config_json),
    ),
    format: pick(body.report_format, row.report_format as ReportFormat),
    recipients: recipients ?? [],
    extra: pick(body.extra, parseExtra(row.extra_json)),
  };
  await checkState(ctx, deps, state, touched, id, problems);
  const owners = await ownerIdsFor(ctx, body.owners, false, problems);
  const sealed =
    recipients === undefined
      ? undefined
      : seal(deps, recipients, await loadStoredRecipients(ctx.db, id), problems);
  problems.throwIfAny();

  const now = nowIso();
  const me = ctx.principal.id;
  const changes: Record<string, unknown> = { changed_on: now, changed_by_fk: me };
  for (const [key, column] of Object.entries(UPDATE_COLUMNS)) {
    const value = (body as Record<string, unknown>)[key];
    if (value !== undefined) changes[column] = value;
  }
  if (body.crontab !== undefined) changes.crontab = body.crontab.trim();
  if (body.validator_config_json !== undefined)
    changes.validator_config_json = validatorJson(body.validator_config_json);
  if (body.extra !== undefined) changes.extra_json = JSON.stringify(body.extra);
  // Superset: a report switched off while Working is no longer Working.
  if (body.active === false && row.last_state === 'Working') changes.last_state = 'Not triggered';

  try {
    await ctx.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('report_schedule')
        .set(changes as Updateable<ReportScheduleTable>)
        .where('id', '=', id)
        .execute();
      if (owners !== undefined) await writeOwners(trx, id, owners);
      if (sealed !== undefined) await writeRecipients(trx, id, sealed, me, now);
    });
  } catch (e) {
    if (isDuplicateKeyError(e)) throw nameTaken(state.type, state.name);
    throw e;
  }
  await announce(deps, id);
}

/** Tells every scheduler that a report's schedule may have changed (or that it is gone). */
export async function announce(deps: Pick<ReportWriteDeps, 'bus'>, id: number): Promise<void> {
  await deps.bus.publish('schedules.changed', String(id));
}

/** Only owners and Admin change, delete or run a report: 403 otherwise. */
export async function assertReportOwner(ctx: RequestContext, id: number): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  const owner = await ctx.db
    .selectFrom('report_schedule_user')
    .select('id')
    .where('report_schedule_id', '=', id)
    .where('user_id', '=', ctx.principal.id)
    .executeTakeFirst();
  if (!owner) throw new ApiError(403, REPORT_MESSAGES.forbidden);
}

/** Removes reports with their owners, recipients and logs (in the delete's transaction). */
export async function removeReports(trx: MetadataDb, ids: number[]): Promise<void> {
  await trx.deleteFrom('report_execution_log').where('report_schedule_id', 'in', ids).execute();
  await trx.deleteFrom('report_recipient').where('report_schedule_id', 'in', ids).execute();
  await trx.deleteFrom('report_schedule_user').where('report_schedule_id', 'in', ids).execute();
  await trx.deleteFrom('report_schedule').where('id', 'in', ids).execute();
}

export function reportWriteHandlers(
  deps: ReportWriteDeps,
): WriteHandlers<ReportCreate, ReportUpdate> {
  return {
    createSchema: reportCreate,
    updateSchema: reportUpdate,
    create: (ctx, body) => createReport(ctx, deps, body),
    update: (ctx, id, body) => updateReport(ctx, deps, id, body),
  };
}

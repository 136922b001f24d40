/**
 * The alert/report modal's model (pure): its fields, the defaults of a new alert or report, a
 * stored report read into the form, the form written as the API's create/update body, the
 * checks run before saving (a message per field, grouped by the modal's sections), and the
 * server's 422 field messages placed on the form's fields.
 */
import {
  CHART_REPORT_FORMATS,
  DASHBOARD_REPORT_FORMATS,
  REPORT_DEFAULT_GRACE_PERIOD,
  REPORT_DEFAULT_LOG_RETENTION,
  REPORT_DEFAULT_WORKING_TIMEOUT,
  REPORT_MAX_CUSTOM_WIDTH,
  REPORT_MIN_CUSTOM_WIDTH,
} from '@strata/core';
import type {
  AlertOperator,
  ReportCreate,
  ReportCreationMethod,
  ReportFormat,
  ReportShow,
  ReportType,
} from '@strata/core';
import { cronError } from './cron';
import { cleanReportView } from './dashboardContent';
import type { DashboardReportView } from './dashboardContent';
import {
  newRecipientSetting,
  recipientErrors,
  recipientsFromSettings,
  settingsFromRecipients,
} from './recipients';
import type { RecipientErrors, RecipientSetting } from './recipients';

export interface Option {
  value: number;
  label: string;
}

export type ContentType = 'dashboard' | 'chart';
export type Condition = AlertOperator | 'not null';

export interface ReportForm {
  id: number | null;
  type: ReportType;
  creationMethod: ReportCreationMethod;
  // general
  name: string;
  description: string;
  owners: Option[];
  active: boolean;
  // alert condition
  database: Option | null;
  sql: string;
  condition: Condition | null;
  /** As typed. */
  threshold: string;
  // content
  contentType: ContentType;
  chart: Option | null;
  dashboard: Option | null;
  format: ReportFormat;
  /** `extra.dashboard`: tabs and native filter values. */
  view: DashboardReportView;
  customWidth: number | null;
  forceScreenshot: boolean;
  // schedule
  crontab: string;
  timezone: string;
  // notification
  recipients: RecipientSetting[];
  // advanced
  logRetention: number;
  workingTimeout: number | null;
  gracePeriod: number | null;
  /** Other keys of `extra`, kept as they were. */
  extraRest: Record<string, unknown>;
}

/** The modal's sections, in order. */
export const SECTIONS = [
  'general',
  'condition',
  'content',
  'schedule',
  'notification',
  'advanced',
] as const;
export type Section = (typeof SECTIONS)[number];

export type FormField =
  | 'name'
  | 'owners'
  | 'description'
  | 'database'
  | 'sql'
  | 'condition'
  | 'threshold'
  | 'content'
  | 'format'
  | 'customWidth'
  | 'view'
  | 'crontab'
  | 'timezone'
  | 'recipients'
  | 'logRetention'
  | 'workingTimeout'
  | 'gracePeriod';

export const FIELD_SECTION: Record<FormField, Section> = {
  name: 'general',
  owners: 'general',
  description: 'general',
  database: 'condition',
  sql: 'condition',
  condition: 'condition',
  threshold: 'condition',
  content: 'content',
  format: 'content',
  customWidth: 'content',
  view: 'content',
  crontab: 'schedule',
  timezone: 'schedule',
  recipients: 'notification',
  logRetention: 'advanced',
  workingTimeout: 'advanced',
  gracePeriod: 'advanced',
};

export interface FormErrors {
  fields: Partial<Record<FormField, string>>;
  /** Per recipient setting key. */
  recipients: Record<string, RecipientErrors>;
  /** A message not about one field (the server's). */
  general?: string;
}

export const NO_ERRORS: FormErrors = { fields: {}, recipients: {} };

export const LOG_RETENTION_DAYS = [1, 7, 14, 30, 60, 90] as const;

export const CONDITION_OPTIONS: Array<{ value: Condition; label: string }> = [
  { value: '<', label: '< (Smaller than)' },
  { value: '>', label: '> (Larger than)' },
  { value: '<=', label: '<= (Smaller or equal)' },
  { value: '>=', label: '>= (Larger or equal)' },
  { value: '==', label: '== (Is equal)' },
  { value: '!=', label: '!= (Is not equal)' },
  { value: 'not null', label: 'Not null' },
];

const FORMAT_LABELS: Record<ReportFormat, string> = {
  PNG: 'Send as PNG',
  PDF: 'Send as PDF',
  CSV: 'Send as CSV',
  TEXT: 'Send as text',
};

/** The formats a target allows: dashboards PNG and PDF, charts also CSV and text. */
export function formatOptions(
  contentType: ContentType,
): Array<{ value: ReportFormat; label: string }> {
  const formats = contentType === 'dashboard' ? DASHBOARD_REPORT_FORMATS : CHART_REPORT_FORMATS;
  return formats.map((f) => ({ value: f, label: FORMAT_LABELS[f] }));
}

/** A format that fits the target: the current one, or PNG. */
export function fittingFormat(contentType: ContentType, format: ReportFormat): ReportFormat {
  return formatOptions(contentType).some((o) => o.value === format) ? format : 'PNG';
}

/** Screenshots (PNG, PDF) have a width; CSV and text do not. */
export const isScreenshotFormat = (format: ReportFormat): boolean =>
  format === 'PNG' || format === 'PDF';

/** The default cron of the list's modal (Superset's ALERT_REPORTS_DEFAULT_CRON_VALUE). */
export const DEFAULT_CRON = '0 0 * * *';

/** A new alert or report: the user an owner, e-mail as the first method, every day. */
export function newReportForm(
  type: ReportType,
  options: { owner?: Option | null; timezone: string },
): ReportForm {
  return {
    id: null,
    type,
    creationMethod: 'alerts_reports',
    name: '',
    description: '',
    owners: options.owner ? [options.owner] : [],
    active: true,
    database: null,
    sql: '',
    condition: null,
    threshold: '',
    contentType: 'dashboard',
    chart: null,
    dashboard: null,
    format: 'PNG',
    view: {},
    customWidth: null,
    forceScreenshot: false,
    crontab: DEFAULT_CRON,
    timezone: options.timezone,
    recipients: [newRecipientSetting('Email')],
    logRetention: REPORT_DEFAULT_LOG_RETENTION,
    workingTimeout: REPORT_DEFAULT_WORKING_TIMEOUT,
    gracePeriod: type === 'Alert' ? REPORT_DEFAULT_GRACE_PERIOD : null,
    extraRest: {},
  };
}

function parseValidator(text: string | null): { op?: unknown; threshold?: unknown } {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === 'object' && v !== null ? (v as { op?: unknown; threshold?: unknown }) : {};
  } catch {
    return {};
  }
}

const personLabel = (p: { first_name: string; last_name: string; id: number }): string =>
  [p.first_name, p.last_name].filter((s) => s && s.trim()).join(' ') || String(p.id);

/** A stored report as the form edits it. */
export function formFromShow(show: ReportShow): ReportForm {
  const validator = parseValidator(show.validator_config_json);
  const op = typeof validator.op === 'string' ? validator.op : null;
  const condition: Condition | null =
    show.validator_type === 'not null'
      ? 'not null'
      : CONDITION_OPTIONS.some((o) => o.value === op)
        ? (op as Condition)
        : null;
  const threshold =
    typeof validator.threshold === 'number' || typeof validator.threshold === 'string'
      ? String(validator.threshold)
      : '';
  const { dashboard: view, ...extraRest } = show.extra ?? {};
  const contentType: ContentType = show.chart ? 'chart' : 'dashboard';
  return {
    id: show.id,
    type: show.type,
    creationMethod: show.creation_method,
    name: show.name,
    description: show.description ?? '',
    owners: show.owners.map((o) => ({ value: o.id, label: personLabel(o) })),
    active: show.active,
    database: show.database
      ? { value: show.database.id, label: show.database.database_name }
      : null,
    sql: show.sql ?? '',
    condition,
    threshold: condition === 'not null' ? '' : threshold,
    contentType,
    chart: show.chart ? { value: show.chart.id, label: show.chart.slice_name } : null,
    dashboard: show.dashboard
      ? { value: show.dashboard.id, label: show.dashboard.dashboard_title }
      : null,
    format: show.report_format,
    view: view ?? {},
    customWidth: show.custom_width,
    forceScreenshot: show.force_screenshot,
    crontab: show.crontab,
    timezone: show.timezone,
    recipients: settingsFromRecipients(show.recipients),
    logRetention: show.log_retention,
    workingTimeout: show.working_timeout,
    gracePeriod: show.type === 'Alert' ? show.grace_period : null,
    extraRest,
  };
}

const THRESHOLD = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The threshold as a number, or null when it is not one. */
export function parseThreshold(text: string): number | null {
  const t = text.trim();
  if (!THRESHOLD.test(t)) return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

const isPositiveInt = (n: number | null): n is number =>
  n !== null && Number.isInteger(n) && n >= 1;

/** What must change before saving (messages per field and per recipient). */
export function validateReportForm(form: ReportForm): FormErrors {
  const fields: FormErrors['fields'] = {};
  const recipients: FormErrors['recipients'] = {};
  const what = form.type === 'Alert' ? 'alert' : 'report';
  if (!form.name.trim()) fields.name = `Enter a name for the ${what}.`;
  if (form.owners.length === 0) fields.owners = 'Choose at least one owner.';
  if (form.type === 'Alert') {
    if (!form.database) fields.database = 'Choose the database the alert queries.';
    if (!form.sql.trim()) fields.sql = 'Enter the SQL query whose value the alert checks.';
    if (!form.condition) fields.condition = 'Choose when the alert triggers.';
    else if (form.condition !== 'not null' && parseThreshold(form.threshold) === null) {
      fields.threshold = 'Enter a number to compare the value with.';
    }
  }
  if (form.contentType === 'dashboard' && !form.dashboard) fields.content = 'Choose a dashboard.';
  if (form.contentType === 'chart' && !form.chart) fields.content = 'Choose a chart.';
  if (!formatOptions(form.contentType).some((o) => o.value === form.format)) {
    fields.format = `A ${form.contentType} cannot be sent as ${form.format}.`;
  }
  if (
    isScreenshotFormat(form.format) &&
    form.customWidth !== null &&
    (!Number.isInteger(form.customWidth) ||
      form.customWidth < REPORT_MIN_CUSTOM_WIDTH ||
      form.customWidth > REPORT_MAX_CUSTOM_WIDTH)
  ) {
    fields.customWidth = `The width must be between ${REPORT_MIN_CUSTOM_WIDTH} and ${REPORT_MAX_CUSTOM_WIDTH} pixels.`;
  }
  const cron = cronError(form.crontab);
  if (cron) fields.crontab = cron;
  if (!form.timezone) fields.timezone = 'Choose a time zone.';
  if (form.recipients.length === 0) fields.recipients = 'Add at least one notification method.';
  for (const setting of form.recipients) {
    const errors = recipientErrors(setting);
    if (Object.keys(errors).length > 0) recipients[setting.key] = errors;
  }
  if (!isPositiveInt(form.workingTimeout)) {
    fields.workingTimeout = 'Enter the working timeout in whole seconds (at least 1).';
  }
  if (form.type === 'Alert' && form.gracePeriod !== null && !isPositiveInt(form.gracePeriod)) {
    fields.gracePeriod = 'Enter the grace period in whole seconds (at least 1).';
  }
  return { fields, recipients };
}

export function hasErrors(errors: FormErrors): boolean {
  return (
    Object.keys(errors.fields).length > 0 ||
    Object.keys(errors.recipients).length > 0 ||
    errors.general !== undefined
  );
}

/** The sections holding an error (to open them and mark their headers). */
export function sectionsWithErrors(errors: FormErrors): Set<Section> {
  const out = new Set<Section>();
  for (const field of Object.keys(errors.fields) as FormField[]) out.add(FIELD_SECTION[field]);
  if (Object.keys(errors.recipients).length > 0) out.add('notification');
  return out;
}

/**
 * The create (or full update) body of the form: alert fields only for alerts, the content's
 * other target null, `extra.dashboard` only for dashboards (tabs and filters the dashboard no
 * longer has dropped when they are known).
 */
export function reportBody(
  form: ReportForm,
  known?: Parameters<typeof cleanReportView>[1],
): ReportCreate {
  const isDashboard = form.contentType === 'dashboard';
  const view = isDashboard ? cleanReportView(form.view, known) : {};
  const extra: ReportCreate['extra'] = { ...form.extraRest };
  if (Object.keys(view).length > 0) extra.dashboard = view;
  const body: ReportCreate = {
    type: form.type,
    name: form.name.trim(),
    description: form.description.trim() || null,
    active: form.active,
    crontab: form.crontab.trim(),
    timezone: form.timezone,
    creation_method: form.creationMethod,
    owners: form.owners.map((o) => o.value),
    chart: isDashboard ? null : (form.chart?.value ?? null),
    dashboard: isDashboard ? (form.dashboard?.value ?? null) : null,
    report_format: form.format,
    custom_width: isScreenshotFormat(form.format) ? form.customWidth : null,
    force_screenshot: form.forceScreenshot,
    recipients: recipientsFromSettings(form.recipients),
    log_retention: form.logRetention,
    working_timeout: form.workingTimeout ?? REPORT_DEFAULT_WORKING_TIMEOUT,
    extra,
  };
  if (form.type === 'Alert') {
    body.database = form.database?.value ?? null;
    body.sql = form.sql;
    if (form.condition === 'not null') {
      body.validator_type = 'not null';
      body.validator_config_json = {};
    } else {
      body.validator_type = 'operator';
      body.validator_config_json = {
        ...(form.condition ? { op: form.condition } : {}),
        ...(parseThreshold(form.threshold) !== null
          ? { threshold: parseThreshold(form.threshold) as number }
          : {}),
      };
    }
    body.grace_period = form.gracePeriod ?? REPORT_DEFAULT_GRACE_PERIOD;
  }
  return body;
}

/** The API's field names and the form field their messages go to. */
const SERVER_FIELDS: Record<string, FormField> = {
  name: 'name',
  owners: 'owners',
  description: 'description',
  database: 'database',
  sql: 'sql',
  validator_type: 'condition',
  validator_config_json: 'threshold',
  chart: 'content',
  dashboard: 'content',
  report_format: 'format',
  custom_width: 'customWidth',
  extra: 'view',
  crontab: 'crontab',
  timezone: 'timezone',
  recipients: 'recipients',
  log_retention: 'logRetention',
  working_timeout: 'workingTimeout',
  grace_period: 'gracePeriod',
};

function messagesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(messagesOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(messagesOf);
  return [];
}

/**
 * A failed save's answer on the form: `{message: {field: [...]}}` messages on their fields (the
 * others, and a plain `{message: "..."}`, as the general message); null when the answer says
 * nothing readable.
 */
export function serverErrors(body: unknown): FormErrors | null {
  if (typeof body !== 'object' || body === null || !('message' in body)) return null;
  const message = (body as { message: unknown }).message;
  if (typeof message === 'string') {
    return message ? { fields: {}, recipients: {}, general: message } : null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const fields: FormErrors['fields'] = {};
  const rest: string[] = [];
  for (const [key, value] of Object.entries(message)) {
    const texts = messagesOf(value);
    if (texts.length === 0) continue;
    const field = SERVER_FIELDS[key];
    if (field) {
      const known = fields[field] ? [fields[field]] : [];
      fields[field] = [...new Set([...known, ...texts])].join(' ');
    } else rest.push(...texts.map((t) => `${key}: ${t}`));
  }
  if (Object.keys(fields).length === 0 && rest.length === 0) return null;
  return {
    fields,
    recipients: {},
    ...(rest.length > 0 ? { general: rest.join(' ') } : {}),
  };
}

/**
 * `/api/v1/report/` (issue 18): Superset's ReportSchedule request and answer shapes, shared by
 * the server (validation, serialisation, OpenAPI) and the web (types). Kept apart from
 * `reports.ts`, which the web loads at run time, so zod stays out of the web's bundle.
 *
 * As in Superset, writes take `validator_config_json`, `recipient_config_json` and `extra` as
 * objects, while the show answer gives `validator_config_json` and `recipient_config_json` as
 * JSON text (they are text columns there) and `extra` as an object.
 */
import { z } from 'zod';
import {
  ALERT_OPERATORS,
  RECIPIENT_TYPES,
  REPORT_CREATION_METHODS,
  REPORT_FORMATS,
  REPORT_MAX_CUSTOM_WIDTH,
  REPORT_MIN_CUSTOM_WIDTH,
  REPORT_STATES,
  REPORT_TYPES,
  VALIDATOR_TYPES,
} from './reports.js';

export const reportType = z.enum(REPORT_TYPES);
export const reportState = z.enum(REPORT_STATES);
export const reportFormat = z.enum(REPORT_FORMATS);
export const recipientType = z.enum(RECIPIENT_TYPES);
export const reportCreationMethod = z.enum(REPORT_CREATION_METHODS);
export const validatorType = z.enum(VALIDATOR_TYPES);
export const alertOperator = z.enum(ALERT_OPERATORS);

/** `validator_config_json`: the operator and threshold of an `operator` alert. */
export const validatorConfig = z.object({
  op: alertOperator.optional(),
  threshold: z.number().optional(),
});
export type ValidatorConfig = z.infer<typeof validatorConfig>;

/**
 * `recipient_config_json`. Email: `target` is a comma- or semicolon-separated list of
 * addresses, `ccTarget`/`bccTarget` too. Slack: `target` is a comma-separated list of channel
 * names or ids. Webhook: `target` is the URL (http or https), `secret` signs the body
 * (`X-Strata-Signature: sha256=<hex HMAC-SHA256 of the body>`); the secret is never answered
 * back (the show answer carries `"secret": "********"` when one is set; a write with that
 * placeholder keeps the stored one).
 */
export const recipientConfig = z.object({
  target: z.string().max(4000),
  ccTarget: z.string().max(4000).optional(),
  bccTarget: z.string().max(4000).optional(),
  secret: z.string().max(500).optional(),
});
export type RecipientConfig = z.infer<typeof recipientConfig>;

export const reportRecipientWrite = z.object({
  type: recipientType,
  recipient_config_json: recipientConfig,
});
export type ReportRecipientWrite = z.infer<typeof reportRecipientWrite>;

/**
 * `extra.dashboard`: what a dashboard report shows: the tabs to open (tab ids of the layout;
 * every one is captured), the anchor (a tab or chart id to scroll to), native filter values
 * (`dataMask`, keyed by filter id, as a dashboard permalink's state).
 */
export const reportDashboardExtra = z.object({
  activeTabs: z.array(z.string().max(200)).max(100).optional(),
  anchor: z.string().max(200).optional(),
  dataMask: z.record(z.string(), z.unknown()).optional(),
  urlParams: z
    .array(z.tuple([z.string(), z.string()]))
    .max(50)
    .optional(),
});
export const reportExtra = z.object({ dashboard: reportDashboardExtra.optional() }).passthrough();
export type ReportExtra = z.infer<typeof reportExtra>;

const name = z.string().trim().min(1).max(150);
const crontab = z.string().trim().min(1).max(1000);
/** Superset's texts for these bounds (ReportSchedulePostSchema). */
const POSITIVE = 'Value must be greater than 0';
const WIDTH = `Screenshot width must be between ${REPORT_MIN_CUSTOM_WIDTH}px and ${REPORT_MAX_CUSTOM_WIDTH}px`;

/** `POST /api/v1/report/`. */
export const reportCreate = z.object({
  type: reportType,
  name,
  description: z.string().max(5000).nullable().optional(),
  context_markdown: z.string().max(5000).nullable().optional(),
  active: z.boolean().optional(),
  crontab,
  timezone: z.string().max(100).optional(),
  creation_method: reportCreationMethod.optional(),
  chart: z.number().int().nullable().optional(),
  dashboard: z.number().int().nullable().optional(),
  database: z.number().int().nullable().optional(),
  sql: z.string().max(100_000).nullable().optional(),
  validator_type: validatorType.nullable().optional(),
  validator_config_json: validatorConfig.nullable().optional(),
  owners: z.array(z.number().int()).max(100).optional(),
  recipients: z.array(reportRecipientWrite).max(50).optional(),
  report_format: reportFormat.optional(),
  grace_period: z
    .number()
    .int()
    .min(1, POSITIVE)
    .max(10 * 365 * 86_400)
    .optional(),
  working_timeout: z
    .number()
    .int()
    .min(1, POSITIVE)
    .max(7 * 86_400)
    .optional(),
  log_retention: z.number().int().min(1, POSITIVE).max(3650).optional(),
  force_screenshot: z.boolean().optional(),
  custom_width: z
    .number()
    .int()
    .min(REPORT_MIN_CUSTOM_WIDTH, WIDTH)
    .max(REPORT_MAX_CUSTOM_WIDTH, WIDTH)
    .nullable()
    .optional(),
  email_subject: z.string().max(255).nullable().optional(),
  extra: reportExtra.optional(),
});
export type ReportCreate = z.infer<typeof reportCreate>;

/** `PUT /api/v1/report/{id}`: any field, or only `active`. */
export const reportUpdate = reportCreate.partial();
export type ReportUpdate = z.infer<typeof reportUpdate>;

const userRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });
const userName = z.object({ first_name: z.string(), last_name: z.string() }).nullable();

/** One row of `GET /api/v1/report/` (Superset's list_columns). */
export const reportListItem = z.object({
  id: z.number().int(),
  type: reportType,
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  crontab: z.string(),
  /** The schedule in words, e.g. "At 09:00 AM" (cronstrue). */
  crontab_humanized: z.string(),
  timezone: z.string(),
  creation_method: reportCreationMethod,
  chart_id: z.number().int().nullable(),
  dashboard_id: z.number().int().nullable(),
  last_eval_dttm: z.string().nullable(),
  last_state: reportState.nullable(),
  created_on: z.string().nullable(),
  changed_on: z.string().nullable(),
  changed_on_delta_humanized: z.string(),
  created_by: userName,
  changed_by: userName,
  owners: z.array(userRef),
  recipients: z.array(z.object({ id: z.number().int(), type: recipientType })),
  extra: reportExtra,
});
export type ReportListItem = z.infer<typeof reportListItem>;

/** `GET /api/v1/report/{id}` result (Superset's show_columns). */
export const reportShow = z.object({
  id: z.number().int(),
  type: reportType,
  name: z.string(),
  description: z.string().nullable(),
  context_markdown: z.string().nullable(),
  active: z.boolean(),
  crontab: z.string(),
  timezone: z.string(),
  creation_method: reportCreationMethod,
  chart: z
    .object({ id: z.number().int(), slice_name: z.string(), viz_type: z.string().nullable() })
    .nullable(),
  dashboard: z.object({ id: z.number().int(), dashboard_title: z.string() }).nullable(),
  database: z.object({ id: z.number().int(), database_name: z.string() }).nullable(),
  sql: z.string().nullable(),
  validator_type: validatorType.nullable(),
  /** JSON text of a `ValidatorConfig`, as Superset answers it. */
  validator_config_json: z.string().nullable(),
  owners: z.array(userRef),
  recipients: z.array(
    z.object({
      id: z.number().int(),
      type: recipientType,
      /** JSON text of a `RecipientConfig` (a webhook secret masked). */
      recipient_config_json: z.string(),
    }),
  ),
  report_format: reportFormat,
  grace_period: z.number().int(),
  working_timeout: z.number().int(),
  log_retention: z.number().int(),
  force_screenshot: z.boolean(),
  custom_width: z.number().int().nullable(),
  email_subject: z.string().nullable(),
  extra: reportExtra,
  last_eval_dttm: z.string().nullable(),
  last_state: reportState.nullable(),
  last_value: z.number().nullable(),
  last_value_row_json: z.string().nullable(),
});
export type ReportShow = z.infer<typeof reportShow>;

/** One row of `GET /api/v1/report/{id}/log/` (and `/log/{log_id}`). Times are ISO 8601. */
export const reportLogItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  scheduled_dttm: z.string(),
  start_dttm: z.string().nullable(),
  end_dttm: z.string().nullable(),
  value: z.number().nullable(),
  value_row_json: z.string().nullable(),
  state: reportState,
  error_message: z.string().nullable(),
});
export type ReportLogItem = z.infer<typeof reportLogItem>;

/** `GET /api/v1/report/{id}/log/`: a page of the log (the list call's shape, other keys kept). */
export const reportLogListAnswer = z
  .object({
    count: z.number().int(),
    ids: z.array(z.number().int()),
    result: z.array(reportLogItem),
  })
  .passthrough();
export type ReportLogListAnswer = z.infer<typeof reportLogListAnswer>;

/** `POST /api/v1/report/{id}/run` (202): the log row the run writes to. */
export const reportRunAnswer = z.object({ id: z.number().int(), log_id: z.number().int() });
export type ReportRunAnswer = z.infer<typeof reportRunAnswer>;

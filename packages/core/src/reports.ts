/**
 * Alerts & reports (issue 18; spec 000 §1, §7 "Reports", §8 "Reports"): Superset's
 * ReportSchedule vocabulary and defaults, shared by the server and the web at run time (no zod
 * here: the wire schemas are in `reports-api.ts`).
 */

/** `type`: an alert runs SQL and notifies when its condition holds; a report always sends. */
export const REPORT_TYPES = ['Alert', 'Report'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** `last_state` and a log row's `state` (Superset's ReportState values). */
export const REPORT_STATES = ['Success', 'Working', 'Error', 'Not triggered', 'On Grace'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** `report_format`: PNG and PDF fit dashboards; PNG, CSV and TEXT fit charts (PDF too). */
export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'TEXT'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const DASHBOARD_REPORT_FORMATS: readonly ReportFormat[] = ['PNG', 'PDF'];
export const CHART_REPORT_FORMATS: readonly ReportFormat[] = ['PNG', 'PDF', 'CSV', 'TEXT'];

/** Where a report is sent. Webhook is ours (Superset has Email and Slack). */
export const RECIPIENT_TYPES = ['Email', 'Slack', 'Webhook'] as const;
export type RecipientType = (typeof RECIPIENT_TYPES)[number];

/** How the report was made: from a chart's or a dashboard's menu, or in the list's modal. */
export const REPORT_CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export type ReportCreationMethod = (typeof REPORT_CREATION_METHODS)[number];

/** An alert's condition: `not null` fires on a non-null non-zero value; `operator` compares. */
export const VALIDATOR_TYPES = ['not null', 'operator'] as const;
export type ValidatorType = (typeof VALIDATOR_TYPES)[number];
export const ALERT_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type AlertOperator = (typeof ALERT_OPERATORS)[number];

/** Defaults (Superset's): seconds, seconds, days. */
export const REPORT_DEFAULT_GRACE_PERIOD = 14_400;
export const REPORT_DEFAULT_WORKING_TIMEOUT = 3_600;
export const REPORT_DEFAULT_LOG_RETENTION = 90;
export const REPORT_DEFAULT_TIMEZONE = 'UTC';
/** `custom_width` bounds in pixels (Superset's ALERT_REPORTS_MIN/MAX_CUSTOM_SCREENSHOT_WIDTH). */
export const REPORT_MIN_CUSTOM_WIDTH = 600;
export const REPORT_MAX_CUSTOM_WIDTH = 2400;
/** Screenshot widths when `custom_width` is not set. */
export const REPORT_CHART_WIDTH = 800;
export const REPORT_DASHBOARD_WIDTH = 1600;

/** The e-mail subject prefix when `STRATA_EMAIL_REPORTS_SUBJECT_PREFIX` is not set. */
export const REPORT_DEFAULT_SUBJECT_PREFIX = '[Report] ';

/**
 * Whether an alert fires for `value` (Superset's rules). `not null`: a value that is neither
 * null nor 0. `operator`: `value op threshold`; a null value never fires.
 */
export function alertFires(
  validatorType: ValidatorType,
  value: number | null,
  config: { op?: AlertOperator; threshold?: number } | null,
): boolean {
  if (validatorType === 'not null') return value !== null && value !== 0;
  if (value === null || !config?.op || config.threshold === undefined) return false;
  const t = config.threshold;
  switch (config.op) {
    case '<':
      return value < t;
    case '<=':
      return value <= t;
    case '>':
      return value > t;
    case '>=':
      return value >= t;
    case '==':
      return value === t;
    case '!=':
      return value !== t;
  }
}

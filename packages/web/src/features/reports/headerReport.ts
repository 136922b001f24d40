/**
 * The e-mail report of a chart or dashboard, set up from its header menu (pure; Superset's
 * ReportModal): the simple form's defaults and checks, and its create and update bodies. The
 * report goes to the user's own address, owned by the user.
 */
import { REPORT_MAX_CUSTOM_WIDTH, REPORT_MIN_CUSTOM_WIDTH } from '@strata/core';
import type { ReportCreate, ReportFormat, ReportShow, ReportUpdate } from '@strata/core';
import { cronError } from './cron';
import { isEmailAddress } from './recipients';
import type { TargetKind } from './reportList';
import { isScreenshotFormat } from './reportForm';

/** Superset's ReportModal default: Mondays at noon. */
export const HEADER_REPORT_CRON = '0 12 * * 1';

/** Chart types whose data reads as a table (Superset offers them the text format first). */
export const TEXT_BASED_VIZ_TYPES = ['table', 'pivot_table_v2', 'paired_ttest'];

export interface SimpleReport {
  name: string;
  description: string;
  crontab: string;
  timezone: string;
  format: ReportFormat;
  customWidth: number | null;
}

export type SimpleReportField = 'name' | 'crontab' | 'timezone' | 'customWidth' | 'email';

/** "Weekly Report for Sales" */
export function defaultReportName(targetName: string | null | undefined): string {
  const name = targetName?.trim();
  return name ? `Weekly Report for ${name}` : 'Weekly Report';
}

/** The format a new report starts with: text for table-like charts, PNG otherwise. */
export function defaultReportFormat(kind: TargetKind, vizType?: string | null): ReportFormat {
  return kind === 'chart' && vizType && TEXT_BASED_VIZ_TYPES.includes(vizType) ? 'TEXT' : 'PNG';
}

/** The formats offered: charts PNG, PDF, CSV and text; dashboards PNG and PDF. */
export function simpleReportFormats(
  kind: TargetKind,
): Array<{ value: ReportFormat; label: string }> {
  const image = { value: 'PNG' as const, label: 'Image (PNG) embedded in email' };
  const pdf = { value: 'PDF' as const, label: 'PDF attached in email' };
  if (kind === 'dashboard') return [image, pdf];
  return [
    { value: 'TEXT', label: 'Text embedded in email' },
    image,
    pdf,
    { value: 'CSV', label: 'Formatted CSV attached in email' },
  ];
}

export function newSimpleReport(options: {
  kind: TargetKind;
  targetName?: string | null;
  vizType?: string | null;
  timezone: string;
}): SimpleReport {
  return {
    name: defaultReportName(options.targetName),
    description: '',
    crontab: HEADER_REPORT_CRON,
    timezone: options.timezone,
    format: defaultReportFormat(options.kind, options.vizType),
    customWidth: null,
  };
}

export function simpleReportFromShow(show: ReportShow): SimpleReport {
  return {
    name: show.name,
    description: show.description ?? '',
    crontab: show.crontab,
    timezone: show.timezone,
    format: show.report_format,
    customWidth: show.custom_width,
  };
}

/** What must change before saving; `email` is the user's address (the recipient). */
export function simpleReportErrors(
  report: SimpleReport,
  email: string | null | undefined,
  creating: boolean,
): Partial<Record<SimpleReportField, string>> {
  const errors: Partial<Record<SimpleReportField, string>> = {};
  if (!report.name.trim()) errors.name = 'Enter a name for the report.';
  const cron = cronError(report.crontab);
  if (cron) errors.crontab = cron;
  if (!report.timezone) errors.timezone = 'Choose a time zone.';
  const w = report.customWidth;
  if (
    isScreenshotFormat(report.format) &&
    w !== null &&
    (!Number.isInteger(w) || w < REPORT_MIN_CUSTOM_WIDTH || w > REPORT_MAX_CUSTOM_WIDTH)
  ) {
    errors.customWidth = `The width must be between ${REPORT_MIN_CUSTOM_WIDTH} and ${REPORT_MAX_CUSTOM_WIDTH} pixels.`;
  }
  if (creating && !(email && isEmailAddress(email))) {
    errors.email =
      'Your account has no valid e-mail address to send the report to. Set one in your user settings first.';
  }
  return errors;
}

function common(report: SimpleReport): ReportUpdate {
  return {
    name: report.name.trim(),
    description: report.description.trim() || null,
    crontab: report.crontab.trim(),
    timezone: report.timezone,
    report_format: report.format,
    custom_width: isScreenshotFormat(report.format) ? report.customWidth : null,
  };
}

/** `POST /api/v1/report/` of a header menu's report. */
export function simpleReportCreateBody(
  report: SimpleReport,
  target: { kind: TargetKind; id: number; userId: number; email: string },
): ReportCreate {
  return {
    ...common(report),
    name: report.name.trim(),
    crontab: report.crontab.trim(),
    type: 'Report',
    active: true,
    force_screenshot: false,
    creation_method: target.kind === 'chart' ? 'charts' : 'dashboards',
    chart: target.kind === 'chart' ? target.id : null,
    dashboard: target.kind === 'dashboard' ? target.id : null,
    owners: [target.userId],
    recipients: [{ type: 'Email', recipient_config_json: { target: target.email } }],
  };
}

/** `PUT /api/v1/report/{id}` of an edit in the header menu's modal (recipients kept). */
export function simpleReportUpdateBody(report: SimpleReport): ReportUpdate {
  return common(report);
}

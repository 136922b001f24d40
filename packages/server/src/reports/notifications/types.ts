/**
 * What a report run hands to delivery (issue 18): the content once, then one `send` per
 * recipient. Implementations: e-mail (nodemailer over SMTP), Slack (Web API), webhook (JSON
 * POST signed with HMAC-SHA256), each in its own module of this folder; `createNotifier` picks
 * by recipient type and honours the dry-run setting.
 */
import type { RecipientConfig, RecipientType, ReportFormat } from '@strata/core';

export interface NotificationContent {
  /** The report's name. */
  name: string;
  /** 'Alert' or 'Report' (an alert's subject/header says it was triggered). */
  type: 'Alert' | 'Report';
  /** The report's description (plain text), or null. */
  description: string | null;
  /** Absolute link back to the chart or dashboard (the user-friendly base URL). */
  url: string;
  /** The subject line without the prefix (the report's `email_subject`, else its name). */
  subject: string;
  format: ReportFormat;
  /** PNG: the captured image(s), each a whole PNG file. */
  screenshots?: Buffer[];
  /** PDF: the file. */
  pdf?: Buffer;
  /** CSV: the chart's data as CSV text (UTF-8), as the chart's CSV export gives it. */
  csv?: Buffer;
  /**
   * TEXT: the chart's data as rows (column names and values), to show as a table: an escaped
   * HTML table in a mail, a code block on Slack, JSON for a webhook.
   */
  table?: { columns: string[]; rows: Array<Array<string | number | boolean | null>> };
  /** Where the run is logged (the execution log's uuid): in headers for tracing. */
  executionId: string;
  /** When the run was planned (the scheduler's tick). */
  scheduledAt: Date;
}

export interface NotificationRecipient {
  type: RecipientType;
  config: RecipientConfig;
}

/**
 * A delivery failure with the peer's own message (SMTP reply, Slack's `error`, the webhook's
 * status line), written to the execution log as is.
 */
export class NotificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NotificationError';
  }
}

export interface Notifier {
  /** Delivers to one recipient; rejects with a NotificationError. */
  send(
    content: NotificationContent,
    recipient: NotificationRecipient,
    signal?: AbortSignal,
  ): Promise<void>;
  /** Releases pooled connections. */
  close(): Promise<void>;
}

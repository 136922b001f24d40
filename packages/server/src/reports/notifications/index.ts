/**
 * The report runs' delivery (issue 18): `createNotifier` hands each recipient to its channel's
 * notifier (e-mail, Slack, webhook) and, with `STRATA_REPORTS_DRY_RUN`, logs what it would
 * send instead of sending anything.
 */
import type { ReportsConfig } from '../../config/reports-config.js';
import { createEmailNotifier } from './email.js';
import { createSlackNotifier } from './slack.js';
import type { NotificationContent, NotificationRecipient, Notifier } from './types.js';
import { NotificationError } from './types.js';
import { createWebhookNotifier } from './webhook.js';

export type { NotificationContent, NotificationRecipient, Notifier } from './types.js';
export { NotificationError } from './types.js';

export type NotificationLog = (msg: string, data?: Record<string, unknown>) => void;

export interface NotifierOptions {
  /** Bound of each network exchange (ms); default 30 s. For tests. */
  timeoutMs?: number;
}

/** A recipient's target as it may be logged: a webhook URL without credentials or path. */
export function loggableTarget(recipient: NotificationRecipient): string {
  const target = recipient.config.target;
  if (recipient.type !== 'Webhook') return target;
  try {
    const url = new URL(target);
    return url.pathname === '/' && !url.search ? url.origin : `${url.origin}/…`;
  } catch {
    return '(not a URL)';
  }
}

/** The sizes of what a run carries (bytes, rows), for logs. */
export function contentSizes(content: NotificationContent): Record<string, unknown> {
  const sizes: Record<string, unknown> = { executionId: content.executionId };
  if (content.screenshots) sizes.screenshotBytes = content.screenshots.map((s) => s.length);
  if (content.pdf) sizes.pdfBytes = content.pdf.length;
  if (content.csv) sizes.csvBytes = content.csv.length;
  if (content.table) {
    sizes.tableColumns = content.table.columns.length;
    sizes.tableRows = content.table.rows.length;
  }
  return sizes;
}

export function createNotifier(
  config: ReportsConfig,
  log: NotificationLog,
  options: NotifierOptions = {},
): Notifier {
  const byType: Record<NotificationRecipient['type'], Notifier> = {
    Email: createEmailNotifier(config, options),
    Slack: createSlackNotifier(config, options),
    Webhook: createWebhookNotifier(options),
  };

  return {
    async send(
      content: NotificationContent,
      recipient: NotificationRecipient,
      signal?: AbortSignal,
    ): Promise<void> {
      const what = `${content.format} report ${content.name} to ${recipient.type} ${loggableTarget(recipient)}`;
      if (config.dryRun) {
        log(`Dry run: would send ${what}`, contentSizes(content));
        return;
      }
      const notifier = byType[recipient.type] as Notifier | undefined;
      if (!notifier) {
        throw new NotificationError(`Unknown recipient type: ${String(recipient.type)}`);
      }
      await notifier.send(content, recipient, signal);
      log(`Sent ${what}`, contentSizes(content));
    },
    async close(): Promise<void> {
      await Promise.all(Object.values(byType).map((n) => n.close()));
    },
  };
}

/**
 * E-mail delivery (issue 18): one pooled nodemailer transporter over `config.reports.smtp`,
 * reused by every send and closed by `close()`. What a mail carries follows Superset's
 * `reports/notifications/email.py`: the description, a link back ("Explore in Strata"), the
 * TEXT format's data as a table, the screenshot(s) inline by `cid`, the PDF or CSV attached.
 * Everything of the report that reaches the HTML is escaped.
 */
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { ReportsConfig } from '../../config/reports-config.js';
import { reportFiles } from './content.js';
import {
  alertLine,
  CALL_TO_ACTION,
  escapeHtml,
  splitRecipients,
  tableHtml,
  tableTsv,
} from './text.js';
import type { NotificationContent, NotificationRecipient, Notifier } from './types.js';
import { NotificationError } from './types.js';

interface Attachment {
  filename: string;
  content: Buffer;
  contentType: string;
  cid?: string;
  contentDisposition?: 'inline' | 'attachment';
}

export interface EmailMessage {
  subject: string;
  html: string;
  text: string;
  attachments: Attachment[];
}

/** The mail of `content`, without its addresses (pure: the body, the parts, the subject). */
export function buildEmailMessage(
  content: NotificationContent,
  subjectPrefix: string,
): EmailMessage {
  const attachments: Attachment[] = [];
  const images: string[] = [];
  for (const file of reportFiles(content)) {
    if (file.mediaType === 'image/png') {
      const cid = `${randomUUID()}@strata`;
      attachments.push({
        filename: file.filename,
        content: file.bytes,
        contentType: file.mediaType,
        cid,
        contentDisposition: 'inline',
      });
      images.push(
        `<div class="image"><img width="1000" src="cid:${escapeHtml(cid)}" alt="${escapeHtml(file.title)}"></div>`,
      );
    } else {
      attachments.push({
        filename: file.filename,
        content: file.bytes,
        contentType: file.mediaType === 'text/csv' ? 'text/csv; charset=utf-8' : file.mediaType,
        contentDisposition: 'attachment',
      });
    }
  }
  const table = content.format === 'TEXT' && content.table ? content.table : null;

  const html = [
    '<!DOCTYPE html>',
    '<html>',
    '<head>',
    '<meta charset="utf-8">',
    '<style type="text/css">',
    'table, th, td { border-collapse: collapse; border: 1px solid rgb(200, 212, 227); color: rgb(42, 63, 95); padding: 4px 8px; }',
    '.image { margin-bottom: 18px; }',
    '.description { white-space: pre-wrap; }',
    '</style>',
    '</head>',
    '<body>',
    content.type === 'Alert' ? `<p><b>${escapeHtml(alertLine(content.name))}</b></p>` : '',
    content.description ? `<div class="description">${escapeHtml(content.description)}</div>` : '',
    '<br>',
    `<p><b><a href="${escapeHtml(content.url)}">${CALL_TO_ACTION}</a></b></p>`,
    table ? tableHtml(table) : '',
    ...images,
    '</body>',
    '</html>',
  ]
    .filter((line) => line !== '')
    .join('\n');

  const text = [
    content.type === 'Alert' ? alertLine(content.name) : '',
    content.description ?? '',
    `${CALL_TO_ACTION}: ${content.url}`,
    table ? tableTsv(table) : '',
  ]
    .filter((part) => part !== '')
    .join('\n\n');

  return { subject: `${subjectPrefix}${content.subject}`, html, text, attachments };
}

/**
 * nodemailer's message when it quotes the server's own reply ("Invalid login: 535 …",
 * "Error upgrading connection with STARTTLS: 500 …"), else the reply itself ("554 5.7.1 …"),
 * else the message (a refused connection, a time-out).
 */
export function smtpErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { response?: unknown; message?: unknown };
    const message = typeof e.message === 'string' ? e.message.trim() : '';
    const response = typeof e.response === 'string' ? e.response.trim() : '';
    if (response !== '') return message.includes(response) ? message : response;
    if (message !== '') return message;
  }
  return String(error);
}

export interface EmailNotifierOptions {
  /** Connection, greeting and socket inactivity bounds (ms); default 30 s. */
  timeoutMs?: number;
}

export function createEmailNotifier(
  config: Pick<ReportsConfig, 'smtp' | 'emailSubjectPrefix'>,
  options: EmailNotifierOptions = {},
): Notifier {
  const { smtp } = config;
  const timeout = options.timeoutMs ?? 30_000;
  let transporter: ReturnType<typeof createTransporter> | null = null;

  function createTransporter() {
    return nodemailer.createTransport({
      pool: true,
      maxConnections: 2,
      host: smtp.host,
      port: smtp.port,
      // SSL: TLS from the first byte (port 465). Otherwise STARTTLS is required when asked,
      // and never tried when not (a plain local relay, the tests' server).
      secure: smtp.ssl,
      requireTLS: !smtp.ssl && smtp.starttls,
      ignoreTLS: !smtp.ssl && !smtp.starttls,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
  }

  return {
    async send(
      content: NotificationContent,
      recipient: NotificationRecipient,
      signal?: AbortSignal,
    ): Promise<void> {
      const to = splitRecipients(recipient.config.target);
      const cc = splitRecipients(recipient.config.ccTarget);
      const bcc = splitRecipients(recipient.config.bccTarget);
      if (to.length + cc.length + bcc.length === 0) {
        throw new NotificationError('The e-mail recipient has no address');
      }
      const message = buildEmailMessage(content, config.emailSubjectPrefix);
      transporter ??= createTransporter();
      try {
        await transporter.sendMail({
          from: smtp.mailFrom,
          to,
          cc,
          bcc,
          subject: message.subject,
          html: message.html,
          text: message.text,
          attachments: message.attachments,
          headers: { 'X-Strata-Execution-Id': content.executionId },
          signal,
        });
      } catch (error) {
        throw new NotificationError(smtpErrorText(error), { cause: error });
      }
    },
    async close(): Promise<void> {
      const t = transporter;
      transporter = null;
      t?.close();
    },
  };
}

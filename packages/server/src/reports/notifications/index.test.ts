import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpReceiver, startSlackReceiver } from '../../../test/helpers/http-receiver.js';
import type { HttpReceiver, SlackReceiver } from '../../../test/helpers/http-receiver.js';
import { startMailSink } from '../../../test/helpers/mail-sink.js';
import type { MailSink } from '../../../test/helpers/mail-sink.js';
import { loadReportsConfig } from '../../config/reports-config.js';
import type { ReportsConfig } from '../../config/reports-config.js';
import { createNotifier, loggableTarget } from './index.js';
import type { NotificationContent, NotificationRecipient } from './index.js';

const TOKEN = 'xoxb-index-test';

const content: NotificationContent = {
  name: 'Daily revenue',
  type: 'Report',
  description: null,
  url: 'http://strata.test/explore/?slice_id=1',
  subject: 'Daily revenue',
  format: 'CSV',
  csv: Buffer.from('day,revenue\n2026-11-19,120\n'),
  executionId: 'exec-7',
  scheduledAt: new Date('2026-11-20T06:00:00Z'),
};

describe('createNotifier', () => {
  let sink: MailSink;
  let slack: SlackReceiver;
  let hook: HttpReceiver;
  let recipients: NotificationRecipient[];

  const configWith = (env: Record<string, string>): ReportsConfig =>
    loadReportsConfig(
      {
        STRATA_SMTP_HOST: '127.0.0.1',
        STRATA_SMTP_PORT: String(sink.port),
        STRATA_SMTP_STARTTLS: 'false',
        STRATA_SMTP_MAIL_FROM: 'strata@example.org',
        STRATA_SLACK_API_TOKEN: TOKEN,
        STRATA_SLACK_API_URL: slack.baseUrl,
        ...env,
      },
      8088,
    );

  beforeAll(async () => {
    sink = await startMailSink();
    slack = await startSlackReceiver({ token: TOKEN, channels: [{ id: 'C0000001', name: 'ops' }] });
    hook = await startHttpReceiver();
    recipients = [
      { type: 'Email', config: { target: 'ops@example.org' } },
      { type: 'Slack', config: { target: '#ops' } },
      { type: 'Webhook', config: { target: `http://user:pw@127.0.0.1:${hook.port}/secret/path` } },
    ];
  });
  afterAll(async () => {
    await Promise.all([sink.close(), slack.close(), hook.close()]);
  });

  it('in dry run logs what it would send and sends nothing', async () => {
    const logs: Array<[string, Record<string, unknown> | undefined]> = [];
    const notifier = createNotifier(configWith({ STRATA_REPORTS_DRY_RUN: 'true' }), (msg, data) =>
      logs.push([msg, data]),
    );
    for (const r of recipients) await notifier.send(content, r);
    await notifier.close();
    expect(logs.map(([m]) => m)).toEqual([
      'Dry run: would send CSV report Daily revenue to Email ops@example.org',
      'Dry run: would send CSV report Daily revenue to Slack #ops',
      `Dry run: would send CSV report Daily revenue to Webhook http://127.0.0.1:${hook.port}/…`,
    ]);
    expect(logs[0]![1]).toEqual({ executionId: 'exec-7', csvBytes: content.csv!.length });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sink.mails).toHaveLength(0);
    expect(slack.calls).toHaveLength(0);
    expect(hook.requests).toHaveLength(0);
  });

  it('dispatches each recipient to its channel and closes cleanly', async () => {
    const logs: string[] = [];
    const notifier = createNotifier(configWith({}), (msg) => logs.push(msg));
    for (const r of recipients) await notifier.send(content, r);
    await notifier.close();

    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('[Report] Daily revenue');
    expect(mail!.attachments[0]!.content.equals(content.csv!)).toBe(true);
    expect(slack.files.map((f) => [f.filename, f.channel])).toEqual([
      ['Daily revenue.csv', 'C0000001'],
    ]);
    const [request] = await hook.waitFor(1);
    expect(request!.url).toBe('/secret/path');
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from('user:pw').toString('base64')}`,
    );
    expect(logs).toHaveLength(3);
    expect(logs[0]).toBe('Sent CSV report Daily revenue to Email ops@example.org');
  });

  it('keeps credentials and paths of webhook URLs out of logs', () => {
    const r = (target: string): NotificationRecipient => ({ type: 'Webhook', config: { target } });
    expect(loggableTarget(r('https://a:b@hooks.example.org/T0/B0/XXXX'))).toBe(
      'https://hooks.example.org/…',
    );
    expect(loggableTarget(r('https://hooks.example.org'))).toBe('https://hooks.example.org');
    expect(loggableTarget(r('nope'))).toBe('(not a URL)');
  });
});

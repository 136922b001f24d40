import { PNG } from 'pngjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink } from '../../../test/helpers/mail-sink.js';
import type { MailSink, SinkMail } from '../../../test/helpers/mail-sink.js';
import type { ReportsConfig } from '../../config/reports-config.js';
import { buildEmailMessage, createEmailNotifier } from './email.js';
import type { NotificationContent, Notifier } from './types.js';
import { NotificationError } from './types.js';

function png(width: number, height: number): Buffer {
  const image = new PNG({ width, height });
  for (let i = 0; i < image.data.length; i += 4) {
    image.data[i] = (i / 4) % 256;
    image.data[i + 1] = 80;
    image.data[i + 2] = 160;
    image.data[i + 3] = 255;
  }
  return PNG.sync.write(image);
}

function content(over: Partial<NotificationContent>): NotificationContent {
  return {
    name: 'Weekly sales',
    type: 'Report',
    description: 'Sales <b>by</b> region & week',
    url: 'http://strata.test/explore/?slice_id=7',
    subject: 'Weekly sales',
    format: 'PNG',
    executionId: '3f1c2d4e-0000-4000-8000-000000000001',
    scheduledAt: new Date('2026-11-20T09:00:00Z'),
    ...over,
  };
}

function smtpConfig(
  port: number,
  over: Partial<ReportsConfig['smtp']> = {},
): Pick<ReportsConfig, 'smtp' | 'emailSubjectPrefix'> {
  return {
    smtp: {
      host: '127.0.0.1',
      port,
      user: null,
      password: null,
      starttls: false,
      ssl: false,
      mailFrom: 'reports@strata.test',
      ...over,
    },
    emailSubjectPrefix: '[Report] ',
  };
}

const to = (target: string, ccTarget?: string, bccTarget?: string) => ({
  type: 'Email' as const,
  config: { target, ccTarget, bccTarget },
});

describe('e-mail notifier against a real SMTP server', () => {
  let sink: MailSink;
  let notifier: Notifier;

  beforeAll(async () => {
    sink = await startMailSink();
    notifier = createEmailNotifier(smtpConfig(sink.port));
  });
  afterAll(async () => {
    await notifier.close();
    await sink.close();
  });
  afterEach(() => {
    sink.mails.length = 0;
  });

  it('sends a PNG inline by cid, with the prefixed subject, the escaped description and the link', async () => {
    const image = png(320, 180);
    await notifier.send(content({ screenshots: [image] }), to('ana@example.org'));
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('[Report] Weekly sales');
    expect(mail!.from?.text).toBe('reports@strata.test');
    expect(mail!.envelope.rcptTo).toEqual(['ana@example.org']);
    expect(mail!.headers.get('x-strata-execution-id')).toBe('3f1c2d4e-0000-4000-8000-000000000001');

    expect(mail!.attachments).toHaveLength(1);
    const att = mail!.attachments[0]!;
    expect(att.contentType).toBe('image/png');
    expect(att.contentDisposition).toBe('inline');
    expect(att.filename).toBe('Weekly sales.png');
    const html = String(mail!.html);
    expect(html).toContain(`src="cid:${att.cid}"`);
    const decoded = PNG.sync.read(att.content);
    expect([decoded.width, decoded.height]).toEqual([320, 180]);
    expect(att.content.equals(image)).toBe(true);

    expect(html).toContain('Sales &lt;b&gt;by&lt;/b&gt; region &amp; week');
    expect(html).not.toContain('<b>by</b>');
    expect(html).toContain(
      '<a href="http://strata.test/explore/?slice_id=7">Explore in Strata</a>',
    );
    expect(html).not.toContain('was triggered');
    expect(mail!.text).toContain('Explore in Strata: http://strata.test/explore/?slice_id=7');
  });

  it('puts several screenshots inline, each with its own cid', async () => {
    await notifier.send(content({ screenshots: [png(10, 10), png(20, 30)] }), to('a@example.org'));
    const [mail] = await sink.waitFor(1);
    const cids = mail!.attachments.map((a) => a.cid);
    expect(new Set(cids).size).toBe(2);
    for (const cid of cids) expect(String(mail!.html)).toContain(`cid:${cid}`);
    expect(mail!.attachments.map((a) => a.filename)).toEqual([
      'Weekly sales-1.png',
      'Weekly sales-2.png',
    ]);
    const sizes = mail!.attachments
      .map((a) => PNG.sync.read(a.content))
      .map((p) => [p.width, p.height]);
    expect(sizes).toEqual([
      [10, 10],
      [20, 30],
    ]);
  });

  it('attaches a PDF under a safe file name, and says an alert was triggered', async () => {
    const pdf = Buffer.from('%PDF-1.7\n% a test file\n%%EOF\n');
    await notifier.send(
      content({ type: 'Alert', name: 'Q3 / "top" <10>', subject: 'Q3', format: 'PDF', pdf }),
      to('a@example.org'),
    );
    const [mail] = await sink.waitFor(1);
    expect(mail!.subject).toBe('[Report] Q3');
    expect(mail!.attachments).toHaveLength(1);
    const att = mail!.attachments[0]!;
    expect(att.contentType).toBe('application/pdf');
    expect(att.contentDisposition).toBe('attachment');
    expect(att.filename).toBe('Q3 _ _top_ _10_.pdf');
    expect(att.content.equals(pdf)).toBe(true);
    expect(String(mail!.html)).toContain(
      'Alert &quot;Q3 / &quot;top&quot; &lt;10&gt;&quot; was triggered.',
    );
  });

  it('attaches a CSV with its bytes unchanged', async () => {
    const csv = Buffer.from('region,sales\nNord,12.5\n"Süd, West",7\n', 'utf8');
    await notifier.send(content({ format: 'CSV', csv }), to('a@example.org'));
    const [mail] = await sink.waitFor(1);
    const att = mail!.attachments[0]!;
    expect(att.filename).toBe('Weekly sales.csv');
    expect(att.contentType).toBe('text/csv');
    expect(att.content.equals(csv)).toBe(true);
    expect(String(mail!.html)).not.toContain('<table');
  });

  it('shows TEXT as an escaped HTML table in the body', async () => {
    await notifier.send(
      content({
        format: 'TEXT',
        table: {
          columns: ['name', '<th>'],
          rows: [
            ['<script>alert(1)</script>', 3],
            ['plain', null],
          ],
        },
      }),
      to('a@example.org'),
    );
    const [mail] = await sink.waitFor(1);
    const html = String(mail!.html);
    expect(mail!.attachments).toHaveLength(0);
    expect(html).toContain('<th>name</th><th>&lt;th&gt;</th>');
    expect(html).toContain('<td>&lt;script&gt;alert(1)&lt;/script&gt;</td><td>3</td>');
    expect(html).toContain('<td>plain</td><td></td>');
    expect(html).not.toContain('<script>');
    expect(mail!.text).toContain('<script>alert(1)</script>\t3');
  });

  it('sends To, Cc and Bcc from the lists split on , and ;', async () => {
    await notifier.send(
      content({ screenshots: [png(4, 4)] }),
      to(' a@example.org; b@example.org ,', 'c@example.org', 'd@example.org;e@example.org'),
    );
    const [mail] = await sink.waitFor(1);
    expect(mail!.envelope.rcptTo.sort()).toEqual([
      'a@example.org',
      'b@example.org',
      'c@example.org',
      'd@example.org',
      'e@example.org',
    ]);
    const addresses = (v: SinkMail['to']) =>
      (Array.isArray(v) ? v : v ? [v] : []).flatMap((o) => o.value.map((a) => a.address));
    expect(addresses(mail!.to)).toEqual(['a@example.org', 'b@example.org']);
    expect(addresses(mail!.cc)).toEqual(['c@example.org']);
    expect(mail!.bcc).toBeUndefined();
    expect(mail!.headers.has('bcc')).toBe(false);
  });

  it("surfaces the server's own reply when it refuses the message, and keeps working", async () => {
    sink.failNext(554, '5.7.1 Message rejected by policy');
    const error = await notifier
      .send(content({ screenshots: [png(4, 4)] }), to('a@example.org'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as Error).message).toContain('554 5.7.1 Message rejected by policy');
    await notifier.send(content({ screenshots: [png(4, 4)] }), to('a@example.org'));
    expect(await sink.waitFor(1)).toHaveLength(1);
  });

  it('refuses a recipient without any address', async () => {
    await expect(notifier.send(content({ screenshots: [png(4, 4)] }), to(' ; '))).rejects.toThrow(
      'The e-mail recipient has no address',
    );
    expect(sink.mails).toHaveLength(0);
  });

  it('sends the message alone when the run has no content (an alert without a chart)', async () => {
    await notifier.send(content({ type: 'Alert', screenshots: undefined }), to('a@example.org'));
    const [mail] = await sink.waitFor(1);
    expect(mail!.attachments).toHaveLength(0);
    expect(String(mail!.html)).toContain('Alert &quot;Weekly sales&quot; was triggered.');
    expect(String(mail!.html)).toContain('Explore in Strata');
  });
});

describe('e-mail notifier settings', () => {
  it('authenticates with the configured user and password', async () => {
    const sink = await startMailSink({ auth: { user: 'mailer', password: 's3cret' } });
    const notifier = createEmailNotifier(
      smtpConfig(sink.port, { user: 'mailer', password: 's3cret' }),
    );
    try {
      await notifier.send(content({ screenshots: [png(4, 4)] }), to('a@example.org'));
      const [mail] = await sink.waitFor(1);
      expect(mail!.authUser).toBe('mailer');
    } finally {
      await notifier.close();
      await sink.close();
    }
  });

  it("surfaces an authentication failure with the server's reply", async () => {
    const sink = await startMailSink({ auth: { user: 'mailer', password: 's3cret' } });
    const notifier = createEmailNotifier(
      smtpConfig(sink.port, { user: 'mailer', password: 'nope' }),
    );
    try {
      await expect(
        notifier.send(content({ screenshots: [png(4, 4)] }), to('a@example.org')),
      ).rejects.toThrow(/535.*Invalid username or password/);
      expect(sink.mails).toHaveLength(0);
    } finally {
      await notifier.close();
      await sink.close();
    }
  });

  it('requires STARTTLS when asked and the server does not offer it', async () => {
    const sink = await startMailSink();
    const notifier = createEmailNotifier(smtpConfig(sink.port, { starttls: true }));
    try {
      const error = await notifier
        .send(content({ screenshots: [png(4, 4)] }), to('a@example.org'))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).toBeInstanceOf(NotificationError);
      expect((error as Error).message).toMatch(/STARTTLS/i);
      expect(sink.mails).toHaveLength(0);
    } finally {
      await notifier.close();
      await sink.close();
    }
  });

  it('fails clearly when nothing listens', async () => {
    const sink = await startMailSink();
    const port = sink.port;
    await sink.close();
    const notifier = createEmailNotifier(smtpConfig(port));
    try {
      await expect(
        notifier.send(content({ screenshots: [png(4, 4)] }), to('a@example.org')),
      ).rejects.toThrow(/ECONNREFUSED|connect/i);
    } finally {
      await notifier.close();
    }
  });
});

describe('buildEmailMessage', () => {
  it('uses the configured prefix as is (an empty one too)', () => {
    expect(buildEmailMessage(content({}), '').subject).toBe('Weekly sales');
    expect(buildEmailMessage(content({}), 'Strata: ').subject).toBe('Strata: Weekly sales');
  });

  it('ignores parts that do not belong to the format', () => {
    const m = buildEmailMessage(
      content({ format: 'CSV', csv: Buffer.from('a\n1\n'), screenshots: [Buffer.from('x')] }),
      '',
    );
    expect(m.attachments.map((a) => a.filename)).toEqual(['Weekly sales.csv']);
    expect(m.html).not.toContain('cid:');
  });
});

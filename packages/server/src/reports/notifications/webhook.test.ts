import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpReceiver } from '../../../test/helpers/http-receiver.js';
import type { HttpReceiver } from '../../../test/helpers/http-receiver.js';
import type { NotificationContent } from './types.js';
import { NotificationError } from './types.js';
import { createWebhookNotifier, guardedLookup, isForbiddenAddress } from './webhook.js';

function content(over: Partial<NotificationContent>): NotificationContent {
  return {
    name: 'Weekly sales',
    type: 'Report',
    description: 'By region',
    url: 'http://strata.test/explore/?slice_id=7',
    subject: 'Weekly sales',
    format: 'PNG',
    screenshots: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])],
    executionId: '6c1f6d2a-1111-4111-8111-000000000042',
    scheduledAt: new Date('2026-11-20T09:00:00.000Z'),
    ...over,
  };
}

const hook = (target: string, secret?: string) => ({
  type: 'Webhook' as const,
  config: { target, secret },
});

describe('webhook notifier against a local receiver', () => {
  let receiver: HttpReceiver;
  const notifier = createWebhookNotifier();

  beforeAll(async () => {
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await notifier.close();
    await receiver.close();
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });

  it('posts the report and its PNG as base64 JSON with the tracing headers', async () => {
    const png = content({}).screenshots![0]!;
    await notifier.send(content({}), hook(`${receiver.url}hooks/strata?x=1`));
    const [request] = await receiver.waitFor(1);
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/hooks/strata?x=1');
    expect(request!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request!.headers['user-agent']).toBe('Strata-Reports');
    expect(request!.headers['x-strata-execution-id']).toBe('6c1f6d2a-1111-4111-8111-000000000042');
    expect(request!.headers['x-strata-signature']).toBeUndefined();
    const body = JSON.parse(request!.body.toString('utf8')) as {
      report: Record<string, unknown>;
      content: {
        files: Array<{ filename: string; media_type: string; size: number; base64: string }>;
      };
    };
    expect(body.report).toEqual({
      name: 'Weekly sales',
      type: 'Report',
      description: 'By region',
      url: 'http://strata.test/explore/?slice_id=7',
      scheduled_dttm: '2026-11-20T09:00:00.000Z',
      execution_id: '6c1f6d2a-1111-4111-8111-000000000042',
      format: 'PNG',
    });
    expect(body.content.files).toHaveLength(1);
    const file = body.content.files[0]!;
    expect([file.filename, file.media_type, file.size]).toEqual([
      'Weekly sales.png',
      'image/png',
      png.length,
    ]);
    expect(Buffer.from(file.base64, 'base64').equals(png)).toBe(true);
  });

  it('sends PDF and CSV as files and TEXT as columns and rows', async () => {
    await notifier.send(
      content({ format: 'PDF', pdf: Buffer.from('%PDF-1.7') }),
      hook(receiver.url),
    );
    await notifier.send(content({ format: 'CSV', csv: Buffer.from('a\n1\n') }), hook(receiver.url));
    const table = {
      columns: ['a', 'b'],
      rows: [
        ['<x>', 1],
        [null, true],
      ],
    };
    await notifier.send(content({ format: 'TEXT', table }), hook(receiver.url));
    const bodies = (await receiver.waitFor(3)).map(
      (r) => JSON.parse(r.body.toString('utf8')) as { content: Record<string, unknown> },
    );
    expect(bodies[0]!.content.files).toEqual([
      {
        filename: 'Weekly sales.pdf',
        media_type: 'application/pdf',
        size: 8,
        base64: 'JVBERi0xLjc=',
      },
    ]);
    expect(bodies[1]!.content.files).toEqual([
      { filename: 'Weekly sales.csv', media_type: 'text/csv', size: 4, base64: 'YQoxCg==' },
    ]);
    expect(bodies[2]!.content).toEqual({ table });
  });

  it('sends an empty content when the run has none', async () => {
    await notifier.send(content({ type: 'Alert', screenshots: undefined }), hook(receiver.url));
    await notifier.send(content({ format: 'TEXT', screenshots: undefined }), hook(receiver.url));
    const bodies = (await receiver.waitFor(2)).map(
      (r) => JSON.parse(r.body.toString('utf8')) as { content: unknown },
    );
    expect(bodies.map((b) => b.content)).toEqual([{ files: [] }, { table: null }]);
  });

  it('signs the exact body bytes with HMAC-SHA256 when the recipient has a secret', async () => {
    const secret = 'wh-secret-ü';
    await notifier.send(content({ description: 'Ünïcode ✓' }), hook(receiver.url, secret));
    const [request] = await receiver.waitFor(1);
    const header = String(request!.headers['x-strata-signature']);
    expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
    const expected = createHmac('sha256', secret).update(request!.body).digest();
    expect(timingSafeEqual(Buffer.from(header.slice(7), 'hex'), expected)).toBe(true);
    // another secret does not verify
    const other = createHmac('sha256', 'other').update(request!.body).digest();
    expect(timingSafeEqual(Buffer.from(header.slice(7), 'hex'), other)).toBe(false);
  });

  it('fails with the status line and the first 500 characters of the answer', async () => {
    receiver.script({ status: 500, body: `${'x'.repeat(498)}éé and more that is cut` });
    const error = await notifier.send(content({}), hook(receiver.url)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as Error).message).toBe(
      `Webhook answered 500 Internal Server Error: ${'x'.repeat(498)}éé`,
    );
    receiver.script({ status: 403, statusText: 'Nope', body: 'bad signature' });
    await expect(notifier.send(content({}), hook(receiver.url))).rejects.toThrow(
      'Webhook answered 403 Nope: bad signature',
    );
  });

  it('does not follow a redirect', async () => {
    receiver.script({ status: 302, headers: { location: 'http://169.254.169.254/latest/' } });
    await expect(notifier.send(content({}), hook(receiver.url))).rejects.toThrow(
      'Webhook answered 302 Found (to http://169.254.169.254/latest/): redirects are not followed',
    );
    expect(receiver.requests).toHaveLength(1);
  });

  it('reaches a loopback receiver by name', async () => {
    await notifier.send(content({}), hook(`http://localhost:${receiver.port}/by-name`));
    expect((await receiver.waitFor(1))[0]!.url).toBe('/by-name');
  });
});

describe('webhook notifier limits', () => {
  it('gives up on a receiver that never answers', async () => {
    const silent = await startHttpReceiver({ answer: { hang: true } });
    try {
      const notifier = createWebhookNotifier({ timeoutMs: 300 });
      const started = Date.now();
      await expect(notifier.send(content({}), hook(silent.url))).rejects.toThrow(
        'Webhook did not answer within 0.3 s',
      );
      expect(Date.now() - started).toBeLessThan(3000);
      expect(silent.requests).toHaveLength(1);
    } finally {
      await silent.close();
    }
  });

  it('stops when the run is cancelled', async () => {
    const silent = await startHttpReceiver({ answer: { hang: true } });
    try {
      const controller = new AbortController();
      const sending = createWebhookNotifier().send(
        content({}),
        hook(silent.url),
        controller.signal,
      );
      await silent.waitFor(1);
      controller.abort();
      await expect(sending).rejects.toThrow('Webhook delivery was cancelled');
    } finally {
      await silent.close();
    }
  });

  it('refuses link-local and cloud metadata targets before connecting', async () => {
    const notifier = createWebhookNotifier({ timeoutMs: 60_000 });
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://169.254.170.2/v2/credentials',
      'http://2852039166/', // 169.254.169.254 as a number
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
      'https://[fe80::1]/',
    ]) {
      const started = Date.now();
      await expect(notifier.send(content({}), hook(target)), target).rejects.toThrow(
        /is a link-local or cloud metadata address; refused$/,
      );
      expect(Date.now() - started).toBeLessThan(1000);
    }
  });

  it('refuses what is not an http(s) URL', async () => {
    const notifier = createWebhookNotifier();
    await expect(notifier.send(content({}), hook('file:///etc/passwd'))).rejects.toThrow(
      'The webhook URL must be http or https, not file:',
    );
    await expect(notifier.send(content({}), hook('not a url'))).rejects.toThrow(
      'The webhook URL is not a valid URL',
    );
  });

  it('reports an unreachable receiver', async () => {
    const gone = await startHttpReceiver();
    await gone.close();
    await expect(createWebhookNotifier().send(content({}), hook(gone.url))).rejects.toThrow(
      /^Webhook could not be reached: .*ECONNREFUSED/,
    );
  });
});

describe('isForbiddenAddress', () => {
  it('covers link-local and metadata addresses, not loopback or private networks', () => {
    for (const a of [
      '169.254.169.254',
      '169.254.0.1',
      '::ffff:169.254.169.254',
      'fd00:ec2::254',
      'fe80::1%eth0',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(true);
    }
    for (const a of [
      '127.0.0.1',
      '::1',
      '10.0.0.5',
      '192.168.1.1',
      'fd00:ec2::253',
      'example.org',
    ]) {
      expect(isForbiddenAddress(a), a).toBe(false);
    }
  });
});

describe('guardedLookup (the DNS lookup of every webhook connection)', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) => {
      guardedLookup(host, all ? { all: true } : {}, (err, address) => resolve({ err, address }));
    });

  it('refuses a name whose address is link-local, in both lookup forms', async () => {
    for (const all of [true, false]) {
      const { err } = await lookup('169.254.169.254', all);
      expect(err).toBeInstanceOf(NotificationError);
      expect(err!.message).toBe(
        'Webhook target 169.254.169.254 is a link-local or cloud metadata address; refused',
      );
    }
  });

  it('answers other names as dns.lookup does', async () => {
    const one = await lookup('localhost', false);
    expect(one.err).toBeNull();
    expect(['127.0.0.1', '::1']).toContain(one.address);
    const every = await lookup('127.0.0.1', true);
    expect(every.address).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});

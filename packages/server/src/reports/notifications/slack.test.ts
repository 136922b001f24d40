import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHttpReceiver, startSlackReceiver } from '../../../test/helpers/http-receiver.js';
import type { SlackReceiver } from '../../../test/helpers/http-receiver.js';
import { createSlackNotifier, SLACK_TOKEN_MISSING, slackMessage } from './slack.js';
import type { NotificationContent } from './types.js';
import { NotificationError } from './types.js';

const TOKEN = 'xoxb-test-token';
const CHANNELS = [
  { id: 'C0000001', name: 'general' },
  { id: 'C0000002', name: 'random' },
  { id: 'G0000003', name: 'finance', private: true },
  { id: 'C0000004', name: 'Reports' },
  { id: 'C0000005', name: 'sales' },
];

function content(over: Partial<NotificationContent>): NotificationContent {
  return {
    name: 'Weekly sales',
    type: 'Report',
    description: 'By region <!channel> & week',
    url: 'http://strata.test/superset/dashboard/3/',
    subject: 'Weekly sales',
    format: 'PNG',
    screenshots: [Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 0, 255])],
    executionId: 'e-1',
    scheduledAt: new Date('2026-11-20T09:00:00Z'),
    ...over,
  };
}

const slack = (target: string) => ({ type: 'Slack' as const, config: { target } });

describe('Slack notifier against a local Slack Web API', () => {
  let receiver: SlackReceiver;

  beforeAll(async () => {
    receiver = await startSlackReceiver({ token: TOKEN, channels: CHANNELS, pageSize: 2 });
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.calls.length = 0;
    receiver.files.length = 0;
    receiver.messages.length = 0;
  });

  const notifier = () =>
    createSlackNotifier({ slackApiToken: TOKEN, slackApiUrl: receiver.baseUrl });

  it('resolves a channel name across pages of conversations.list and uploads the PNG', async () => {
    const png = content({}).screenshots![0]!;
    await notifier().send(content({}), slack('#reports'));

    const lists = receiver.calls.filter((c) => c.method === 'conversations.list');
    expect(lists).toHaveLength(3); // 5 channels, 2 per page
    expect(lists[0]!.params.types).toBe('public_channel,private_channel');
    expect(lists[0]!.params.cursor).toBeUndefined();
    expect(lists[1]!.params.cursor).toEqual(expect.any(String));
    expect(receiver.calls.every((c) => c.token === TOKEN)).toBe(true);

    expect(receiver.files).toHaveLength(1);
    const file = receiver.files[0]!;
    expect(file.filename).toBe('Weekly sales.png');
    expect(file.length).toBe(png.length);
    expect(file.bytes!.equals(png)).toBe(true);
    expect(file.channel).toBe('C0000004');
    expect(file.title).toBe('Weekly sales');

    expect(receiver.messages).toHaveLength(1);
    const message = receiver.messages[0]!;
    expect(message.channel).toBe('C0000004');
    expect(message.files).toEqual([file.id]);
    expect(message.text).toBe(
      [
        '*Weekly sales*',
        'By region &lt;!channel&gt; &amp; week',
        '<http://strata.test/superset/dashboard/3/|Explore in Strata>',
      ].join('\n\n'),
    );
  });

  it('passes channel ids through without listing channels, and sends to every channel', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n');
    await notifier().send(content({ format: 'PDF', pdf }), slack('C0000001; G0000003'));
    expect(receiver.calls.some((c) => c.method === 'conversations.list')).toBe(false);
    expect(receiver.files.map((f) => [f.filename, f.channel])).toEqual([
      ['Weekly sales.pdf', 'C0000001'],
      ['Weekly sales.pdf', 'G0000003'],
    ]);
    for (const f of receiver.files) expect(f.bytes!.equals(pdf)).toBe(true);
  });

  it('uploads a CSV and several screenshots as one message', async () => {
    const csv = Buffer.from('a,b\n1,2\n');
    await notifier().send(content({ format: 'CSV', csv }), slack('general'));
    expect(receiver.files[0]!.filename).toBe('Weekly sales.csv');
    expect(receiver.files[0]!.bytes!.equals(csv)).toBe(true);

    receiver.files.length = 0;
    receiver.messages.length = 0;
    const shots = [Buffer.from('one'), Buffer.from('two')];
    await notifier().send(content({ screenshots: shots }), slack('C0000002'));
    expect(receiver.files.map((f) => f.filename)).toEqual([
      'Weekly sales-1.png',
      'Weekly sales-2.png',
    ]);
    expect(receiver.files.map((f) => f.bytes!.toString())).toEqual(['one', 'two']);
    expect(receiver.messages).toHaveLength(1);
    expect(receiver.messages[0]!.files).toHaveLength(2);
  });

  it('posts TEXT with chat.postMessage, the table as an escaped code block', async () => {
    await notifier().send(
      content({
        type: 'Alert',
        format: 'TEXT',
        screenshots: undefined,
        table: {
          columns: ['region', 'sales'],
          rows: [
            ['<script>', 12.5],
            ['Süd', null],
          ],
        },
      }),
      slack('sales'),
    );
    expect(receiver.calls.some((c) => c.method.startsWith('files.'))).toBe(false);
    expect(receiver.messages).toHaveLength(1);
    const { channel, text } = receiver.messages[0]!;
    expect(channel).toBe('C0000005');
    expect(text).toContain('Alert "Weekly sales" was triggered.');
    expect(text).toContain(
      [
        '```',
        '| region         | sales |',
        '|----------------|-------|',
        '| &lt;script&gt; | 12.5  |',
        '| Süd            |       |',
        '```',
      ].join('\n'),
    );
    expect(text).not.toContain('<script>');
  });

  it("surfaces Slack's invalid_auth for a wrong token", async () => {
    const wrong = createSlackNotifier({
      slackApiToken: 'xoxb-wrong',
      slackApiUrl: receiver.baseUrl,
    });
    await expect(wrong.send(content({}), slack('C0000001'))).rejects.toThrow(/^invalid_auth$/);
    await expect(wrong.send(content({}), slack('#general, #random'))).rejects.toThrow(
      /^invalid_auth$/,
    );
    expect(receiver.files).toHaveLength(0);
  });

  it("surfaces Slack's channel_not_found for an unknown id, and names an unknown name", async () => {
    await expect(notifier().send(content({}), slack('C9999999'))).rejects.toThrow(
      /^channel_not_found$/,
    );
    await expect(notifier().send(content({}), slack('#nowhere'))).rejects.toThrow(
      /^channel_not_found \(no channel named #nowhere/,
    );
    expect(receiver.messages).toHaveLength(0);
  });

  it('still delivers to the good channels and lists the failed ones', async () => {
    const error = await notifier()
      .send(content({}), slack('#general, #nowhere, C9999999'))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(NotificationError);
    expect((error as Error).message).toMatch(
      /^Slack delivery failed for 2 of 3 channels: #nowhere: channel_not_found .*; C9999999: channel_not_found$/,
    );
    expect(receiver.messages.map((m) => m.channel)).toEqual(['C0000001']);
  });

  it('refuses to send without a token, asking nothing of Slack', async () => {
    const none = createSlackNotifier({ slackApiToken: null, slackApiUrl: receiver.baseUrl });
    await expect(none.send(content({}), slack('#general'))).rejects.toThrow(SLACK_TOKEN_MISSING);
    expect(receiver.calls).toHaveLength(0);
  });

  it('posts the message alone when the run has no content', async () => {
    await notifier().send(content({ type: 'Alert', screenshots: undefined }), slack('C0000002'));
    expect(receiver.calls.map((c) => c.method)).toEqual(['chat.postMessage']);
    expect(receiver.messages[0]!.text).toContain('Alert "Weekly sales" was triggered.');
  });

  it('surfaces any other Slack error as it is', async () => {
    receiver.failNext('files.completeUploadExternal', 'not_in_channel');
    await expect(notifier().send(content({}), slack('C0000001'))).rejects.toThrow(
      /^not_in_channel$/,
    );
  });
});

describe('Slack notifier time-outs', () => {
  it('gives up on a Slack that never answers', async () => {
    const silent = await startHttpReceiver({ answer: { hang: true } });
    try {
      const notifier = createSlackNotifier(
        { slackApiToken: TOKEN, slackApiUrl: `${silent.url}api/` },
        { timeoutMs: 200 },
      );
      const started = Date.now();
      await expect(notifier.send(content({}), slack('#general'))).rejects.toThrow(
        'Slack did not answer conversations.list within 0.2 s',
      );
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await silent.close();
    }
  });
});

describe('Slack notifier over plain HTTP answers', () => {
  const textContent = content({
    format: 'TEXT',
    screenshots: undefined,
    table: { columns: ['a'], rows: [[1]] },
  });

  it('waits as a 429 answer asks and tries again', async () => {
    const peer = await startHttpReceiver({
      answer: {
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ok: true, channel: 'C0000001', ts: '1.2' }),
      },
    });
    try {
      peer.script({
        status: 429,
        statusText: 'Too Many Requests',
        headers: { 'retry-after': '0' },
      });
      const notifier = createSlackNotifier({
        slackApiToken: TOKEN,
        slackApiUrl: `${peer.url}api/`,
      });
      await notifier.send(textContent, slack('C0000001'));
      expect(peer.requests.map((r) => r.url)).toEqual([
        '/api/chat.postMessage',
        '/api/chat.postMessage',
      ]);
      const form = new URLSearchParams(peer.requests[1]!.body.toString('utf8'));
      expect(form.get('channel')).toBe('C0000001');
      expect(form.get('text')).toContain('```');
      expect(peer.requests[1]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    } finally {
      await peer.close();
    }
  });

  it('reports an answer that is not Slack JSON with its status line', async () => {
    const peer = await startHttpReceiver({
      answer: { status: 502, statusText: 'Bad Gateway', body: '<html>proxy error</html>' },
    });
    try {
      const notifier = createSlackNotifier({
        slackApiToken: TOKEN,
        slackApiUrl: `${peer.url}api/`,
      });
      await expect(notifier.send(textContent, slack('C0000001'))).rejects.toThrow(
        'Slack answered 502 Bad Gateway to chat.postMessage: <html>proxy error</html>',
      );
    } finally {
      await peer.close();
    }
  });
});

describe('slackMessage', () => {
  it('keeps a long table within 4,000 characters and says it was truncated', () => {
    const rows = Array.from({ length: 400 }, (_, i) => [`row ${i}`, i * 1.5]);
    const text = slackMessage(content({ format: 'TEXT', table: { columns: ['k', 'v'], rows } }));
    expect(text.length).toBeLessThanOrEqual(4000);
    expect(text).toContain('(table was truncated)');
    expect(text.startsWith('*Weekly sales*')).toBe(true);
  });
});

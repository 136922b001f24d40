import http from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * Local HTTP peers for delivery tests (issue 18): real servers on 127.0.0.1, free ports.
 *
 * `startHttpReceiver()` records every request (method, url, headers, raw body bytes) and
 * answers from a script: `receiver.script({status: 500, body: 'boom'}, {hang: true})` gives the
 * next two answers, then the default (200 "ok", or `options.answer`). A `hang` answer never
 * comes (for time-outs); `close()` ends such requests.
 *
 * `startSlackReceiver()` speaks the Slack Web API methods the Slack notifier uses, as Slack
 * documents them (https://api.slack.com/methods): `conversations.list`, `chat.postMessage`,
 * `files.getUploadURLExternal`, the upload to the `upload_url` it returns, and
 * `files.completeUploadExternal`. See its doc comment.
 */

export interface RecordedRequest {
  method: string;
  /** Path and query as sent. */
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface ScriptedAnswer {
  status?: number;
  /** The reason phrase (Node's default for the status otherwise). */
  statusText?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Never answer. */
  hang?: boolean;
}

export interface HttpReceiver {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** The answers to the next requests, in order; after them the default answer. */
  script(...answers: ScriptedAnswer[]): void;
  /** Resolves with the first `n` requests once that many arrived (rejects after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<RecordedRequest[]>;
  close(): Promise<void>;
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function closeServer(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startHttpReceiver(
  options: { answer?: ScriptedAnswer | ((req: RecordedRequest) => ScriptedAnswer) } = {},
): Promise<HttpReceiver> {
  const requests: RecordedRequest[] = [];
  const scripted: ScriptedAnswer[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const recorded: RecordedRequest = {
          method: req.method ?? 'GET',
          url: req.url ?? '/',
          headers: req.headers,
          body,
        };
        requests.push(recorded);
        for (const wake of waiters) wake();
        const fallback = options.answer ?? {};
        const answer =
          scripted.shift() ?? (typeof fallback === 'function' ? fallback(recorded) : fallback);
        if (answer.hang) return;
        res.statusCode = answer.status ?? 200;
        if (answer.statusText) res.statusMessage = answer.statusText;
        for (const [k, v] of Object.entries(answer.headers ?? {})) res.setHeader(k, v);
        res.end(answer.body ?? 'ok');
      },
      () => res.destroy(),
    );
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    requests,
    script(...answers: ScriptedAnswer[]): void {
      scripted.push(...answers);
    },
    waitFor(n: number, timeoutMs = 5000): Promise<RecordedRequest[]> {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (requests.length < n) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(requests.slice(0, n));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(`http receiver: ${requests.length} of ${n} request(s) after ${timeoutMs} ms`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => closeServer(server),
  };
}

export interface SlackChannelSpec {
  id: string;
  name: string;
  private?: boolean;
}

export interface SlackCall {
  method: string;
  /** Query, form or JSON parameters as received (`files` of completeUploadExternal parsed). */
  params: Record<string, unknown>;
  /** The bearer token (or `token` parameter), null when none came. */
  token: string | null;
}

export interface SlackReceivedFile {
  id: string;
  filename: string;
  /** The declared `length` of getUploadURLExternal. */
  length: number;
  /** The bytes posted to the upload URL (null until they came). */
  bytes: Buffer | null;
  /** Set by completeUploadExternal. */
  title: string | null;
  channel: string | null;
}

export interface SlackMessage {
  channel: string;
  /** `text` of chat.postMessage, or `initial_comment` of completeUploadExternal. */
  text: string;
  /** Ids of the files shared with the message. */
  files: string[];
}

export interface SlackReceiver {
  /** `http://127.0.0.1:<port>/api/`: the STRATA_SLACK_API_URL to use. */
  baseUrl: string;
  calls: SlackCall[];
  files: SlackReceivedFile[];
  messages: SlackMessage[];
  /** The next call of `method` answers `{ok: false, error}` (e.g. `ratelimited`). */
  failNext(method: string, error: string): void;
  close(): Promise<void>;
}

/**
 * A local Slack Web API (methods under `/api/`, the upload URL under `/upload/<file id>`).
 * Parameters are read from the query, a form body or a JSON body, as Slack accepts them; the
 * token from `Authorization: Bearer …` (or a `token` parameter). Answers are Slack's: HTTP 200
 * with `{ok: true, …}`, or `{ok: false, error}` — `not_authed` without a token, `invalid_auth`
 * with another one, `channel_not_found` for a channel id (or `#name` in chat.postMessage) that
 * is not in `channels`, `invalid_arguments` when a required parameter is missing,
 * `file_not_found` for an unknown or not uploaded file id, `unknown_method` otherwise.
 * `conversations.list` pages by `limit` (at most `pageSize`, default 100) with an opaque
 * `response_metadata.next_cursor`, and honours `types` (public_channel, private_channel).
 * The upload URL takes the raw bytes (Slack also takes a multipart form; not needed here) and
 * answers 200 "OK - <length>"; it needs no token, as on Slack.
 */
export async function startSlackReceiver(options: {
  token: string;
  channels: SlackChannelSpec[];
  pageSize?: number;
}): Promise<SlackReceiver> {
  const calls: SlackCall[] = [];
  const files: SlackReceivedFile[] = [];
  const messages: SlackMessage[] = [];
  const failures = new Map<string, string[]>();
  let fileCounter = 0;
  let tsCounter = 0;
  const pageSize = options.pageSize ?? 100;
  let origin = '';

  const findChannel = (ref: unknown, byName: boolean): SlackChannelSpec | undefined => {
    if (typeof ref !== 'string' || ref === '') return undefined;
    const byId = options.channels.find((c) => c.id === ref);
    if (byId || !byName) return byId;
    const name = ref.replace(/^#/, '').toLowerCase();
    return options.channels.find((c) => c.name.toLowerCase() === name);
  };

  const handle = (method: string, params: Record<string, unknown>): Record<string, unknown> => {
    const failure = failures.get(method)?.shift();
    if (failure) return { ok: false, error: failure };
    switch (method) {
      case 'conversations.list': {
        const types = String(params.types ?? 'public_channel')
          .split(',')
          .map((t) => t.trim());
        const visible = options.channels.filter((c) =>
          types.includes(c.private ? 'private_channel' : 'public_channel'),
        );
        const limit = Math.max(1, Math.min(Number(params.limit ?? 100) || 100, 1000, pageSize));
        const cursor = typeof params.cursor === 'string' ? params.cursor : '';
        const start = cursor ? Number(Buffer.from(cursor, 'base64').toString().slice(7)) : 0;
        if (!Number.isInteger(start) || start < 0) return { ok: false, error: 'invalid_cursor' };
        const page = visible.slice(start, start + limit);
        const next = start + limit < visible.length ? start + limit : null;
        return {
          ok: true,
          channels: page.map((c) => ({
            id: c.id,
            name: c.name,
            is_channel: true,
            is_private: Boolean(c.private),
            is_archived: false,
          })),
          response_metadata: {
            next_cursor: next === null ? '' : Buffer.from(`offset:${next}`).toString('base64'),
          },
        };
      }
      case 'chat.postMessage': {
        const channel = findChannel(params.channel, true);
        if (!channel) return { ok: false, error: 'channel_not_found' };
        if (typeof params.text !== 'string' || params.text === '') {
          return { ok: false, error: 'no_text' };
        }
        messages.push({ channel: channel.id, text: params.text, files: [] });
        const ts = `1700000000.${String(++tsCounter).padStart(6, '0')}`;
        return {
          ok: true,
          channel: channel.id,
          ts,
          message: { type: 'message', text: params.text, ts },
        };
      }
      case 'files.getUploadURLExternal': {
        const filename = params.filename;
        const length = Number(params.length);
        if (
          typeof filename !== 'string' ||
          filename === '' ||
          !Number.isInteger(length) ||
          length < 0
        ) {
          return { ok: false, error: 'invalid_arguments' };
        }
        const id = `F${String(++fileCounter).padStart(8, '0')}`;
        files.push({ id, filename, length, bytes: null, title: null, channel: null });
        return { ok: true, upload_url: `${origin}/upload/${id}`, file_id: id };
      }
      case 'files.completeUploadExternal': {
        let list = params.files;
        if (typeof list === 'string') {
          try {
            list = JSON.parse(list) as unknown;
          } catch {
            return { ok: false, error: 'invalid_arguments' };
          }
        }
        if (!Array.isArray(list) || list.length === 0)
          return { ok: false, error: 'invalid_arguments' };
        const wanted = list as Array<{ id?: unknown; title?: unknown }>;
        const found = wanted.map((w) => files.find((f) => f.id === w.id && f.bytes !== null));
        if (found.some((f) => !f)) return { ok: false, error: 'file_not_found' };
        let channel: SlackChannelSpec | undefined;
        if (params.channel_id !== undefined) {
          channel = findChannel(params.channel_id, false);
          if (!channel) return { ok: false, error: 'channel_not_found' };
        }
        found.forEach((f, i) => {
          const title = wanted[i]?.title;
          f!.title = typeof title === 'string' ? title : f!.filename;
          f!.channel = channel?.id ?? null;
        });
        if (channel) {
          messages.push({
            channel: channel.id,
            text: typeof params.initial_comment === 'string' ? params.initial_comment : '',
            files: found.map((f) => f!.id),
          });
        }
        return { ok: true, files: found.map((f) => ({ id: f!.id, title: f!.title })) };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  };

  const server = http.createServer((req, res) => {
    readBody(req).then(
      (body) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const json = (status: number, value: unknown): void => {
          res.statusCode = status;
          res.setHeader('content-type', 'application/json; charset=utf-8');
          res.end(JSON.stringify(value));
        };
        const upload = /^\/upload\/(F\d+)$/.exec(url.pathname);
        if (upload) {
          const file = files.find((f) => f.id === upload[1]);
          if (req.method !== 'POST' || !file) {
            res.statusCode = 404;
            res.end('Not found');
            return;
          }
          file.bytes = body;
          res.statusCode = 200;
          res.setHeader('content-type', 'text/plain');
          res.end(`OK - ${body.length}`);
          return;
        }
        const api = /^\/api\/([A-Za-z.]+)$/.exec(url.pathname);
        if (!api) {
          json(404, { ok: false, error: 'unknown_method' });
          return;
        }
        const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
        const type = String(req.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (body.length > 0) {
          if (type === 'application/json') {
            try {
              Object.assign(params, JSON.parse(body.toString('utf8')) as Record<string, unknown>);
            } catch {
              json(200, { ok: false, error: 'invalid_json' });
              return;
            }
          } else if (type === 'application/x-www-form-urlencoded') {
            Object.assign(params, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
          } else {
            json(200, { ok: false, error: 'invalid_form_data' });
            return;
          }
        }
        const auth = /^Bearer\s+(.+)$/i.exec(String(req.headers.authorization ?? ''));
        const token = auth?.[1] ?? (typeof params.token === 'string' ? params.token : null);
        const method = api[1]!;
        calls.push({ method, params, token });
        if (!token) json(200, { ok: false, error: 'not_authed' });
        else if (token !== options.token) json(200, { ok: false, error: 'invalid_auth' });
        else json(200, handle(method, params));
      },
      () => res.destroy(),
    );
  });
  const port = await listen(server);
  origin = `http://127.0.0.1:${port}`;
  return {
    baseUrl: `${origin}/api/`,
    calls,
    files,
    messages,
    failNext(method: string, error: string): void {
      const list = failures.get(method) ?? [];
      list.push(error);
      failures.set(method, list);
    },
    close: () => closeServer(server),
  };
}

/**
 * Slack delivery (issue 18) through the Web API at `config.reports.slackApiUrl` with the bot
 * token, as Superset's `slackv2.py` does: channel names resolved to ids with
 * `conversations.list` (every page), files uploaded with `files.getUploadURLExternal` → the
 * bytes to the upload URL → `files.completeUploadExternal` (the message as its comment), the
 * TEXT format posted with `chat.postMessage` (the table as a code block). The message layout
 * is Superset's (`slack_mixin.py`): the name in bold, the description, the link, the table;
 * Slack's `error` is the NotificationError's message.
 */
import type { ReportsConfig } from '../../config/reports-config.js';
import { reportFiles } from './content.js';
import { alertLine, CALL_TO_ACTION, escapeSlack, fitTableBlock, splitRecipients } from './text.js';
import type { NotificationContent, NotificationRecipient, Notifier } from './types.js';
import { NotificationError } from './types.js';

/** Slack renders markdown of messages up to this many characters. */
export const SLACK_MESSAGE_LIMIT = 4000;
export const SLACK_TOKEN_MISSING = 'Slack token is not configured (STRATA_SLACK_API_TOKEN)';

/** A Slack answer `{ok: false, error}`; the message is Slack's `error` as is. */
export class SlackApiError extends NotificationError {
  constructor(
    readonly code: string,
    readonly method: string,
  ) {
    super(code);
  }
}

/** Channel ids (public C…, private G…, direct D…) pass as they are; anything else is a name. */
export function isChannelId(ref: string): boolean {
  return /^[CGD][A-Z0-9]{6,}$/.test(ref);
}

/** The message of `content` (Superset's layout), the TEXT table fitted to Slack's limit. */
export function slackMessage(content: NotificationContent): string {
  const url = content.url.replace(/[|<>]/g, (c) => encodeURIComponent(c));
  const render = (table: string): string =>
    [
      `*${escapeSlack(content.name)}*`,
      content.type === 'Alert' ? escapeSlack(alertLine(content.name)) : '',
      escapeSlack(content.description ?? ''),
      `<${url}|${CALL_TO_ACTION}>`,
      table,
    ]
      .filter((part) => part !== '')
      .join('\n\n');
  if (content.format !== 'TEXT' || !content.table) return render('');
  const escaped = {
    columns: content.table.columns.map(escapeSlack),
    rows: content.table.rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' ? escapeSlack(cell) : cell)),
    ),
  };
  return fitTableBlock(escaped, render, SLACK_MESSAGE_LIMIT);
}

export interface SlackNotifierOptions {
  /** Bound of each HTTP call to Slack (ms); default 30 s. */
  timeoutMs?: number;
  /** How long a `429` answer's Retry-After may ask to wait before giving up (s); default 30. */
  maxRetryAfterSeconds?: number;
}

type Params = Record<string, string | number | boolean>;

export function createSlackNotifier(
  config: Pick<ReportsConfig, 'slackApiToken' | 'slackApiUrl'>,
  options: SlackNotifierOptions = {},
): Notifier {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 30;
  const base = config.slackApiUrl.endsWith('/') ? config.slackApiUrl : `${config.slackApiUrl}/`;

  async function httpCall(
    what: string,
    url: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    for (let attempt = 0; ; attempt += 1) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, { ...init, redirect: 'error', signal: combined });
      } catch (error) {
        if (timeout.aborted) {
          throw new NotificationError(`Slack did not answer ${what} within ${timeoutMs / 1000} s`, {
            cause: error,
          });
        }
        if (signal?.aborted) {
          throw new NotificationError(`Slack delivery was cancelled (${what})`, { cause: error });
        }
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        const text = cause instanceof Error ? cause.message : String(cause);
        throw new NotificationError(`Slack could not be reached (${what}): ${text}`, {
          cause: error,
        });
      }
      if (response.status === 429 && attempt < 2) {
        const wait = Number(response.headers.get('retry-after') ?? '1');
        if (Number.isFinite(wait) && wait >= 0 && wait <= maxRetryAfter) {
          await response.body?.cancel();
          await new Promise((resolve) => setTimeout(resolve, wait * 1000));
          continue;
        }
      }
      return response;
    }
  }

  async function api(
    token: string,
    method: string,
    params: Params,
    signal: AbortSignal | undefined,
  ): Promise<Record<string, unknown>> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) body.set(k, String(v));
    const response = await httpCall(
      method,
      `${base}${method}`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        },
        body,
      },
      signal,
    );
    const text = await response.text();
    let answer: unknown = null;
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON: reported below with the status line
    }
    if (!answer || typeof answer !== 'object') {
      throw new NotificationError(
        `Slack answered ${response.status} ${response.statusText} to ${method}: ${text.slice(0, 200)}`,
      );
    }
    const data = answer as Record<string, unknown>;
    if (data.ok !== true) {
      throw new SlackApiError(
        typeof data.error === 'string' ? data.error : 'unknown_error',
        method,
      );
    }
    return data;
  }

  /** Every channel the app can see, by lower-case name (every page of conversations.list). */
  async function channelIds(token: string, signal?: AbortSignal): Promise<Map<string, string>> {
    const byName = new Map<string, string>();
    const seen = new Set<string>();
    let cursor = '';
    for (let page = 0; page < 1000; page += 1) {
      const params: Params = {
        types: 'public_channel,private_channel',
        exclude_archived: true,
        limit: 200,
      };
      if (cursor) params.cursor = cursor;
      const data = await api(token, 'conversations.list', params, signal);
      const channels = Array.isArray(data.channels) ? data.channels : [];
      for (const c of channels as Array<{ id?: unknown; name?: unknown }>) {
        if (typeof c.id === 'string' && typeof c.name === 'string') {
          byName.set(c.name.toLowerCase(), c.id);
        }
      }
      const meta = data.response_metadata as { next_cursor?: unknown } | undefined;
      cursor = typeof meta?.next_cursor === 'string' ? meta.next_cursor : '';
      if (!cursor || seen.has(cursor)) break;
      seen.add(cursor);
    }
    return byName;
  }

  async function uploadFile(
    token: string,
    file: { filename: string; bytes: Buffer },
    signal: AbortSignal | undefined,
  ): Promise<string> {
    const data = await api(
      token,
      'files.getUploadURLExternal',
      { filename: file.filename, length: file.bytes.length },
      signal,
    );
    const uploadUrl = data.upload_url;
    const fileId = data.file_id;
    if (typeof uploadUrl !== 'string' || typeof fileId !== 'string') {
      throw new NotificationError(
        'Slack answered files.getUploadURLExternal without an upload URL',
      );
    }
    // The upload URL carries its own authorisation: the token is not sent there.
    const response = await httpCall(
      'the file upload',
      uploadUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream' },
        body: new Uint8Array(file.bytes),
      },
      signal,
    );
    const text = await response.text();
    if (!response.ok) {
      throw new NotificationError(
        `Slack refused the file upload: ${response.status} ${response.statusText} ${text.slice(0, 200)}`.trim(),
      );
    }
    return fileId;
  }

  return {
    async send(
      content: NotificationContent,
      recipient: NotificationRecipient,
      signal?: AbortSignal,
    ): Promise<void> {
      const token = config.slackApiToken;
      if (!token) throw new NotificationError(SLACK_TOKEN_MISSING);
      const targets = splitRecipients(recipient.config.target);
      if (targets.length === 0) throw new NotificationError('The Slack recipient has no channel');

      const names = targets.some((t) => !isChannelId(t))
        ? await channelIds(token, signal)
        : new Map<string, string>();
      const text = slackMessage(content);
      const files = reportFiles(content);
      const failures: Array<{ target: string; error: NotificationError }> = [];

      for (const target of targets) {
        try {
          let channel = target;
          if (!isChannelId(target)) {
            const id = names.get(target.replace(/^#/, '').toLowerCase());
            if (!id) {
              throw new NotificationError(
                `channel_not_found (no channel named ${target} among those the Slack app can see)`,
              );
            }
            channel = id;
          }
          if (files.length === 0) {
            await api(token, 'chat.postMessage', { channel, text }, signal);
          } else {
            const uploaded: Array<{ id: string; title: string }> = [];
            for (const file of files) {
              uploaded.push({ id: await uploadFile(token, file, signal), title: file.title });
            }
            await api(
              token,
              'files.completeUploadExternal',
              { files: JSON.stringify(uploaded), channel_id: channel, initial_comment: text },
              signal,
            );
          }
        } catch (error) {
          if (!(error instanceof NotificationError)) throw error;
          // A bad token or a cancelled run fails every channel alike: no point going on.
          if (
            error instanceof SlackApiError &&
            ['invalid_auth', 'not_authed', 'account_inactive', 'token_revoked'].includes(error.code)
          ) {
            throw error;
          }
          if (signal?.aborted) throw error;
          failures.push({ target, error });
        }
      }
      if (failures.length === 0) return;
      if (targets.length === 1) throw failures[0]!.error;
      throw new NotificationError(
        `Slack delivery failed for ${failures.length} of ${targets.length} channels: ${failures
          .map((f) => `${f.target}: ${f.error.message}`)
          .join('; ')}`,
      );
    },
    async close(): Promise<void> {
      // fetch keeps no connection of ours open
    },
  };
}

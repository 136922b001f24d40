/**
 * Webhook delivery (issue 18, ours: Superset has none): one JSON POST per run to the
 * recipient's http(s) URL.
 *
 *   {"report": {"name", "type", "description", "url", "scheduled_dttm", "execution_id", "format"},
 *    "content": {"files": [{"filename", "media_type", "size", "base64"}]}   // PNG, PDF, CSV
 *            or {"table": {"columns": [...], "rows": [[...], ...]}}        // TEXT
 * (no files, or a null table, when the run has no content: an alert without a chart.)
 *
 * Headers: `Content-Type: application/json`, `User-Agent: Strata-Reports`,
 * `X-Strata-Execution-Id`, and with a secret `X-Strata-Signature: sha256=<hex HMAC-SHA256 of
 * the body's exact bytes>`. Redirects are not followed; a non-2xx answer fails with its status
 * line and the start of its body; 30 s bound on the whole exchange.
 *
 * SSRF guard: a target whose address (a literal, or any address its name resolves to, checked
 * in the connection's own DNS lookup so a second resolution cannot differ) is link-local or a
 * cloud metadata endpoint (169.254.0.0/16, fe80::/10, fd00:ec2::254) is refused. Loopback and
 * private networks stay allowed: receivers on the same host or network are the common case.
 */
import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { reportFiles } from './content.js';
import type { NotificationContent, NotificationRecipient, Notifier } from './types.js';
import { NotificationError } from './types.js';

export const WEBHOOK_USER_AGENT = 'Strata-Reports';
const BODY_EXCERPT = 500;

const forbidden = new BlockList();
forbidden.addSubnet('169.254.0.0', 16, 'ipv4');
forbidden.addSubnet('fe80::', 10, 'ipv6');
forbidden.addAddress('fd00:ec2::254', 'ipv6');

/** Whether an IP address is link-local or a metadata endpoint (IPv4-mapped IPv6 included). */
export function isForbiddenAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(plain);
  if (family === 0) return false;
  return forbidden.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

class ForbiddenTarget extends NotificationError {}

function refuse(host: string, address: string): ForbiddenTarget {
  const shown = host === address ? host : `${host} (${address})`;
  return new ForbiddenTarget(
    `Webhook target ${shown} is a link-local or cloud metadata address; refused`,
  );
}

/** dns.lookup that refuses forbidden addresses: the one the socket connects with. */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) {
      callback(err, []);
      return;
    }
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      callback(refuse(hostname, bad.address), []);
      return;
    }
    const first = addresses[0];
    if (options.all) callback(null, addresses);
    else if (first) callback(null, first.address, first.family);
    else
      callback(
        Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }),
        [],
      );
  });
};

/** The exact JSON bytes posted for `content` (what the signature covers). */
export function webhookBody(content: NotificationContent): Buffer {
  const payload = {
    report: {
      name: content.name,
      type: content.type,
      description: content.description,
      url: content.url,
      scheduled_dttm: content.scheduledAt.toISOString(),
      execution_id: content.executionId,
      format: content.format,
    },
    content:
      content.format === 'TEXT'
        ? { table: content.table ?? null }
        : {
            files: reportFiles(content).map((f) => ({
              filename: f.filename,
              media_type: f.mediaType,
              size: f.bytes.length,
              base64: f.bytes.toString('base64'),
            })),
          },
  };
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

/** `sha256=<hex>`: HMAC-SHA256 of `body` keyed with the recipient's secret. */
export function webhookSignature(body: Buffer, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Checks the target before anything is sent: an absolute http(s) URL, not a forbidden literal. */
export function webhookTarget(target: string): URL {
  let url: URL;
  try {
    url = new URL(target.trim());
  } catch {
    throw new NotificationError('The webhook URL is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new NotificationError(`The webhook URL must be http or https, not ${url.protocol}`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isForbiddenAddress(host)) throw refuse(host, host);
  return url;
}

export interface WebhookNotifierOptions {
  /** Bound of the whole exchange (ms); default 30 s. */
  timeoutMs?: number;
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

export function createWebhookNotifier(options: WebhookNotifierOptions = {}): Notifier {
  const timeoutMs = options.timeoutMs ?? 30_000;

  function post(url: URL, body: Buffer, headers: Record<string, string>, signal: AbortSignal) {
    return new Promise<{ status: number; statusText: string; location: string; text: string }>(
      (resolve, reject) => {
        const client = url.protocol === 'https:' ? https : http;
        const request = client.request(
          url,
          {
            method: 'POST',
            headers: { ...headers, 'content-length': String(body.length) },
            agent: false,
            lookup: guardedLookup,
            signal,
            auth:
              url.username || url.password
                ? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
                : undefined,
          },
          (response) => {
            const chunks: Buffer[] = [];
            let size = 0;
            response.on('data', (chunk: Buffer) => {
              if (size < 64 * 1024) chunks.push(chunk);
              size += chunk.length;
            });
            response.on('error', reject);
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                statusText: response.statusMessage ?? '',
                location: String(response.headers.location ?? ''),
                text: Buffer.concat(chunks).toString('utf8'),
              }),
            );
          },
        );
        request.on('error', reject);
        request.end(body);
      },
    );
  }

  return {
    async send(
      content: NotificationContent,
      recipient: NotificationRecipient,
      signal?: AbortSignal,
    ): Promise<void> {
      const url = webhookTarget(recipient.config.target);
      const body = webhookBody(content);
      const headers: Record<string, string> = {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': WEBHOOK_USER_AGENT,
        'x-strata-execution-id': content.executionId,
      };
      const secret = recipient.config.secret;
      if (secret) headers['x-strata-signature'] = webhookSignature(body, secret);

      const timeout = AbortSignal.timeout(timeoutMs);
      const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let answer: Awaited<ReturnType<typeof post>>;
      try {
        answer = await post(url, body, headers, combined);
      } catch (error) {
        if (error instanceof NotificationError) throw error;
        if (timeout.aborted) {
          throw new NotificationError(`Webhook did not answer within ${seconds(timeoutMs)}`, {
            cause: error,
          });
        }
        if (signal?.aborted) {
          throw new NotificationError('Webhook delivery was cancelled', { cause: error });
        }
        const text = error instanceof Error ? error.message : String(error);
        throw new NotificationError(`Webhook could not be reached: ${text}`, { cause: error });
      }
      const { status, statusText, location, text } = answer;
      if (status >= 200 && status < 300) return;
      if (status >= 300 && status < 400) {
        throw new NotificationError(
          `Webhook answered ${status} ${statusText}${location ? ` (to ${location})` : ''}: redirects are not followed`,
        );
      }
      throw new NotificationError(
        `Webhook answered ${status} ${statusText}: ${Array.from(text).slice(0, BODY_EXCERPT).join('')}`,
      );
    },
    async close(): Promise<void> {
      // one connection per delivery (no agent): nothing kept open
    },
  };
}

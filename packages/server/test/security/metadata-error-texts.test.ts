/**
 * Issue 16 point 16: malformed `q` values (bad rison, deep nesting, huge text) answer a clear 400
 * with our own message, never an internal exception's text ("Cannot read properties of null",
 * "Maximum call stack size exceeded") and never a 500.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

const targets = await metadataTargets();

const INTERNAL =
  /Cannot read propert|call stack|TypeError|RangeError|is not a function|\bat .*\.[cm]?js/i;

/** Deterministic malformed rison: valid list calls with one character changed, and noise. */
function malformed(count: number): string[] {
  let seed = 1616;
  const rand = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const base =
    "(filters:!((col:dashboard_title,opr:ct,value:'a')),order_column:id,page:0,page_size:25)";
  const alphabet = "()!',:*@$ -09aet";
  const out = new Set<string>([
    '(',
    ')',
    '!',
    "'",
    '!(',
    '(a',
    '(a:',
    '(a:1,',
    '(,)',
    '!(,)',
    '(a:1)x',
    "'!x'",
    '!z',
    '-',
    '(:1)',
    '!('.repeat(1000),
    '('.repeat(500),
    `(a:${'!('.repeat(40)}1${')'.repeat(40)})`,
    `'${'x'.repeat(8_000)}`,
  ]);
  while (out.size < count) {
    const at = Math.floor(rand() * base.length);
    const c = alphabet[Math.floor(rand() * alphabet.length)]!;
    const op = Math.floor(rand() * 3);
    out.add(
      op === 0
        ? base.slice(0, at) + c + base.slice(at + 1)
        : op === 1
          ? base.slice(0, at) + c + base.slice(at)
          : base.slice(0, at) + base.slice(at + 1),
    );
  }
  return [...out];
}

describe.each(targets)('error texts on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers malformed rison in q with a clear 400 of our own, on every list-like route', async () => {
    const routes = [
      '/api/v1/dashboard/',
      '/api/v1/chart/',
      '/api/v1/dataset/',
      '/api/v1/database/',
      '/api/v1/dashboard/_info',
      '/api/v1/time_range/',
    ];
    const values = malformed(300);
    const statuses = new Map<number, number>();
    let i = 0;
    for (const q of values) {
      const route = routes[i++ % routes.length]!;
      const res = await admin.request<{ message: unknown }>(
        'GET',
        `${route}?q=${encodeURIComponent(q)}`,
      );
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const text = JSON.stringify(res.body);
      expect(res.status, `${route} ${q.slice(0, 80)}: ${text}`).toBeLessThan(500);
      expect(text, q.slice(0, 80)).not.toMatch(INTERNAL);
      if (res.status === 400 && typeof res.body.message === 'string')
        expect(res.body.message).toMatch(/^Bad request/);
    }
    // Most of them are not rison at all: refused as such.
    expect(statuses.get(400) ?? 0).toBeGreaterThan(200);
  }, 120_000);

  it('names the problem: deep nesting and where the text went wrong', async () => {
    const deep = await admin.request<{ message: string }>(
      'GET',
      `/api/v1/dashboard/?q=${encodeURIComponent('!('.repeat(1000))}`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.message).toBe(
      'Bad request: the q parameter is not valid rison (Not a valid rison value: nesting is deeper than 32 levels at position 65)',
    );
    const broken = await admin.request<{ message: string }>(
      'GET',
      `/api/v1/dashboard/?q=${encodeURIComponent('(page:0,page_size')}`,
    );
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/expected ':' after an object key at position 17/);
  });
});

/**
 * Issue 16 point 4: the metadata store's connections terminated under traffic must not end the
 * process; requests in flight fail 503 with our own message, later requests succeed. SQLite busy
 * past its busy timeout is a 503 too.
 */
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METADATA_UNAVAILABLE_MESSAGE } from '../../src/metadata/unavailable.js';
import { sqlitePathFromUrl } from '../../src/metadata/db.js';
import { startChildServer, type ChildServer } from '../helpers/child-server.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

const targets = await metadataTargets();
const postgres = targets.find((t) => t.name === 'postgresql');
const sqlite = targets.find((t) => t.name === 'sqlite')!;

/** One request of the load: a list read, or a write (a transaction) and its delete. */
async function oneCall(
  admin: ApiClient,
  n: number,
): Promise<Array<{ status: number; body: unknown }>> {
  const timeout = { signal: AbortSignal.timeout(20_000) };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(admin.baseUrl + path, {
      method,
      headers: {
        authorization: `Bearer ${admin.token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      ...timeout,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    return { status: res.status, body: parsed };
  };
  if (n % 3 === 0) {
    const created = await call('POST', '/api/v1/dashboard/', { dashboard_title: `load ${n}` });
    const id = (created.body as { id?: number }).id;
    if (created.status !== 201 || id === undefined) return [created];
    return [created, await call('DELETE', `/api/v1/dashboard/${id}`)];
  }
  if (n % 3 === 1) return [await call('GET', '/api/v1/dashboard/?q=(page_size:20)')];
  return [await call('GET', '/api/v1/security/users/?q=(page_size:20)')];
}

describe.skipIf(!postgres)('PostgreSQL metadata connections terminated under load', () => {
  let server: ChildServer;
  beforeAll(async () => {
    server = await startChildServer(postgres!);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('keeps the process up, answers 200 or 503 (ours) during, and 200 after', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const dbName = new URL(server.metadataUrl).pathname.slice(1);
    const killer = new pg.Client({ connectionString: server.metadataUrl });
    await killer.connect();

    const statuses = new Map<number, number>();
    const odd: string[] = [];
    let running = true;
    let terminated = 0;
    const workers = Array.from({ length: 8 }, async (_, w) => {
      for (let n = w; running; n += 8) {
        let answers;
        try {
          answers = await oneCall(admin, n);
        } catch (e) {
          odd.push(`request failed: ${(e as Error).message}`);
          continue;
        }
        for (const a of answers) {
          statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
          if (a.status === 503) {
            if ((a.body as { message?: string }).message !== METADATA_UNAVAILABLE_MESSAGE)
              odd.push(`503 with ${JSON.stringify(a.body)}`);
          } else if (![200, 201].includes(a.status)) {
            odd.push(`${a.status} ${JSON.stringify(a.body).slice(0, 300)}`);
          }
        }
      }
    });
    const attack = (async () => {
      const until = Date.now() + 8000;
      while (Date.now() < until) {
        const r = await killer.query(
          'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [dbName],
        );
        terminated += r.rows.filter((row: { ok: boolean }) => row.ok).length;
        await new Promise((res) => setTimeout(res, 150));
      }
    })();
    await attack;
    running = false;
    await Promise.all(workers);
    await killer.end();

    expect(server.alive(), server.output()).toBe(true);
    expect(terminated).toBeGreaterThan(10);
    expect(odd, JSON.stringify([...statuses])).toEqual([]);
    expect([...statuses.keys()].every((s) => [200, 201, 503].includes(s))).toBe(true);
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);

    // After the attack the pool reconnects: every call answers as usual.
    for (let n = 0; n < 12; n++) {
      for (const a of await oneCall(admin, n)) expect([200, 201]).toContain(a.status);
    }
  }, 120_000);
});

describe('SQLite metadata busy past its busy timeout', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(sqlite);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers a write 503 with our own message, and succeeds once the lock is gone', async () => {
    const admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const other = new BetterSqlite3(sqlitePathFromUrl(server.strata.config.metadataUrl));
    other.exec('BEGIN EXCLUSIVE');
    try {
      const refused = await admin.post('/api/v1/dashboard/', { dashboard_title: 'locked out' });
      expect(refused.status).toBe(503);
      expect(refused.body).toEqual({ message: METADATA_UNAVAILABLE_MESSAGE });
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    const created = await admin.post('/api/v1/dashboard/', { dashboard_title: 'after the lock' });
    expect(created.status).toBe(201);
  }, 30_000);
});

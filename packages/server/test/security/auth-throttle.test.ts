/**
 * Issue 16 points 6 and 11: login attempts are counted before the password is checked (300
 * concurrent guesses: only the allowed number are evaluated), and the lock is per (user, address)
 * pair — ten bad logins from one address do not lock the account for other addresses. In memory
 * and through Redis, on SQLite and PostgreSQL metadata. Client addresses come from
 * X-Forwarded-For through a trusted proxy (the test client itself).
 */
import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_POLICY, PAIR_POLICY } from '../../src/security/throttle.js';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { REDIS_URL, redisReachable } from '../helpers/redis.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { roleId } from '../helpers/users.js';

const targets = await metadataTargets();
const redis = await redisReachable('the login throttle tests through Redis');
redis?.disconnect();
const counters = [
  { counter: 'memory', env: {} as Record<string, string> },
  ...(redis ? [{ counter: 'Redis', env: { STRATA_REDIS_URL: REDIS_URL } }] : []),
];
const cases = targets.flatMap((target) =>
  counters.map((c) => ({ ...c, target, name: target.name })),
);

/** A fresh address per use: Redis counts outlive a test run. */
const address = () => `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
const suffix = () => randomBytes(4).toString('hex');

describe.each(cases)('login throttle ($counter) on $name metadata', ({ target, env }) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target, { ...env, STRATA_TRUSTED_PROXIES: '127.0.0.1' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  async function createUser(username: string, password: string): Promise<number> {
    const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username,
      first_name: 'Throttle',
      last_name: username,
      email: `${username}@example.com`,
      password,
      active: true,
      roles: [await roleId(admin, 'Gamma')],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  const login = (username: string, password: string, from: string) =>
    new ApiClient(server.baseUrl).request(
      'POST',
      '/api/v1/security/login',
      { username, password, provider: 'db' },
      { 'x-forwarded-for': from },
    );

  it('counts 300 concurrent guesses before checking them: only the allowed number are evaluated', async () => {
    const username = `guess-${suffix()}`;
    const id = await createUser(username, 'right-password-1');
    const from = address();
    const guesses = Array.from({ length: 300 }, (_, i) =>
      i === 299 ? 'right-password-1' : `wrong-${i}`,
    );
    const answers = await Promise.all(guesses.map((p) => login(username, p, from)));
    const statuses = answers.map((a) => a.status);
    const evaluated = statuses.filter((s) => s !== 429);
    expect(evaluated).toHaveLength(PAIR_POLICY.blockAttempts);
    expect(evaluated.every((s) => s === 401)).toBe(true);
    // The right password, among the excess, was refused unchecked.
    expect(statuses[299]).toBe(429);
    expect(Number(answers[299]!.headers.get('retry-after'))).toBeGreaterThan(800);
    // The store saw exactly the evaluated failures.
    const user = await admin.get<{ result: { fail_login_count: number } }>(
      `/api/v1/security/users/${id}`,
    );
    expect(user.body.result.fail_login_count).toBe(PAIR_POLICY.blockAttempts);
    // Variant: the form refuses the same pair the same way.
    const form = await new ApiClient(server.baseUrl).loginWithForm(
      username,
      'right-password-1',
      {},
      { 'x-forwarded-for': from },
    );
    expect(form.headers.get('location')).toBe('/login/?error=throttled');
  }, 60_000);

  it('locks the (user, address) pair, not the account: admin still logs in from elsewhere', async () => {
    const attacker = address();
    for (let i = 0; i < PAIR_POLICY.blockAttempts; i += 1) {
      expect((await login('admin', `wrong-${i}`, attacker)).status).toBe(401);
    }
    expect((await login('admin', ADMIN_PASSWORD, attacker)).status).toBe(429);
    // The admin, from any other address, is not locked out.
    expect((await login('admin', ADMIN_PASSWORD, address())).status).toBe(200);
    const form = await new ApiClient(server.baseUrl).loginWithForm(
      'admin',
      ADMIN_PASSWORD,
      {},
      { 'x-forwarded-for': address() },
    );
    expect(form.headers.get('location')).toBe('/');
    // Variant: other users from the attacker's address are not locked either.
    const other = `other-${suffix()}`;
    await createUser(other, 'other-password-1');
    expect((await login(other, 'other-password-1', attacker)).status).toBe(200);
  }, 60_000);

  it('limits one address across user names (password spraying)', async () => {
    const sprayer = address();
    const names = Array.from({ length: ADDRESS_POLICY.blockAttempts }, () => `spray-${suffix()}`);
    const first = await Promise.all(names.map((n) => login(n, 'Password1', sprayer)));
    expect(first.every((a) => a.status === 401)).toBe(true);
    expect((await login(`spray-${suffix()}`, 'Password1', sprayer)).status).toBe(429);
    expect((await login(`spray-${suffix()}`, 'Password1', address())).status).toBe(401);
  }, 60_000);
});

describe.each(targets)('client addresses without a trusted proxy on $name metadata', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(target);
  });
  afterAll(async () => server?.close());

  it('ignores X-Forwarded-For: rotating it does not escape the pair lock', async () => {
    const username = `rotate-${suffix()}`;
    const statuses: number[] = [];
    for (let i = 0; i <= PAIR_POLICY.blockAttempts; i += 1) {
      const res = await new ApiClient(server.baseUrl).request(
        'POST',
        '/api/v1/security/login',
        { username, password: `wrong-${i}`, provider: 'db' },
        { 'x-forwarded-for': address() },
      );
      statuses.push(res.status);
    }
    expect(statuses.slice(0, PAIR_POLICY.blockAttempts).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, 60_000);
});

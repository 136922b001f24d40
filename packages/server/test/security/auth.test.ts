/**
 * Issue 16 points 9, 12, 13 and 18, on SQLite and PostgreSQL metadata: tokens carry a per-user
 * generation that password, active and role changes bump; `next=` targets stay on this site;
 * logout is a POST with the CSRF token; the login form needs its own CSRF token; the session
 * cookie is Secure over HTTPS, believed from a trusted proxy only.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { roleId } from '../helpers/users.js';

const targets = await metadataTargets();
const suffix = () => randomBytes(4).toString('hex');

describe.each(targets)('auth on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target, { STRATA_TRUSTED_PROXIES: '127.0.0.1' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  async function createUser(username: string, role = 'Gamma'): Promise<number> {
    const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username,
      first_name: 'Auth',
      last_name: username,
      email: `${username}@example.com`,
      password: 'password-123',
      active: true,
      roles: [await roleId(admin, role)],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  }

  /** Bearer access + refresh tokens and a form session of one user, all used once. */
  async function credentials(username: string, password = 'password-123') {
    const login = await new ApiClient(server.baseUrl).post<{
      access_token: string;
      refresh_token: string;
    }>('/api/v1/security/login', { username, password, provider: 'db', refresh: true });
    expect(login.status).toBe(200);
    const access = new ApiClient(server.baseUrl);
    access.token = login.body.access_token;
    const refresh = new ApiClient(server.baseUrl);
    refresh.token = login.body.refresh_token;
    const session = new ApiClient(server.baseUrl);
    await session.loginWithForm(username, password);
    // Used once: the access token is now remembered as verified by the server.
    expect((await access.get('/api/v1/me/')).status).toBe(200);
    expect((await refresh.post('/api/v1/security/refresh')).status).toBe(200);
    expect((await session.get('/api/v1/me/')).status).toBe(200);
    return { access, refresh, session };
  }

  async function expectRevoked(c: Awaited<ReturnType<typeof credentials>>) {
    expect((await c.access.get('/api/v1/me/')).status).toBe(401);
    expect((await c.refresh.post('/api/v1/security/refresh')).status).toBe(401);
    expect((await c.session.get('/api/v1/me/')).status).toBe(401);
  }

  async function expectValid(c: Awaited<ReturnType<typeof credentials>>) {
    expect((await c.access.get('/api/v1/me/')).status).toBe(200);
    expect((await c.refresh.post('/api/v1/security/refresh')).status).toBe(200);
    expect((await c.session.get('/api/v1/me/')).status).toBe(200);
  }

  it('revokes tokens and sessions issued before a password, active or role change', async () => {
    const username = `gen-${suffix()}`;
    const id = await createUser(username);

    // Password change by an admin: old access, refresh and session refused; the new one works.
    let before = await credentials(username);
    expect(
      (await admin.put(`/api/v1/security/users/${id}`, { password: 'password-456' })).status,
    ).toBe(200);
    await expectRevoked(before);
    before = await credentials(username, 'password-456');

    // Deactivation, then reactivation: the old tokens do not come back.
    expect((await admin.put(`/api/v1/security/users/${id}`, { active: false })).status).toBe(200);
    await expectRevoked(before);
    expect((await admin.put(`/api/v1/security/users/${id}`, { active: true })).status).toBe(200);
    await expectRevoked(before);

    // A change of roles revokes; the same roles sent again (an edit of the name) does not.
    before = await credentials(username, 'password-456');
    const gamma = await roleId(admin, 'Gamma');
    expect(
      (await admin.put(`/api/v1/security/users/${id}`, { roles: [gamma], first_name: 'Same' }))
        .status,
    ).toBe(200);
    await expectValid(before);
    const alpha = await roleId(admin, 'Alpha');
    expect(
      (await admin.put(`/api/v1/security/users/${id}`, { roles: [gamma, alpha] })).status,
    ).toBe(200);
    await expectRevoked(before);
  });

  it('revokes on writes from any code path or process (triggers), not only the users API', async () => {
    const username = `direct-${suffix()}`;
    const id = await createUser(username);
    const db = server.strata.store.db;
    let before = await credentials(username);
    const row = await db
      .selectFrom('ab_user')
      .select('password')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('ab_user')
      .set({ password: `${row.password}` })
      .where('id', '=', id)
      .execute();
    // The same hash written again is no change: nothing is revoked.
    await expectValid(before);
    await db.updateTable('ab_user').set({ active: false }).where('id', '=', id).execute();
    await db.updateTable('ab_user').set({ active: true }).where('id', '=', id).execute();
    await expectRevoked(before);
    before = await credentials(username);
    await db
      .insertInto('ab_user_role')
      .values({ user_id: id, role_id: await roleId(admin, 'sql_lab') })
      .execute();
    await expectRevoked(before);
    // Logins (which write login counters on the user) revoke nothing.
    before = await credentials(username);
    await credentials(username);
    await expectValid(before);
  });

  it('revokes the own tokens of a user who changes their own password', async () => {
    const username = `self-${suffix()}`;
    const id = await createUser(username, 'Admin');
    const before = await credentials(username);
    const res = await before.access.put(`/api/v1/security/users/${id}`, {
      password: 'password-789',
    });
    expect(res.status).toBe(200);
    await expectRevoked(before);
    await credentials(username, 'password-789');
  });

  it('redirects after login only to paths on this site', async () => {
    const bad = [
      '/%09/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/\u200b/evil.example',
      '/\\evil.example',
      '/\\\\evil.example',
      '//evil.example',
      '///evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      'https://evil.example/',
      'https:evil.example',
      'javascript:alert(1)',
      'evil.example',
    ];
    for (const next of bad) {
      const res = await new ApiClient(server.baseUrl).loginWithForm('admin', ADMIN_PASSWORD, {
        next,
      });
      expect(res.status, JSON.stringify(next)).toBe(302);
      expect(res.headers.get('location'), JSON.stringify(next)).toBe('/');
    }
    // A failed login sends it back only when safe.
    const failed = await new ApiClient(server.baseUrl).loginWithForm('admin', 'wrong', {
      next: '/%09/evil.example',
    });
    expect(failed.headers.get('location')).toBe('/login/?error=invalid');
    const ok = await new ApiClient(server.baseUrl).loginWithForm('admin', ADMIN_PASSWORD, {
      next: '/superset/dashboard/1/?native_filters_key=a%20b',
    });
    expect(ok.headers.get('location')).toBe('/superset/dashboard/1/?native_filters_key=a%20b');
  });

  it('logs out only by POST with the CSRF token', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithForm('admin', ADMIN_PASSWORD);
    // A link or an image (`![x](/logout/)`) logs nobody out.
    const visit = await fetch(`${server.baseUrl}/logout/`, {
      headers: { cookie: c.cookie! },
      redirect: 'manual',
    });
    expect(visit.status).toBe(302);
    expect(visit.headers.get('location')).toBe('/');
    expect(visit.headers.getSetCookie().some((s) => s.startsWith('session='))).toBe(false);
    expect((await c.get('/api/v1/me/')).status).toBe(200);
    // A cross-site POST (no token, or a wrong one) is refused.
    const noToken = await c.request('POST', '/logout/', {}, { 'x-csrftoken': '' });
    expect(noToken.status).toBe(400);
    const wrong = await c.request('POST', '/logout/', {}, { 'x-csrftoken': 'wrong' });
    expect(wrong.status).toBe(400);
    const form = await fetch(`${server.baseUrl}/logout/`, {
      method: 'POST',
      headers: { cookie: c.cookie!, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(form.status).toBe(400);
    expect((await c.get('/api/v1/me/')).status).toBe(200);
    // With the token: the session ends (on the server, not only the cookie).
    const out = await c.post('/logout/');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((s) => /^session=;/.test(s))).toBe(true);
    expect((await c.get('/api/v1/me/')).status).toBe(401);
  });

  it('refuses the login form without its CSRF token (login CSRF); the JSON login API needs none', async () => {
    const post = (body: Record<string, string>, cookie?: string) =>
      fetch(`${server.baseUrl}/login/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(cookie ? { cookie } : {}),
        },
        body: new URLSearchParams(body).toString(),
        redirect: 'manual',
      });
    const fields = { username: 'admin', password: ADMIN_PASSWORD };
    const mine = await new ApiClient(server.baseUrl).loginFormToken();
    const theirs = await new ApiClient(server.baseUrl).loginFormToken();
    const refused = [
      await post(fields),
      await post(fields, mine.cookie),
      await post({ ...fields, csrf_token: mine.token }),
      await post({ ...fields, csrf_token: theirs.token }, mine.cookie),
      await post({ ...fields, csrf_token: 'x'.repeat(43) }, mine.cookie),
      await post({ ...fields, csrf_token: mine.token }, 'login_csrf=short'),
    ];
    for (const res of refused) {
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/login/?error=csrf');
      expect(res.headers.getSetCookie().some((s) => s.startsWith('session='))).toBe(false);
    }
    const accepted = await post({ ...fields, csrf_token: mine.token }, mine.cookie);
    expect(accepted.headers.get('location')).toBe('/');
    expect(accepted.headers.getSetCookie().some((s) => s.startsWith('session='))).toBe(true);
    // Superset clients log in with JSON and get bearer tokens, no cookie and no CSRF token.
    const api = await new ApiClient(server.baseUrl).post<{ access_token: string }>(
      '/api/v1/security/login',
      { username: 'admin', password: ADMIN_PASSWORD, provider: 'db' },
    );
    expect(api.status).toBe(200);
    expect(api.body.access_token).toBeTruthy();
  });

  it('marks the session cookie Secure over HTTPS from a trusted proxy only', async () => {
    const secure = (res: Response, name: string) =>
      res.headers
        .getSetCookie()
        .find((s) => s.startsWith(`${name}=`))!
        .split(';')
        .map((p) => p.trim().toLowerCase())
        .includes('secure');
    const viaProxy = await new ApiClient(server.baseUrl).loginWithForm(
      'admin',
      ADMIN_PASSWORD,
      {},
      {
        'x-forwarded-proto': 'https',
      },
    );
    expect(secure(viaProxy, 'session')).toBe(true);
    const plain = await new ApiClient(server.baseUrl).loginWithForm('admin', ADMIN_PASSWORD);
    expect(secure(plain, 'session')).toBe(false);
    const token = await fetch(`${server.baseUrl}/api/v1/security/login_csrf_token/`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(secure(token, 'login_csrf')).toBe(true);
  });
});

describe.each(targets)('cookies without a trusted proxy on $name metadata', (target) => {
  it('ignores X-Forwarded-Proto from an untrusted peer; STRATA_COOKIE_SECURE forces Secure', async () => {
    const plain = await startServer(target);
    try {
      const res = await new ApiClient(plain.baseUrl).loginWithForm(
        'admin',
        ADMIN_PASSWORD,
        {},
        {
          'x-forwarded-proto': 'https',
        },
      );
      const cookie = res.headers.getSetCookie().find((s) => s.startsWith('session='))!;
      expect(cookie.toLowerCase()).not.toContain('secure');
    } finally {
      await plain.close();
    }
    const forced = await startServer(target, { STRATA_COOKIE_SECURE: 'true' });
    try {
      // fetch would not send a Secure cookie back over http: only the flag is checked here.
      const res = await new ApiClient(forced.baseUrl).loginWithForm('admin', ADMIN_PASSWORD);
      const cookie = res.headers.getSetCookie().find((s) => s.startsWith('session='))!;
      expect(cookie.toLowerCase()).toContain('secure');
    } finally {
      await forced.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

describe.each(targets)('security on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  async function createUser(username: string, roleName: string, password = 'password-123') {
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/',
      {
        filters: [{ col: 'name', opr: 'eq', value: roleName }],
      },
    );
    const roleId = roles.body.result[0]!.id;
    const res = await admin.post<{ id: number }>('/api/v1/security/users/', {
      username,
      first_name: 'Test',
      last_name: username,
      email: `${username}@example.com`,
      password,
      active: true,
      roles: [roleId],
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  it('answers 401 without a token and 200 with a bearer token', async () => {
    const anon = new ApiClient(server.baseUrl);
    expect((await anon.get('/api/v1/dashboard/')).status).toBe(401);
    expect((await anon.get('/api/v1/me/')).status).toBe(401);
    const me = await admin.get<{ result: { username: string } }>('/api/v1/me/');
    expect(me.status).toBe(200);
    expect(me.body.result.username).toBe('admin');
    const roles = await admin.get<{ result: { roles: Record<string, unknown> } }>(
      '/api/v1/me/roles/',
    );
    expect(Object.keys(roles.body.result.roles)).toEqual(['Admin']);
  });

  it('refuses a bad password and a forged token', async () => {
    const c = new ApiClient(server.baseUrl);
    const bad = await c.post('/api/v1/security/login', {
      username: 'admin',
      password: 'nope',
      provider: 'db',
    });
    expect(bad.status).toBe(401);
    c.token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIiwidHlwZSI6ImFjY2VzcyJ9.forged';
    expect((await c.get('/api/v1/me/')).status).toBe(401);
    c.token = null;
    const malformed = await c.post('/api/v1/security/login', { username: 'admin' });
    expect(malformed.status).toBe(400);
  });

  it('issues a new access token from a refresh token, and not from an access token', async () => {
    const c = new ApiClient(server.baseUrl);
    const login = await c.post<{ access_token: string; refresh_token: string }>(
      '/api/v1/security/login',
      {
        username: 'admin',
        password: ADMIN_PASSWORD,
        provider: 'db',
        refresh: true,
      },
    );
    expect(login.body.refresh_token).toBeTruthy();
    c.token = login.body.refresh_token;
    const refreshed = await c.post<{ access_token: string }>('/api/v1/security/refresh');
    expect(refreshed.status).toBe(200);
    // A refresh token is not an access token.
    expect((await c.get('/api/v1/me/')).status).toBe(401);
    c.token = login.body.access_token;
    expect((await c.post('/api/v1/security/refresh')).status).toBe(401);
    c.token = refreshed.body.access_token;
    expect((await c.get('/api/v1/me/')).status).toBe(200);
  });

  it('gives a Gamma user 403 on creating a database, and lets Admin create one', async () => {
    await createUser('gamma1', 'Gamma');
    const gamma = new ApiClient(server.baseUrl);
    await gamma.loginWithToken('gamma1', 'password-123');
    const body = {
      database_name: 'warehouse',
      // The local PostgreSQL trusts its users: any password connects.
      sqlalchemy_uri: 'postgresql://postgres:secret@127.0.0.1/test',
    };
    expect((await gamma.post('/api/v1/database/', body)).status).toBe(403);
    expect((await gamma.get('/api/v1/security/users/')).status).toBe(403);
    expect((await gamma.get('/api/v1/dashboard/')).status).toBe(200);

    const created = await admin.post<{ id: number; result: { sqlalchemy_uri: string } }>(
      '/api/v1/database/',
      body,
    );
    expect(created.status).toBe(201);
    expect(created.body.result.sqlalchemy_uri).toBe(
      'postgresql://postgres:XXXXXXXXXX@127.0.0.1/test',
    );
    // The password is stored encrypted, never in the URI.
    const row = await server.strata.store.db
      .selectFrom('dbs')
      .select(['sqlalchemy_uri', 'password'])
      .where('id', '=', created.body.id)
      .executeTakeFirstOrThrow();
    expect(row.sqlalchemy_uri).not.toContain('secret');
    expect(row.password).toMatch(/^v1:/);
    expect(row.password).not.toContain('secret');
  });

  it('keeps a cookie session from the login form, and refuses cookie writes without a CSRF token', async () => {
    const c = new ApiClient(server.baseUrl);
    const res = await c.loginWithForm('admin', ADMIN_PASSWORD);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
    const setCookie = res.headers.getSetCookie().join(';').toLowerCase();
    expect(setCookie).toContain('httponly');
    expect(setCookie).toContain('samesite=lax');
    expect((await c.get('/api/v1/me/')).status).toBe(200);

    const csrf = c.csrf;
    c.csrf = null;
    const refused = await c.post('/api/v1/security/roles/', { name: 'no-csrf' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'The CSRF token is missing.' });
    const wrong = await c.request(
      'POST',
      '/api/v1/security/roles/',
      { name: 'bad-csrf' },
      { 'x-csrftoken': 'wrong' },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'The CSRF token is invalid.' });
    c.csrf = csrf;
    const ok = await c.post('/api/v1/security/roles/', { name: 'with-csrf' });
    expect(ok.status).toBe(201);
    // Nothing was written by the refused requests.
    const names = await admin.get<{ result: Array<{ name: string }> }>('/api/v1/security/roles/', {
      filters: [{ col: 'name', opr: 'ct', value: 'csrf' }],
    });
    expect(names.body.result.map((r) => r.name)).toEqual(['with-csrf']);

    const out = await c.post('/logout/');
    expect(out.status).toBe(200);
    expect((await c.get('/api/v1/me/')).status).toBe(401);
  });

  it('sends the login form back with an error, and keeps only local next targets', async () => {
    const c = new ApiClient(server.baseUrl);
    const bad = await c.loginWithForm('admin', 'wrong');
    expect(bad.headers.get('location')).toBe('/login/?error=invalid');
    const next = await c.loginWithForm('admin', ADMIN_PASSWORD, { next: '//evil.example/' });
    expect(next.headers.get('location')).toBe('/');
    const local = await c.loginWithForm('admin', ADMIN_PASSWORD, { next: '/chart/list/' });
    expect(local.headers.get('location')).toBe('/chart/list/');
  });

  it('logs out a user everywhere when deactivated, and refuses their login', async () => {
    const id = await createUser('alpha1', 'Alpha');
    const alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithForm('alpha1', 'password-123');
    const bearer = new ApiClient(server.baseUrl);
    await bearer.loginWithToken('alpha1', 'password-123');
    expect((await alpha.get('/api/v1/me/')).status).toBe(200);
    const off = await admin.put(`/api/v1/security/users/${id}`, { active: false });
    expect(off.status).toBe(200);
    expect((await alpha.get('/api/v1/me/')).status).toBe(401);
    expect((await bearer.get('/api/v1/me/')).status).toBe(401);
    const again = await new ApiClient(server.baseUrl).post('/api/v1/security/login', {
      username: 'alpha1',
      password: 'password-123',
      provider: 'db',
    });
    expect(again.status).toBe(401);
  });

  it('gives sql_lab only SQL Lab things, and Alpha no security admin', async () => {
    await createUser('sqlonly', 'sql_lab');
    await createUser('alpha2', 'Alpha');
    const sqlUser = new ApiClient(server.baseUrl);
    await sqlUser.loginWithToken('sqlonly', 'password-123');
    expect((await sqlUser.get('/api/v1/saved_query/')).status).toBe(200);
    expect((await sqlUser.get('/api/v1/query/')).status).toBe(200);
    expect((await sqlUser.get('/api/v1/chart/')).status).toBe(403);
    const alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alpha2', 'password-123');
    expect((await alpha.get('/api/v1/chart/')).status).toBe(200);
    expect((await alpha.get('/api/v1/security/roles/')).status).toBe(403);
    // Alpha writes databases (file databases are Admin-only: test/security/metadata-file-databases).
    const db = await alpha.post('/api/v1/database/', {
      database_name: 'alpha-db',
      sqlalchemy_uri: 'postgresql://postgres@127.0.0.1/test',
    });
    expect(db.status).toBe(201);
  });

  it('slows down and then refuses repeated failed logins with 429', async () => {
    const c = new ApiClient(server.baseUrl);
    const statuses: number[] = [];
    const started = Date.now();
    for (let i = 0; i < 11; i += 1) {
      const res = await c.post('/api/v1/security/login', {
        username: 'victim',
        password: `guess${i}`,
        provider: 'db',
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Failures 4..10 were delayed (100 ms doubling, capped at 2 s): seconds in all.
    expect(Date.now() - started).toBeGreaterThan(1000);
    const form = await c.loginWithForm('victim', 'x');
    expect(form.headers.get('location')).toBe('/login/?error=throttled');
  }, 60_000);
});

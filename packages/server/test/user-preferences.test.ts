/**
 * The logged-in user's preferences (`/api/v1/me/preferences/`, issue 21: the colour theme): kept
 * per user on the server, partial updates, validation, and written into the pages (bootstrap
 * data and `<html data-theme>`) so the first draw uses them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, tempDir } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();
const URL_ = '/api/v1/me/preferences/';
type Answer = { result: { theme: string } };

describe.each(targets)('user preferences on $name metadata', (target) => {
  let server: TestServer;
  let dist: string;
  let admin: ApiClient;
  let gina: ApiClient;

  beforeAll(async () => {
    dist = tempDir('strata-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html lang="en"><body><div id="app"></div></body></html>',
    );
    server = await startServer(target, { STRATA_WEB_DIST: dist });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gina = await signedInGammaUser(admin, server.baseUrl, 'gina_prefs');
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers "follow the system" for a user who never chose', async () => {
    const res = await gina.get<Answer>(URL_);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ result: { theme: 'system' } });
  });

  it("keeps each user's theme apart and answers the stored preferences", async () => {
    const put = await gina.put<Answer>(URL_, { theme: 'dark' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toEqual({ result: { theme: 'dark' } });
    expect((await gina.get<Answer>(URL_)).body.result.theme).toBe('dark');
    expect((await admin.get<Answer>(URL_)).body.result.theme).toBe('system');

    // Replaced, not added: one row per user.
    await gina.put(URL_, { theme: 'light' });
    expect((await gina.get<Answer>(URL_)).body.result.theme).toBe('light');
    // An empty update changes nothing.
    expect((await gina.put<Answer>(URL_, {})).body.result.theme).toBe('light');
    const rows = await server.strata.store.db
      .selectFrom('strata_user_preference')
      .select(['user_id', 'value'])
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.value)).toEqual({ theme: 'light' });
  });

  it('refuses unknown themes and unknown fields, and anonymous callers', async () => {
    const bad = await gina.put<{ message: Record<string, string[]> }>(URL_, { theme: 'sepia' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.message)).toEqual(['body.theme']);
    const extra = await gina.put(URL_, { theme: 'dark', fontSize: 20 });
    expect(extra.status).toBe(400);
    expect((await gina.get<Answer>(URL_)).body.result.theme).toBe('light');
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get(URL_)).status).toBe(401);
    expect((await anonymous.put(URL_, { theme: 'dark' })).status).toBe(401);
  });

  it('needs the CSRF token for a cookie session, like every write', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithForm('admin', ADMIN_PASSWORD);
    const csrf = c.csrf;
    c.csrf = null;
    expect((await c.put(URL_, { theme: 'dark' })).status).toBe(400);
    c.csrf = csrf;
    expect((await c.put<Answer>(URL_, { theme: 'dark' })).body.result.theme).toBe('dark');
  });

  it("writes the user's theme into the page: bootstrap data and <html data-theme>", async () => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithForm('admin', ADMIN_PASSWORD);
    await c.put(URL_, { theme: 'dark' });
    const page = async () => {
      const res = await fetch(`${server.baseUrl}/chart/list/`, { headers: { cookie: c.cookie! } });
      expect(res.status).toBe(200);
      return res.text();
    };
    let html = await page();
    expect(html).toContain('<html data-theme="dark" lang="en">');
    expect(html).toContain('&quot;preferences&quot;:{&quot;theme&quot;:&quot;dark&quot;}');
    await c.put(URL_, { theme: 'system' });
    html = await page();
    expect(html).toContain('<html data-theme="system" lang="en">');
    // An anonymous page (the login page) carries no one's preferences.
    const login = await (await fetch(`${server.baseUrl}/login/`)).text();
    expect(login).toContain('<html lang="en">');
    expect(login).not.toContain('preferences');
  });
});

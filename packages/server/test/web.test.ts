import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets, tempDir } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const [sqlite] = await metadataTargets();

function rawGet(baseUrl: string, rawPath: string): Promise<{ status: number; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: rawPath, method: 'GET' },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('serving the web app', () => {
  let server: TestServer;
  let dist: string;

  beforeAll(async () => {
    dist = tempDir('strata-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><body><div id="app"></div><script type="module" src="/assets/app.js"></script></body></html>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'big.css'), '.a{color:red}\n'.repeat(500));
    fs.writeFileSync(path.join(dist, 'secret.txt'), 'not an asset');
    server = await startServer(sqlite!, { STRATA_WEB_DIST: dist });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('sends anonymous page requests to the login page, and serves the login page itself', async () => {
    const res = await fetch(`${server.baseUrl}/chart/list/?page=2`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login/?next=%2Fchart%2Flist%2F%3Fpage%3D2');
    const login = await fetch(`${server.baseUrl}/login/`);
    expect(login.status).toBe(200);
    const html = await login.text();
    expect(html).toContain('data-bootstrap="{&quot;user&quot;:null');
    // No session token for an anonymous page; the login form's own token, bound to the
    // pre-session cookie set with it.
    expect(html).not.toContain('&quot;csrf_token');
    expect(html).toMatch(/&quot;login_csrf_token&quot;:&quot;[A-Za-z0-9_-]{43}&quot;/);
    expect(login.headers.getSetCookie().some((c) => c.startsWith('login_csrf='))).toBe(true);
    expect(login.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(login.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('puts the current user, roles and feature flags into the page', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.loginWithForm('admin', ADMIN_PASSWORD);
    const res = await fetch(`${server.baseUrl}/dashboard/list/`, {
      headers: { cookie: c.cookie! },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    const attr = /data-bootstrap="([^"]*)"/.exec(html)![1]!;
    const data = JSON.parse(
      attr
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    );
    expect(data.user).toMatchObject({ username: 'admin', isAnonymous: false });
    expect(Object.keys(data.user.roles)).toEqual(['Admin']);
    expect(data.common.feature_flags.SQLLAB_BACKEND_PERSISTENCE).toBe(true);
    // The session's CSRF token is in the page, the same the token endpoint gives, and it works.
    const token = await fetch(`${server.baseUrl}/api/v1/security/csrf_token/`, {
      headers: { cookie: c.cookie! },
    });
    expect(data.csrf_token).toBe(((await token.json()) as { result: string }).result);
    const noToken = await fetch(`${server.baseUrl}/api/v1/dashboard/`, {
      method: 'POST',
      headers: { cookie: c.cookie!, 'content-type': 'application/json' },
      body: JSON.stringify({ dashboard_title: 'Token test' }),
    });
    expect(noToken.status).toBe(400);
    const made = await fetch(`${server.baseUrl}/api/v1/dashboard/`, {
      method: 'POST',
      headers: {
        cookie: c.cookie!,
        'content-type': 'application/json',
        'x-csrftoken': data.csrf_token as string,
      },
      body: JSON.stringify({ dashboard_title: 'Token test' }),
    });
    expect(made.status).toBe(201);
  });

  it('sends text assets gzipped to clients that accept it', async () => {
    const zipped = await fetch(`${server.baseUrl}/assets/big.css`, {
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
    // fetch undoes the encoding: the text is the file's.
    expect(await zipped.text()).toBe('.a{color:red}\n'.repeat(500));
    const raw = await new Promise<{ encoding: string | undefined; length: number }>((resolve) => {
      http.get(
        `${server.baseUrl}/assets/big.css`,
        { headers: { 'Accept-Encoding': 'gzip' } },
        (res) => {
          let length = 0;
          res.on('data', (c: Buffer) => (length += c.length));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], length }));
        },
      );
    });
    expect(raw.encoding).toBe('gzip');
    expect(raw.length).toBeLessThan(500);
    const refused = await new Promise<string | undefined>((resolve) => {
      http.get(
        `${server.baseUrl}/assets/big.css`,
        { headers: { 'Accept-Encoding': 'gzip;q=0, identity' } },
        (res) => {
          res.resume();
          resolve(res.headers['content-encoding']);
        },
      );
    });
    expect(refused).toBeUndefined();
  });

  it('serves assets from assets/ only', async () => {
    const asset = await fetch(`${server.baseUrl}/assets/app.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('text/javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    // fetch itself resolves a plain `..`: the request becomes /secret.txt, a page path.
    const plain = await fetch(`${server.baseUrl}/assets/../secret.txt`);
    expect(await plain.text()).not.toContain('not an asset');
    for (const p of ['/assets/..%2fsecret.txt', '/assets/%2e%2e%2fsecret.txt', '/assets/nope.js']) {
      const res = await fetch(`${server.baseUrl}${p}`);
      expect(res.status, p).toBe(404);
      expect(await res.text()).not.toContain('not an asset');
    }
    // Sent as they are, without a client resolving the dots first.
    for (const p of [
      '/assets/../secret.txt',
      '/assets/%2e%2e/secret.txt',
      '/assets/./../secret.txt',
    ]) {
      const { status, body } = await rawGet(server.baseUrl, p);
      expect(status, p).toBe(404);
      expect(body).not.toContain('not an asset');
    }
  });

  it('answers unknown API paths with JSON 404 whoever asks', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/nothing/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'Not found' });
  });
});

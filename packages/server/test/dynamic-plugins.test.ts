import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { roleId, signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();

interface Plugin {
  id: number;
  name: string;
  key: string;
  bundle_url: string;
}
interface One {
  id: number;
  result: Plugin;
  message?: unknown;
}
interface ReadAnswer {
  count: number;
  pks: number[];
  list_columns: string[];
  result: Plugin[];
}

const CDN = 'https://cdn.example.com';
const FLAGS = JSON.stringify({ DYNAMIC_PLUGINS: true });

describe('dynamic plugins with DYNAMIC_PLUGINS off (the default)', () => {
  let server: TestServer;
  let admin: ApiClient;
  beforeAll(async () => {
    server = await startServer(targets[0]!);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(() => server?.close());

  it('answers 404 on /dynamic-plugins/ to anyone, never the page', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    for (const c of [admin, anonymous]) {
      const res = await c.get<{ message: string }>('/dynamic-plugins/api/read');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Not found' });
    }
    expect((await admin.get('/dynamic-plugins/list/')).status).toBe(404);
  });

  it('has no REST resource and says the flag is off in the bootstrap data', async () => {
    expect((await admin.get('/api/v1/dynamic_plugin/')).status).toBe(404);
    const created = await admin.post('/api/v1/dynamic_plugin/', {
      name: 'x',
      key: 'x',
      bundle_url: '/x.js',
    });
    expect(created.status).toBe(404);
  });
});

describe.each(targets)('dynamic plugins on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let alpha: ApiClient;

  const create = (body: Record<string, unknown>, c: ApiClient = admin) =>
    c.post<One>('/api/v1/dynamic_plugin/', body);

  beforeAll(async () => {
    server = await startServer(target, {
      STRATA_FEATURE_FLAGS: FLAGS,
      STRATA_DYNAMIC_PLUGIN_ORIGINS: `${CDN}, http://127.0.0.1:9999`,
    });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'gwen');
    const alphaRole = await roleId(admin, 'Alpha');
    const made = await admin.post('/api/v1/security/users/', {
      username: 'alf',
      first_name: 'Alf',
      last_name: 'Alpha',
      email: 'alf@example.com',
      password: 'password-123',
      active: true,
      roles: [alphaRole],
    });
    expect(made.status).toBe(201);
    alpha = new ApiClient(server.baseUrl);
    await alpha.loginWithToken('alf', 'password-123');
  });
  afterAll(() => server?.close());

  it('creates, lists, shows, edits and deletes a plugin (admin)', async () => {
    const made = await create({
      name: ' Bar plugin ',
      key: 'bar_plugin',
      bundle_url: `${CDN}/bar.js`,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.result).toEqual({
      id: made.body.id,
      name: 'Bar plugin',
      key: 'bar_plugin',
      bundle_url: `${CDN}/bar.js`,
    });
    const id = made.body.id;

    const list = await admin.get<{
      count: number;
      result: Array<Plugin & { changed_by: unknown }>;
    }>('/api/v1/dynamic_plugin/', { filters: [{ col: 'key', opr: 'ct', value: 'bar' }] });
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(1);
    expect(list.body.result[0]).toMatchObject({ id, key: 'bar_plugin', name: 'Bar plugin' });

    const edited = await admin.put<One>(`/api/v1/dynamic_plugin/${id}`, {
      bundle_url: '/static/plugins/bar.js',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const shown = await admin.get<One>(`/api/v1/dynamic_plugin/${id}`);
    expect(shown.body.result.bundle_url).toBe('/static/plugins/bar.js');

    const read = await gamma.get<ReadAnswer>('/dynamic-plugins/api/read');
    expect(read.status).toBe(200);
    expect(read.body.count).toBe(1);
    expect(read.body.pks).toEqual([id]);
    expect(read.body.result).toEqual([
      { id, name: 'Bar plugin', key: 'bar_plugin', bundle_url: '/static/plugins/bar.js' },
    ]);

    expect((await admin.delete(`/api/v1/dynamic_plugin/${id}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/dynamic_plugin/${id}`)).status).toBe(404);
    expect((await gamma.get<ReadAnswer>('/dynamic-plugins/api/read')).body.result).toEqual([]);
  });

  it('lists the read endpoint by name', async () => {
    const b = await create({ name: 'Zeta', key: 'zeta', bundle_url: '/z.js' });
    const a = await create({ name: 'Alpha chart', key: 'alpha_chart', bundle_url: '/a.js' });
    const read = await admin.get<ReadAnswer>('/dynamic-plugins/api/read');
    expect(read.body.result.map((p) => p.key)).toEqual(['alpha_chart', 'zeta']);
    await admin.delete(`/api/v1/dynamic_plugin/?q=!(${a.body.id},${b.body.id})`);
    expect((await admin.get<ReadAnswer>('/dynamic-plugins/api/read')).body.count).toBe(0);
  });

  it('refuses bad keys and bundle URLs with clear 4xx answers', async () => {
    const badKey = await create({ name: 'n1', key: 'Bad-Key', bundle_url: '/k.js' });
    expect(badKey.status).toBe(400);
    expect(JSON.stringify(badKey.body)).toContain('Key must be a simple identifier');

    for (const [url, text] of [
      ['javascript:alert(1)', 'http(s) URL or a path on this server'],
      ['//evil.example.com/x.js', 'http(s) URL or a path on this server'],
      ['https://evil.example.com/x.js', 'is not allowed'],
      ['https://user:pw@cdn.example.com/x.js', 'credentials'],
      ['/a b.js', 'spaces'],
    ] as const) {
      const res = await create({ name: `n-${url}`, key: 'good_key', bundle_url: url });
      expect(res.status, url).toBe(422);
      expect(res.body.message, url).toEqual({ bundle_url: [expect.stringContaining(text)] });
    }
    const missing = await create({ name: 'n2', key: 'k2' });
    expect(missing.status).toBe(400);
    const extra = await create({ name: 'n3', key: 'k3', bundle_url: '/k3.js', evil: 1 });
    expect(extra.status).toBe(400);
  });

  it('keeps name, key and bundle URL unique', async () => {
    const first = await create({ name: 'Uniq', key: 'uniq', bundle_url: '/u.js' });
    expect(first.status).toBe(201);
    const again = await create({ name: 'Uniq', key: 'uniq', bundle_url: '/u.js' });
    expect(again.status).toBe(422);
    expect(again.body.message).toEqual({
      name: ['Name must be unique'],
      key: ['Key must be unique'],
      bundle_url: ['Bundle URL must be unique'],
    });
    const other = await create({ name: 'Other', key: 'other', bundle_url: '/o.js' });
    const clash = await admin.put<One>(`/api/v1/dynamic_plugin/${other.body.id}`, { key: 'uniq' });
    expect(clash.status).toBe(422);
    expect(clash.body.message).toEqual({ key: ['Key must be unique'] });
    // Saving a plugin with its own values is not a clash.
    const same = await admin.put<One>(`/api/v1/dynamic_plugin/${first.body.id}`, {
      name: 'Uniq',
      key: 'uniq',
    });
    expect(same.status).toBe(200);
    await admin.delete(`/api/v1/dynamic_plugin/?q=!(${first.body.id},${other.body.id})`);
  });

  it('lets only admins write; Alpha and Gamma read; anonymous is refused', async () => {
    for (const c of [gamma, alpha]) {
      const res = await create({ name: 'Mine', key: 'mine', bundle_url: '/m.js' }, c);
      expect(res.status).toBe(403);
      expect((await c.get('/api/v1/dynamic_plugin/')).status).toBe(200);
      expect((await c.get('/dynamic-plugins/api/read')).status).toBe(200);
    }
    const made = await create({ name: 'Mine', key: 'mine', bundle_url: '/m.js' });
    for (const c of [gamma, alpha]) {
      expect((await c.put(`/api/v1/dynamic_plugin/${made.body.id}`, { name: 'x' })).status).toBe(
        403,
      );
      expect((await c.delete(`/api/v1/dynamic_plugin/${made.body.id}`)).status).toBe(403);
    }
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.get('/dynamic-plugins/api/read')).status).toBe(401);
    expect((await anonymous.get('/api/v1/dynamic_plugin/')).status).toBe(401);
    await admin.delete(`/api/v1/dynamic_plugin/${made.body.id}`);
  });

  it('names the permission pairs as Superset does', async () => {
    const me = await gamma.get<{ result: { roles: Record<string, string[][]> } }>(
      '/api/v1/me/roles/',
    );
    expect(me.status).toBe(200);
    const gammaPairs = Object.values(me.body.result.roles).flat();
    expect(gammaPairs).toContainEqual(['can_read', 'DynamicPlugin']);
    expect(gammaPairs).not.toContainEqual(['can_write', 'DynamicPlugin']);
  });
});
